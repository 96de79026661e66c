package io.durabench.report;

import java.nio.file.Path;
import java.util.List;

/**
 * Everything the renderers need, computed once: the rows, then what was read from them (warnings,
 * findings, the cost model). A filtered report ({@code durabench report --method ...}) holds the
 * rows it shows, their figures still computed against the full data's baselines.
 */
public record Report(String baseline, List<Path> sources, List<Context> contexts, List<ReportRow> rows,
                     List<GroupCommitRow> groupCommitRows, List<PlainRow> plainRows, List<ReportWarning> warnings,
                     List<Finding> findings, List<CostFit> costModel) {

    /** The footer every format carries: how the numbers were computed. */
    public static final String METHOD_NOTE =
            "CI: Student t, 99.9%, n iterations pooled across forks (recomputed from JMH rawData; "
            + "SampleTime: per-iteration means from rawDataHistogram). Ratio interval: Fieller's theorem "
            + "(independent samples, Welch-Satterthwaite df). Durability cost = method - baseline in the same "
            + "group, Welch interval. Percentiles pooled over all samples. Group commit: commits/s = Throughput "
            + "summed over committers, speed-up vs 1 committer of the same variant with a Fieller interval. "
            + "Findings: a difference is resolved when its Welch interval excludes zero. Cost model: least squares "
            + "over every iteration's time per write, Student t intervals with n-2 df.";

    public List<ReportRow> rowsOf(Context context) {
        return rows.stream().filter(r -> r.context().equals(context)).toList();
    }

    public List<GroupCommitRow> groupCommitRowsOf(Context context) {
        return groupCommitRows.stream().filter(r -> r.context().equals(context)).toList();
    }

    /** The short names of this report's contexts ("ext4", "xfs", or with a directory when two share a filesystem). */
    public ContextNames contextNames() {
        return ContextNames.of(contexts);
    }
}
