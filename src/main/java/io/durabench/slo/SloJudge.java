package io.durabench.slo;

import io.durabench.slo.SloVerdict.Outcome;
import io.durabench.stats.Estimate;
import java.util.List;

/**
 * An SLO judged on one figure with its interval over forks, wherever the figure comes from: a
 * report's row (the report's {@code SloVerdicts}) or etcd-check's sync p99.
 */
public final class SloJudge {
    /** Why a one-fork figure decides nothing. */
    public static final String ONE_FORK = "one fork per cell: no interval between forks";

    private SloJudge() {
    }

    /** True when any verdict is missed: the report's exit code 1. */
    public static boolean anyMissed(List<SloVerdict> verdicts) {
        return verdicts.stream().anyMatch(v -> v.outcome() == Outcome.MISSED);
    }

    /**
     * The verdict of a figure with its 99.9% interval over forks: met when the whole interval is on
     * the good side of the threshold, missed when it is all on the bad side, else undecided with how
     * many forks would decide it. One fork's interval (iterations seconds apart) decides nothing.
     * {@code context}, the label of the report's target, is null where there is no report around the
     * figure (etcd-check judges one directory).
     */
    public static SloVerdict onInterval(Slo slo, String context, String target, Estimate e) {
        if (!e.betweenForks()) return new SloVerdict(slo, context, target, Outcome.UNDECIDED, e, ONE_FORK);
        if (!e.hasInterval()) return new SloVerdict(slo, context, target, Outcome.UNDECIDED, e, "no interval to judge it by");
        SloOp op = slo.op();
        double t = slo.threshold();
        if (op.holds(e.low(), t) && op.holds(e.high(), t)) return new SloVerdict(slo, context, target, Outcome.MET, e, null);
        if (!op.holds(e.low(), t) && !op.holds(e.high(), t)) return new SloVerdict(slo, context, target, Outcome.MISSED, e, null);
        return new SloVerdict(slo, context, target, Outcome.UNDECIDED, e, "the interval straddles " + slo.shown() + "; " + forksToDecide(e, t));
    }

    /**
     * How many forks in all would narrow the interval to one side: the half-width shrinks about as
     * 1/√n on the log scale, so n·(h/d)² forks, h the half-width and d the distance of the figure
     * from the threshold, both logs; at least one more than now. The t quantile shrinks too and the
     * figure moves, hence "roughly".
     */
    static String forksToDecide(Estimate e, double threshold) {
        if (e.low() <= 0 || threshold <= 0) return "more forks may decide it";
        double h = (Math.log(e.high()) - Math.log(e.low())) / 2;
        double d = Math.abs(Math.log(e.mean()) - Math.log(threshold));
        if (d == 0) return "the figure sits on the threshold: more forks may not decide it";
        int n = e.n();
        long needed = Math.max(n + 1L, (long) Math.ceil(n * (h / d) * (h / d)));
        return "roughly " + needed + " forks in all would decide it (an estimate)";
    }
}
