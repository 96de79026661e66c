package io.durabench.compare;

import io.durabench.stats.DetectableChange;
import io.durabench.stats.LockStepEstimate;
import io.durabench.stats.LockStepPower;
import io.durabench.stats.MedianEstimate;
import io.durabench.stats.MultipleComparisons;
import io.durabench.stats.Numbers;
import io.durabench.stats.RankTest;
import io.durabench.stats.ShiftEstimate;

/**
 * A lock-step row compared: B/A as the mean of the fork pairs' ln ratios with its t interval, the
 * t-test's p (Holm-corrected with the other rows like any row's), the µs difference with its
 * interval in the verdict's words, and the change this design flags with 80% power
 * ({@link LockStepPower}: the t-test at Holm's first step and the estimate past the bar, under a
 * normal model with the row's own sd of ln(B/A)). The verdict follows the same rules as every
 * comparison's ({@link VerdictRules}).
 */
final class LockStepRows {
    private LockStepRows() {
    }

    static RowComparison compare(RowInput row, RankTest test, double adjustedP, int rows, CompareSettings settings) {
        LockStepEstimate e = LockStepEstimate.of(row.base(), row.candidate(), settings.confidence());
        double floor = settings.noiseFloor().percentFor(row.name());
        DetectableChange detectable = detectable(e, settings, rows, floor);
        ShiftEstimate change = new ShiftEstimate(e.ratio(), e.ratioCi(), e.n(), e.n());
        VerdictRules.Decision d = VerdictRules.decide(e.changePercent(), test.pTwoSided(), adjustedP, rows, detectable, row.direction(),
                settings, floor);
        String reason = d.reason() + "; B - A " + signedMicros(e.diffMicros()) + (e.diffCi().isAvailable()
                ? " [" + signedMicros(e.diffCi().low()) + ", " + signedMicros(e.diffCi().high()) + "]" : "") + " per op" + stalls(row, settings);
        return new RowComparison(row.name(), row.direction(), MedianEstimate.of(row.base(), settings.confidence()),
                MedianEstimate.of(row.candidate(), settings.confidence()), change, test, true, adjustedP, rows, detectable, d.verdict(),
                reason);
    }

    /** The verdict alone, without the power figure (what resampling tests ask thousands of times). */
    static Verdict verdict(RowInput row, RankTest test, double adjustedP, int rows, CompareSettings settings) {
        LockStepEstimate e = LockStepEstimate.of(row.base(), row.candidate(), settings.confidence());
        DetectableChange sizesOnly = e.n() < 2 ? detectable(e, settings, rows, 0)
                : new DetectableChange(e.n(), e.n(), settings.alpha(), rows, e.logSd(), 0, Double.NaN, "", null);
        return VerdictRules.decide(e.changePercent(), test.pTwoSided(), adjustedP, rows, sizesOnly, row.direction(), settings,
                settings.noiseFloor().percentFor(row.name())).verdict();
    }

    /** What this design flags with 80% power: the test at Holm's first step, the estimate past the threshold (or the A/A floor). */
    static DetectableChange detectable(LockStepEstimate e, CompareSettings settings, int rows, double floorPercent) {
        if (e.n() < 2) {
            return new DetectableChange(e.n(), e.n(), settings.alpha(), rows, Double.NaN, 1, Double.POSITIVE_INFINITY,
                    "cannot detect any change: one fork pair has no variation between fork pairs to test against", null);
        }
        if (e.n() < LockStepPower.MIN_FORK_PAIRS) {
            return new DetectableChange(e.n(), e.n(), settings.alpha(), rows, e.logSd(), 0, Double.NaN,
                    "does not state the change it would flag: under " + LockStepPower.MIN_FORK_PAIRS + " fork pairs the sd of ln(B/A) per pair"
                            + " is too rough a guess for a power (run -f " + LockStepPower.MIN_FORK_PAIRS + " or more)", null);
        }
        double level = MultipleComparisons.holmFirstStep(settings.alpha(), rows);
        EstimateBar bar = EstimateBar.of(settings, floorPercent);
        LockStepPower power = LockStepPower.of(e.n(), level, e.logSd(), bar.percent());
        double pct = DetectableChange.atLeastTheBar(power.percentAtPower(DetectableChange.POWER), bar.percent());
        double testOnly = LockStepPower.of(e.n(), level, e.logSd(), 0).percentAtPower(DetectableChange.POWER);
        String text = "a slowdown of " + Numbers.percent(pct) + " would be flagged with " + Math.round(DetectableChange.POWER * 100)
                + "% power (" + Numbers.count(e.n(), "fork pair", "fork pairs") + " in lock-step, sd of ln(B/A) "
                + Numbers.percent(100 * e.logSd()) + " per pair, level "
                + (rows > 1 ? Numbers.sig(settings.alpha(), 3) + "/" + rows + " = " + Numbers.sig(level, 2) : Numbers.sig(settings.alpha(), 3))
                + (pct > testOnly * 1.02 ? "; set by " + bar.name() + ", which the estimate must pass: the test alone would flag "
                + Numbers.percent(testOnly) : "") + ")";
        return new DetectableChange(e.n(), e.n(), settings.alpha(), rows, e.logSd(), 0, pct, text, null);
    }

    /**
     * What the stalls did, since the row is judged without them: how many units stalled on each side,
     * B/A with them in (its own interval), and, when one side stalled far more often than the other
     * (an exact binomial test of the split at α), that the stall-free figure leaves a difference out.
     */
    static String stalls(RowInput row, CompareSettings settings) {
        RowInput.StallFigures s = row.stalls();
        if (s == null) return "";
        LockStepEstimate with = LockStepEstimate.of(s.baseWithStalls(), s.candidateWithStalls(), settings.confidence());
        String text = "; stalled units A " + s.baseStalls() + ", B " + s.candidateStalls() + "; with the stalls B/A " + Numbers.signedPercent(with.changePercent())
                + (with.ratioCi().isAvailable() ? " [" + Numbers.signedPercent((with.ratioCi().low() - 1) * 100) + ", "
                + Numbers.signedPercent((with.ratioCi().high() - 1) * 100) + "]" : "");
        long n = s.baseStalls() + s.candidateStalls();
        if (n > 0) {
            double p = 2 * Math.min(new org.apache.commons.math3.distribution.BinomialDistribution(null, (int) n, 0.5).cumulativeProbability((int) Math.min(s.baseStalls(), s.candidateStalls())), 0.5);
            if (p <= settings.alpha()) {
                text += "; side " + (s.candidateStalls() > s.baseStalls() ? "B" : "A") + " stalled more often (binomial p " + Numbers.pValue(p)
                        + "): a cost paid as stalls, which the stall-free figure leaves out";
            }
        }
        return text;
    }

    private static String signedMicros(double us) {
        return (us >= 0 ? "+" : "-") + Numbers.sig(Math.abs(us), 3) + " us";
    }
}
