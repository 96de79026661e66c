package io.durabench.compare;

import static io.durabench.stats.MedianEstimate.medianOf;

import io.durabench.stats.BootstrapMedians;
import io.durabench.stats.Interval;
import io.durabench.stats.Numbers;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * How a sync method's cost changed between two runs, measured against its baseline method (NONE:
 * the same writes with no sync), guarding against the "ratios lie" trap across JDKs.
 *
 * <p>A report shows a method as a ratio to NONE ("fdatasync costs 60× a plain write"). When NONE
 * itself changed between the runs (a JDK made plain writes 30% slower), every ratio moves although
 * no sync got cheaper or dearer. So when the baseline changed, the ratio change is marked
 * unreliable and the change of the <em>absolute</em> durability cost, method − baseline (time per
 * op; throughput scores are turned into time per op first), is given instead.
 *
 * <p>Point estimates use medians of each sample. Intervals are percentile bootstraps
 * ({@link BootstrapMedians}) resampling the four samples independently ({@value #RESAMPLES}
 * resamples, fixed seed, so a report is reproducible): the method's and the baseline's forks are
 * different JVMs, so nothing pairs them. These intervals are a guide for the reader, not a test.
 *
 * @param ratioReliable       false when the baseline changed; then read the cost fields
 * @param ratioChangePercent  (candidate method/baseline) / (base method/baseline) − 1, in %
 * @param costBase            median(method) − median(baseline) in the base run, time per op
 * @param costChangePercent   costCandidate/costBase − 1 in %; NaN (with the reason in the interval) when costBase ≤ 0
 * @param costDifference      costCandidate − costBase, time per op
 */
public record DurabilityCostChange(String method, String baseline, boolean ratioReliable, String reason, double ratioChangePercent,
                                   Interval ratioChangeInterval, double costBase, double costCandidate, double costDifference,
                                   Interval costDifferenceInterval, double costChangePercent, Interval costChangeInterval) {
    static final int RESAMPLES = 4000;
    static final long SEED = 20_240_612L;

    /** With the baseline's own comparison deciding whether it changed (its verdict is not {@code ~}). */
    public static DurabilityCostChange of(RowInput method, RowInput baseline, RowComparison baselineResult, double level) {
        return of(method, baseline, baselineResult.verdict().counts(), baselineResult.reason(), level);
    }

    public static DurabilityCostChange of(RowInput method, RowInput baseline, boolean baselineChanged, String baselineWhy, double level) {
        if (method.direction() != baseline.direction()) {
            throw new IllegalArgumentException("rows " + method.name() + " and " + baseline.name() + " are in different units; their costs cannot be subtracted");
        }
        double[] mB = timePerOp(method, method.base()), mC = timePerOp(method, method.candidate());
        double[] nB = timePerOp(baseline, baseline.base()), nC = timePerOp(baseline, baseline.candidate());
        RandomGenerator random = new Well19937c(SEED);
        double[] bmB = BootstrapMedians.of(mB, RESAMPLES, random), bmC = BootstrapMedians.of(mC, RESAMPLES, random);
        double[] bnB = BootstrapMedians.of(nB, RESAMPLES, random), bnC = BootstrapMedians.of(nC, RESAMPLES, random);

        double costBase = medianOf(mB) - medianOf(nB), costCandidate = medianOf(mC) - medianOf(nC);
        double ratioChange = ((medianOf(mC) / medianOf(nC)) / (medianOf(mB) / medianOf(nB)) - 1) * 100;
        double[] ratioStats = new double[RESAMPLES], diffStats = new double[RESAMPLES], pctStats = new double[RESAMPLES];
        int undefined = 0;
        for (int b = 0; b < RESAMPLES; b++) {
            ratioStats[b] = ((bmC[b] / bnC[b]) / (bmB[b] / bnB[b]) - 1) * 100;
            double cb = bmB[b] - bnB[b], cc = bmC[b] - bnC[b];
            diffStats[b] = cc - cb;
            pctStats[b] = (cc / cb - 1) * 100;
            if (!(cb > 0)) undefined++;
        }
        double costChange = costBase > 0 ? (costCandidate / costBase - 1) * 100 : Double.NaN;
        Interval pctInterval;
        if (!(costBase > 0)) {
            pctInterval = Interval.unavailable(method.name() + " costs nothing over " + baseline.name()
                    + " in the base run, so a relative change of its cost is undefined; see the absolute difference");
        } else if (undefined > 0) {
            pctInterval = Interval.unavailable("in " + undefined + " of " + RESAMPLES + " resamples " + method.name()
                    + " cost nothing over " + baseline.name() + "; the cost is too close to zero for a relative interval");
        } else {
            pctInterval = BootstrapMedians.percentileInterval(pctStats, level);
        }
        String reason = baselineChanged
                ? "the baseline " + baseline.name() + " itself changed (" + baselineWhy + "), so the ratio " + method.name() + "/"
                        + baseline.name() + " mixes both changes; the absolute cost " + method.name() + " − " + baseline.name()
                        + " changed by " + (Double.isNaN(costChange) ? "an undefined %" : Numbers.signedPercent(costChange))
                : "the baseline " + baseline.name() + " did not change, so the ratio " + method.name() + "/" + baseline.name() + " is comparable";
        return new DurabilityCostChange(method.name(), baseline.name(), !baselineChanged, reason, ratioChange,
                BootstrapMedians.percentileInterval(ratioStats, level), costBase, costCandidate, costCandidate - costBase,
                BootstrapMedians.percentileInterval(diffStats, level), costChange, pctInterval);
    }

    private static double[] timePerOp(RowInput row, double[] scores) {
        if (row.direction() == Direction.LOWER_IS_BETTER) return scores;
        double[] t = new double[scores.length];
        for (int i = 0; i < t.length; i++) t[i] = 1 / scores[i];
        return t;
    }
}
