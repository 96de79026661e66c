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
                     List<Finding> findings, List<CostFit> costModel, List<ReferenceComparison> references) {

    /** The footer every format carries: how the numbers were computed. */
    public static final String METHOD_NOTE =
            "CI: 99.9%, between forks: each fork's mean is a replicate, a log-scale Student t interval with each row's "
            + "variance shrunk toward its context's rows by empirical Bayes (never below its own); a row of one fork: its "
            + "iterations, said so. A time quoted alone (the tables' figure, ciLowUs/ciHighUs): 95%, the same variance over "
            + "its forks plus the disk's level between the run's rounds once. Iterations more than 3x off a row's median (stalls) "
            + "are left out of its mean, interval, cost "
            + "and ratio, counted beside the mean and named (in CSV and JSON: meanUs is the mean without them, meanWithStallsUs "
            + "keeps them, stalledIterations counts them). Ratio: "
            + "log-scale interval (Welch-Satterthwaite df). Durability cost = method - baseline in the same group, Welch "
            + "interval. Percentiles: JMH's per fork, averaged over forks. Group commit: commits/s = Throughput summed over "
            + "committers, between forks; speed-up vs 1 committer of the same variant, log-scale interval. Findings: a "
            + "difference is resolved only between forks and with Holm over its family at 0.001. Cost model: least squares "
            + "over every fork's mean, Student t intervals with n-2 df.";

    /** The target's methods against the run's reference in lock-step, if the run measured them there. */
    public java.util.Optional<ReferenceComparison> referenceOn(Context context) {
        return references.stream().filter(r -> r.context().equals(context)).findFirst();
    }

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
