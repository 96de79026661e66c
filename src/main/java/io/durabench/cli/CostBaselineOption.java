package io.durabench.cli;

import io.durabench.catalogue.InvalidValueException;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.workload.SyncMethod;
import java.util.Arrays;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * `--cost-baseline METHOD` of report and plot: the method every ratio and durability cost is taken
 * against (NONE, not durable, by default), the report's "baseline". A different idea from run's
 * `--reference`, the durable method a cell is measured beside in lock-step, and from gate's BASELINE
 * run folder; it was `--baseline`, which read as either.
 */
final class CostBaselineOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--cost-baseline", paramLabel = "METHOD", description = "Sync method the ratios and durability costs are taken against"
            + " (cost = method - baseline; default: ${DEFAULT-VALUE}, not durable). Not run's --reference.")
    String method = "NONE";

    @Option(names = "--baseline", hidden = true, paramLabel = "METHOD", description = OldSpelling.DESCRIPTION + "--cost-baseline.")
    void baseline(String m) {
        OldSpelling.used(spec, "--baseline", "--cost-baseline");
        method = m;
    }

    /** The method; one that is not a sync method is bad input, its line listing them. */
    SyncMethod checked() {
        try {
            return SyncWriteCostFamily.SYNC_METHOD.parse(method);
        } catch (InvalidValueException e) {
            throw new UsageException("--cost-baseline " + method + ": not a sync method; use one of " + Arrays.toString(SyncMethod.values()));
        }
    }
}
