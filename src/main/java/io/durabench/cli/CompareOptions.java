package io.durabench.cli;

import io.durabench.compare.CompareSettings;
import io.durabench.compare.Comparison;
import io.durabench.compare.FingerprintKey;
import io.durabench.compare.Verdict;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/** The options `compare` and `gate` share: what counts as a change, what fails, what may differ. */
final class CompareOptions {
    /** What makes the exit code 1 (a counted change: the measurement says no). */
    enum FailOn { regression, any, never, absolute }

    /** The threshold of a lock-step comparison when none is given: what its fork pairs resolve (about ±1%), not the 5% of forks in rounds. */
    static final double LOCK_STEP_THRESHOLD = 1;

    @Option(names = "--threshold", paramLabel = "PCT", description = "Smallest |change| in %% that counts (default: 5; 1 for a lock-step run,"
            + " which resolves about 1%%).")
    Double threshold;

    @Option(names = "--alpha", paramLabel = "ALPHA", description = "Family-wise error rate over all rows, Holm-corrected (default: ${DEFAULT-VALUE}).")
    double alpha = 0.05;

    @Option(names = "--fail-on", paramLabel = "WHAT", description = "regression, any (regression or improvement), never, or absolute "
            + "(gate --history with a control: a regression in the absolute values fails too, not only one in the ratio to the control; "
            + "elsewhere as regression): what makes the exit code 1 (default: ${DEFAULT-VALUE}).")
    FailOn failOn = FailOn.regression;

    @Option(names = "--allow-different", paramLabel = "KEY", split = ",", description = "Compare although these differ (repeatable or "
            + "comma-separated): filesystem, mount-options, device, write-cache, forks, warmup-iterations, warmup-time, iterations, "
            + "iteration-time; 'none' for none.")
    List<String> allowDifferent = new ArrayList<>();

    CompareSettings settings() {
        return settings(false);
    }

    /** The settings; without --threshold, a lock-step comparison's threshold is {@value #LOCK_STEP_THRESHOLD}%. */
    CompareSettings settings(boolean lockStep) {
        double t = threshold != null ? threshold : lockStep ? LOCK_STEP_THRESHOLD : CompareSettings.defaults().thresholdPercent();
        if (!(t >= 0) || Double.isInfinite(t)) {
            throw new UsageException("--threshold " + t + ": give the smallest change that counts in %, 0 or more (e.g. 5)");
        }
        if (!(alpha > 0 && alpha < 1)) throw new UsageException("--alpha " + alpha + ": give a level between 0 and 1 (e.g. 0.05)");
        return CompareSettings.defaults().withThresholdPercent(t).withAlpha(alpha);
    }

    Set<FingerprintKey> allowed() {
        Set<FingerprintKey> keys = EnumSet.noneOf(FingerprintKey.class);
        for (String text : allowDifferent) {
            if (text.isBlank() || text.equalsIgnoreCase("none")) continue;
            FingerprintKey key = FingerprintKey.byKey(text).filter(k -> k.role() == FingerprintKey.Role.REFUSED)
                    .orElseThrow(() -> new UsageException("--allow-different " + text + ": not a setting that can stop a comparison; use "
                            + FingerprintKey.allowable()));
            keys.add(key);
        }
        return keys;
    }

    /** 1 when the comparison has a change --fail-on counts, else 0. */
    int exitCode(Comparison c) {
        return exitCode(c.count(Verdict.REGRESSION), c.count(Verdict.IMPROVEMENT));
    }

    /** 1 when --fail-on counts one of these regressions or improvements (compare's or the gate's), else 0. */
    int exitCode(long regressions, long improvements) {
        long counted = switch (failOn) {
            case regression, absolute -> regressions;
            case any -> regressions + improvements;
            case never -> 0;
        };
        return counted > 0 ? OneLineErrors.EXIT_FAILURE : 0;
    }

    /** "1 regression counted (--fail-on regression)", for stderr when the exit code is 1. */
    String why(Comparison c) {
        long r = c.count(Verdict.REGRESSION), i = c.count(Verdict.IMPROVEMENT);
        String what = failOn == FailOn.any ? r + " regression(s) and " + i + " improvement(s)" : r + (r == 1 ? " regression" : " regressions");
        return what + " counted (--fail-on " + failOn + ")";
    }
}
