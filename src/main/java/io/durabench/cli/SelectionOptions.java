package io.durabench.cli;

import io.durabench.report.Report;
import io.durabench.report.analysis.ReportFilter;
import io.durabench.report.analysis.Selection;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** `--context`, `--method`, `--benchmark` of `report` and `plot`: what to show; the figures are the full data's. */
final class SelectionOptions {
    @Option(names = "--context", split = ",", paramLabel = "GLOB",
            description = "Show only these contexts: filesystem (xfs), directory or its last part, or the full label; globs (*, ?), comma list.")
    List<String> contexts = new ArrayList<>();

    @Option(names = "--method", split = ",", paramLabel = "GLOB",
            description = "Show only these methods (NONE, FDATASYNC, O_DIRECT*, syncDirectory=true); ratios and costs stay against "
                    + "the baseline even when it is not shown.")
    List<String> methods = new ArrayList<>();

    @Option(names = "--benchmark", split = ",", paramLabel = "GLOB",
            description = "Show only these benchmarks (SyncWriteCost, PgTestFsyncEquivalent, FileCreateCost, GroupCommit, or a JMH name).")
    List<String> benchmarks = new ArrayList<>();

    /** The report narrowed to the selection; a pattern that matches nothing is bad input (exit 2). */
    Report apply(Report full) {
        try {
            return ReportFilter.apply(full, new Selection(contexts, methods, benchmarks));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
