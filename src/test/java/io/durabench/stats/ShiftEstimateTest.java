package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ShiftEstimateTest {

    @Test
    void hodgesLehmannIsTheMedianOfPairwiseLogRatios() {
        // Ratios c/b: 20/10 40/10 80/10 20/20 40/20 80/20 = 2 4 8 1 2 4; sorted 1 2 2 4 4 8; median of logs
        // is halfway between ln 2 and ln 4, i.e. the ratio 2·√2.
        ShiftEstimate s = ShiftEstimate.ofLogRatio(new double[] {10, 20}, new double[] {20, 40, 80});
        assertEquals(2 * Math.sqrt(2), s.ratio(), 1e-12);
        assertEquals((2 * Math.sqrt(2) - 1) * 100, s.changePercent(), 1e-9);
    }

    @Test
    void anExactlyScaledSampleGivesExactlyTheScale() {
        double[] base = {101, 97, 110, 93, 105, 99, 120};
        double[] candidate = Arrays.stream(base).map(v -> v * 1.1).toArray();
        ShiftEstimate s = ShiftEstimate.ofLogRatio(base, candidate);
        assertEquals(1.1, s.ratio(), 1e-12);
        assertTrue(s.ratioInterval().contains(1.1));
    }

    @Test
    void fiveVersusFiveIntervalIsTheThirdOrderStatisticFromEachEnd() {
        // P(U ≤ 2) = 4/252 ≤ 0.025 < P(U ≤ 3) = 7/252, so k = 3 and the confidence is 1 − 8/252.
        // (R's wilcox.test(conf.int = TRUE) picks the same k: qwilcox(0.025, 5, 5) = 3.)
        double[] base = {1.0, 1.3, 0.9, 1.1, 1.25}, candidate = {1.2, 1.6, 1.05, 1.5, 1.4};
        ShiftEstimate s = ShiftEstimate.ofLogRatio(base, candidate);
        double[] logDiffs = sortedLogDiffs(base, candidate);
        assertEquals(Math.exp(logDiffs[2]), s.ratioInterval().low(), 1e-12);
        assertEquals(Math.exp(logDiffs[22]), s.ratioInterval().high(), 1e-12);
        assertEquals(1 - 8.0 / 252, s.ratioInterval().confidence(), 1e-12);
        assertEquals(Math.exp(logDiffs[12]), s.ratio(), 1e-12);
    }

    @Test
    void threeVersusThreeHasNoNinetyFivePercentInterval() {
        ShiftEstimate s = ShiftEstimate.ofLogRatio(new double[] {1, 2, 3}, new double[] {2, 3, 4});
        assertFalse(s.ratioInterval().isAvailable());
        assertTrue(Double.isNaN(s.ratioInterval().low()));
        assertTrue(s.ratioInterval().unavailableReason().contains("90.0%"), s.ratioInterval().unavailableReason());
        assertFalse(s.changePercentInterval().isAvailable());
        // At 90% the range itself qualifies: exactly 1 − 2/20.
        assertEquals(0.90, ShiftEstimate.ofLogRatio(new double[] {1, 2, 3}, new double[] {2, 3, 4}, 0.90).ratioInterval().confidence(), 1e-12);
    }

    @Test
    void fourVersusFourUsesTheWholeRangeAtNinetySevenPercent() {
        double[] base = {1, 2, 3, 4}, candidate = {1.5, 2.5, 3.5, 5};
        ShiftEstimate s = ShiftEstimate.ofLogRatio(base, candidate);
        double[] d = sortedLogDiffs(base, candidate);
        assertEquals(Math.exp(d[0]), s.ratioInterval().low(), 1e-12);
        assertEquals(Math.exp(d[15]), s.ratioInterval().high(), 1e-12);
        assertEquals(1 - 2.0 / 70, s.ratioInterval().confidence(), 1e-12);
    }

    @Test
    void coverageMatchesTheAchievedConfidenceInSimulation() {
        // 6 vs 6 at 95%: k = 6, achieved 1 − 2·P(U ≤ 5) = 1 − 2·19/924 = 0.9589. Log-normal data, true ratio 1.07.
        Random random = new Random(11);
        int covered = 0, trials = 3000;
        double achieved = 0;
        for (int t = 0; t < trials; t++) {
            double[] base = new double[6], candidate = new double[6];
            for (int i = 0; i < 6; i++) {
                base[i] = 200 * Math.exp(0.05 * random.nextGaussian());
                candidate[i] = 200 * 1.07 * Math.exp(0.05 * random.nextGaussian());
            }
            Interval ci = ShiftEstimate.ofLogRatio(base, candidate).ratioInterval();
            achieved = ci.confidence();
            if (ci.contains(1.07)) covered++;
        }
        assertEquals(1 - 2 * 19.0 / 924, achieved, 1e-12);
        assertEquals(achieved, covered / (double) trials, 0.015); // ±3.5 standard errors
    }

    @Test
    void largeSamplesUseTheNormalApproximationForK() {
        Random random = new Random(2);
        double[] base = new double[30], candidate = new double[30];
        for (int i = 0; i < 30; i++) {
            base[i] = Math.exp(random.nextGaussian() * 0.1);
            candidate[i] = 1.2 * Math.exp(random.nextGaussian() * 0.1);
        }
        Interval ci = ShiftEstimate.ofLogRatio(base, candidate).ratioInterval();
        // k is the largest with Φ((k − 1 + ½ − 450)/√(900·61/12)) ≤ 0.025, i.e. k = 317; achieved 1 − 2Φ((316.5 − 450)/√4575).
        double expected = 1 - 2 * new org.apache.commons.math3.distribution.NormalDistribution().cumulativeProbability((316.5 - 450) / Math.sqrt(4575));
        assertEquals(expected, ci.confidence(), 1e-12);
        assertTrue(ci.confidence() >= 0.95 && ci.confidence() < 0.953, "achieved " + ci.confidence());
        double[] d = sortedLogDiffs(base, candidate);
        assertEquals(Math.exp(d[316]), ci.low(), 1e-12);
        assertEquals(Math.exp(d[900 - 317]), ci.high(), 1e-12);
        assertTrue(ci.contains(ShiftEstimate.ofLogRatio(base, candidate).ratio()));
    }

    @Test
    void refusesScoresThatCannotFormARatio() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShiftEstimate.ofLogRatio(new double[] {1, 0}, new double[] {1, 2}));
        assertTrue(e.getMessage().contains("positive"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ShiftEstimate.ofLogRatio(new double[] {1}, new double[] {1}, 1.0));
    }

    private static double[] sortedLogDiffs(double[] base, double[] candidate) {
        double[] d = new double[base.length * candidate.length];
        int k = 0;
        for (double b : base) {
            for (double c : candidate) d[k++] = Math.log(c) - Math.log(b);
        }
        Arrays.sort(d);
        return d;
    }
}
