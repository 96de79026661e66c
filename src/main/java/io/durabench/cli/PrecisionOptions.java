package io.durabench.cli;

import io.durabench.suite.PrecisionTarget;
import picocli.CommandLine.Option;

/**
 * --precision and --budget, one meaning in both ways of measuring: add replicates to a cell while its interval is wider
 * than ±P%, within the budget. In rounds a replicate is a round (the mean's 99.9% interval, as the report's tables have
 * it); in lock-step, a fork pair (the ratio's 95% interval, as the report's lock-step column has it), for a run's
 * reference pairs and for `run --lock-step`.
 */
final class PrecisionOptions {
    @Option(names = "--precision", paramLabel = "P%", description = "Add replicates to each cell while its interval is wider than ±P%%:"
            + " after the profile's rounds, more rounds for the cells whose mean's 99.9%% interval is wider than ±P%% of it (at most 30 rounds"
            + " without --budget); in lock-step (--lock-step, and a quick or standard run's reference pairs: ±3%% unless given), more fork"
            + " pairs for the cells whose ratio's 95%% interval is wider (at most 3x --forks; reference pairs: 5, at most 10).")
    String precision;

    @Option(names = "--budget", paramLabel = "DURATION", description = "Wall time the run may take (5m, 300s, 1h30m): rounds or fork pairs"
            + " beyond the planned continue while the next fits (for the cells wider than --precision; without it, all cells, in lock-step"
            + " up to the cap).")
    String budget;

    boolean given() {
        return precision != null || budget != null;
    }

    /** The target, NONE when neither is given; a value that does not parse is bad input. */
    PrecisionTarget target() {
        if (!given()) return PrecisionTarget.NONE;
        return UsageException.onBadInput(() -> new PrecisionTarget(precision == null ? Double.NaN : PrecisionTarget.parsePercent(precision),
                budget == null ? null : PrecisionTarget.parseDuration(budget)));
    }
}
