package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The lock-step figures recomputed by hand: the t interval of the mean log ratio and of the mean difference, and the t-test's p. */
class LockStepEstimateTest {
    @Test
    void ratioDifferenceAndPAreTheTFiguresOfTheForkPairs() {
        double[] a = {400, 410, 390, 405, 395};
        double[] b = {404, 416, 392, 411, 397};
        LockStepEstimate e = LockStepEstimate.of(a, b, 0.95);
        double[] lr = new double[5], d = new double[5];
        for (int i = 0; i < 5; i++) {
            lr[i] = Math.log(b[i] / a[i]);
            d[i] = b[i] - a[i];
        }
        double mlr = (lr[0] + lr[1] + lr[2] + lr[3] + lr[4]) / 5, md = (4 + 6 + 2 + 6 + 2) / 5.0;
        double ss = 0, sd2 = 0;
        for (int i = 0; i < 5; i++) {
            ss += (lr[i] - mlr) * (lr[i] - mlr);
            sd2 += (d[i] - md) * (d[i] - md);
        }
        double s = Math.sqrt(ss / 4), sdd = Math.sqrt(sd2 / 4);
        double t975of4 = 2.7764451051977987; // Student t, 4 degrees of freedom, 0.975
        assertEquals(Math.exp(mlr), e.ratio(), 1e-12);
        assertEquals(Math.exp(mlr - t975of4 * s / Math.sqrt(5)), e.ratioCi().low(), 1e-9);
        assertEquals(Math.exp(mlr + t975of4 * s / Math.sqrt(5)), e.ratioCi().high(), 1e-9);
        assertEquals(md, e.diffMicros(), 1e-12);
        assertEquals(md - t975of4 * sdd / Math.sqrt(5), e.diffCi().low(), 1e-9);
        assertEquals(mlr / (s / Math.sqrt(5)), e.t(), 1e-9);
        // t = 4.629 on 4 df: the two-sided tail, integrated numerically from the t density (0.009815)
        assertEquals(0.009815, e.pTwoSided(), 0.000005);
    }

    @Test
    void oneForkPairHasNoIntervalAndSaysWhy() {
        LockStepEstimate e = LockStepEstimate.of(new double[] {400}, new double[] {410}, 0.95);
        assertFalse(e.ratioCi().isAvailable());
        assertTrue(e.ratioCi().unavailableReason().contains("one fork pair"));
        assertTrue(Double.isNaN(e.pTwoSided()));
    }

    @Test
    void powerRisesWithTheChangeAndTheDetectableChangeHasThePowerItStates() {
        LockStepPower p = LockStepPower.of(10, 0.05 / 17, 0.007, 1);
        assertTrue(p.powerAt(0.5) < 0.05, "half a percent is under the 1% bar: " + p.powerAt(0.5));
        assertTrue(p.powerAt(5) > 0.99, "5% with sd 0.7% over 10 pairs: " + p.powerAt(5));
        double at80 = p.percentAtPower(0.80);
        assertEquals(0.80, p.powerAt(at80), 0.01);
        // Without a bar, the test alone: (t(1 - level/2, 9) + ~0.88) x sd / sqrt(10), near the normal approximation.
        double testOnly = LockStepPower.of(10, 0.05 / 17, 0.007, 0).percentAtPower(0.80);
        double approx = Math.expm1((new org.apache.commons.math3.distribution.TDistribution(9).inverseCumulativeProbability(1 - 0.05 / 34)
                + 0.883) * 0.007 / Math.sqrt(10)) * 100;
        assertEquals(approx, testOnly, approx * 0.06);
    }
}
