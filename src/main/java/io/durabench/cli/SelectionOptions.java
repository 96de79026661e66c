package io.durabench.cli;

import io.durabench.report.Report;
import io.durabench.report.analysis.ReportFilter;
import io.durabench.selection.Selection;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** `--context`, `--method`, `--benchmark`, `--where` of `report` and `plot`: what to show; the figures are the full data's. */
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

    @Option(names = "--where", split = ",", paramLabel = "KEY=VALUES",
            description = "Show only rows whose parameter KEY (its name in the catalogue and the CSV header) has one of VALUES: "
                    + "blockSizeBytes=8192, 'writesPerSync=1|100' (quote the |), blockSizeBytes=4096..16384 (ends included; 4096.. "
                    + "or ..16384); conditions by comma or repeated all hold; a benchmark without KEY is not shown.")
    List<String> where = new ArrayList<>();

    /** The report narrowed to the selection; a pattern that matches nothing is bad input (exit 2). */
    Report apply(Report full) {
        return UsageException.onBadInput(() -> ReportFilter.apply(full, new Selection(contexts, methods, benchmarks, where)));
    }
}
