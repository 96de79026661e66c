package io.durabench.results;

import io.durabench.env.Environment;
import java.nio.file.Path;
import java.util.List;

/**
 * What one JMH JSON file says, with the environment and the not-measured cells found beside it.
 *
 * @param environment null when there was no environment.json (any JMH file, not a durabench run)
 */
public record ResultSet(Path source, Environment environment, List<BenchmarkResult> results, List<NotMeasured> notMeasured) {

    /**
     * The folder the set's files are in: a target's folder (RUN/&lt;target&gt;), a JVM slot's folder
     * (RUN/&lt;target&gt;/&lt;slot&gt;) or wherever a plain JMH file lies. Comparisons group sets by it.
     */
    public Path folder() {
        return source.toAbsolutePath().normalize().getParent();
    }

    /** The file the not-measured cells were read from (beside the source), for messages about them. */
    public Path notMeasuredSource() {
        return source.resolveSibling(ResultsFolder.NOT_MEASURED);
    }
}
