package io.durabench.slo;

import io.durabench.format.Fmt;
import io.durabench.slo.SloVerdict.Outcome;
import io.durabench.stats.Estimate;
import io.durabench.stats.ForkBounds;
import java.util.List;

/**
 * An SLO judged on its figure's value in each fork, wherever the figure comes from: a report's row
 * (the report's {@code SloVerdicts}) or etcd-check's sync p99. The figure is the mean of the forks'
 * values, held between one-sided {@value ForkBounds#LEVEL} bounds on its long-run value
 * ({@link ForkBounds}: a t bound on the forks' logs and the extreme fork with a margin, the more
 * cautious of the two): met when the bound on the bad side is on the good side of the threshold, missed
 * when the bound on the good side is on the bad side, each wrong at most 1% of the time; else
 * undecided with how many forks would decide it. One fork decides nothing.
 */
public final class SloJudge {
    /** Why a one-fork figure decides nothing. */
    public static final String ONE_FORK = "one fork per cell: nothing to bound the long run by";

    private SloJudge() {
    }

    /** True when any verdict is missed: the report's exit code 1. */
    public static boolean anyMissed(List<SloVerdict> verdicts) {
        return verdicts.stream().anyMatch(v -> v.outcome() == Outcome.MISSED);
    }

    /** {@link #onForks(Slo, String, String, double[], Estimate)} on the forks' own spread: a figure alone, as etcd-check's. */
    public static SloVerdict onForks(Slo slo, String context, String target, double[] forkUs) {
        return onForks(slo, context, target, forkUs, null);
    }

    /**
     * The verdict on the figure's value per fork, in µs (for an ops/s SLO too: its figure is 1e6 / the
     * mean time, its bounds the time's inverted). {@code interval} is the report's interval over these
     * forks, whose spread is shrunk toward the context's rows: the t bound borrows it (null: the forks'
     * own). {@code context}, the label of the report's target, is null where there is no report around
     * the figure (etcd-check judges one directory).
     */
    public static SloVerdict onForks(Slo slo, String context, String target, double[] forkUs, Estimate interval) {
        if (forkUs == null || forkUs.length == 0) return new SloVerdict(slo, context, target, Outcome.UNDECIDED, null, ONE_FORK);
        ForkBounds b = ForkBounds.of(forkUs, interval);
        if (b == null) {
            String why = forkUs.length == 1 ? ONE_FORK : "a fork's " + slo.metric().word() + " is not a positive time: no bounds";
            return new SloVerdict(slo, context, target, Outcome.UNDECIDED, point(slo, forkUs), why);
        }
        Estimate e = figure(slo, b);
        SloOp op = slo.op();
        double t = slo.threshold();
        if (op.holds(e.low(), t) && op.holds(e.high(), t)) return new SloVerdict(slo, context, target, Outcome.MET, e, null);
        if (!op.holds(e.low(), t) && !op.holds(e.high(), t)) return new SloVerdict(slo, context, target, Outcome.MISSED, e, null);
        return new SloVerdict(slo, context, target, Outcome.UNDECIDED, e, slo.shown() + " lies between them; " + forksToDecide(slo, b));
    }

    /** The figure with the bounds as its interval, in the SLO's unit: µs, or per second with the ends swapped. */
    static Estimate figure(Slo slo, ForkBounds b) {
        if (slo.metric().isTime()) return new Estimate(b.mean(), b.low(), b.high(), b.forks(), Double.NaN, b.forks() - 1, Estimate.Basis.FORKS);
        return new Estimate(1e6 / b.mean(), 1e6 / b.high(), 1e6 / b.low(), b.forks(), Double.NaN, b.forks() - 1, Estimate.Basis.FORKS);
    }

    /** One fork's value (or the forks' mean) without bounds, to show beside why there are none. */
    private static Estimate point(Slo slo, double[] forkUs) {
        double mean = java.util.Arrays.stream(forkUs).average().orElse(Double.NaN);
        return new Estimate(slo.metric().isTime() ? mean : 1e6 / mean, Double.NaN, Double.NaN, forkUs.length, Double.NaN, 0, Estimate.Basis.FORKS);
    }

    /** How many forks in all would decide it if further forks looked like these ({@link ForkBounds#forksToDecide}), in words. */
    static String forksToDecide(Slo slo, ForkBounds b) {
        double thresholdUs = slo.metric().isTime() ? slo.threshold() : 1e6 / slo.threshold();
        int n = b.forksToDecide(thresholdUs);
        if (n == 0 && thresholdUs == b.mean()) return "the figure sits on the threshold: more forks may not decide it";
        if (n == 0) {
            boolean above = thresholdUs > b.mean();
            double us = above ? b.slowest() : b.fastest();
            String which = above ? "slowest" : "fastest";
            String fork = slo.metric().isTime() ? Fmt.usRounded(us) + " µs" : Fmt.ops(1e6 / us) + " ops/s";
            if (above ? thresholdUs <= us : thresholdUs >= us) {
                return "the " + which + " fork (" + fork + ") reaches " + slo.shown() + ": more forks like these would not decide it";
            }
            return "the " + which + " of more forks like these would reach " + slo.shown() + " (the " + which + " now: " + fork
                    + "): more forks would not decide it";
        }
        if (n > ForkBounds.MAX_FORKS) return "more than " + Fmt.ops(ForkBounds.MAX_FORKS) + " forks would be needed";
        return "roughly " + n + " forks in all would decide it (an estimate)";
    }
}
