package io.durabench.results;

import io.durabench.env.Environment;
import java.nio.file.Path;
import java.util.List;

/**
 * What one JMH JSON file says, with the environment and the not-measured cells found beside it.
 *
 * @param environment null when there was no environment.json (any JMH file, not a durabench run)
 * @param host        the fleet host whose folder the set was read from (its inventory name, {@link FleetFolder}); null outside a fleet
 * @param referencePairs the run's methods against its reference, in lock-step on this target (lockstep.json beside the
 *                       results, made by a quick or standard run); null when there are none
 */
public record ResultSet(Path source, Environment environment, List<BenchmarkResult> results, List<NotMeasured> notMeasured, String host,
                        LockStepFile referencePairs) {

    public ResultSet(Path source, Environment environment, List<BenchmarkResult> results, List<NotMeasured> notMeasured) {
        this(source, environment, results, notMeasured, null, null);
    }

    /** The same set, read from a fleet host's folder. */
    public ResultSet onHost(String fleetHost) {
        return new ResultSet(source, environment, results, notMeasured, fleetHost, referencePairs);
    }

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
