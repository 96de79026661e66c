package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.apache.commons.math3.analysis.integration.SimpsonIntegrator;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

class DetectableChangeTest {
    private static final NormalDistribution Z = new NormalDistribution(null, 0, 1);

    @Test
    void fiveVersusFiveOverFortyOneRowsCannotDetectAnything() {
        DetectableChange d = DetectableChange.of(DetectableChange.Design.unpaired(5, 5), 0.05, 41, 0.03, 0, "");
        assertFalse(d.anyChangeDetectable());
        assertEquals(Double.POSITIVE_INFINITY, d.changePercent());
        assertEquals(2.0 / 252, d.smallestPossibleP(), 1e-15);
        assertEquals("cannot detect any change: with 5 and 5 values the smallest possible two-sided p is 2/C(10,5) = 2/252 = 0.0079, "
                + "above Holm's first step 0.05/41 = 0.0012", d.explanation());
    }

    @Test
    void sevenPerSideIsTheLeastThatCanFlagAnythingAcrossFortyOneRows() {
        assertFalse(DetectableChange.of(DetectableChange.Design.unpaired(6, 6), 0.05, 41, 0.03, 0,
                "").anyChangeDetectable()); // 2/924 = 0.0022 > 0.0012
        DetectableChange seven = DetectableChange.of(DetectableChange.Design.unpaired(7, 7), 0.05, 41, 0.03, 0, ""); // 2/3432 = 0.00058 ≤ 0.0012
        assertTrue(seven.anyChangeDetectable());
        assertTrue(seven.changePercent() > 0 && seven.changePercent() < 20, seven.explanation());
        // One row alone at 5 vs 5 can: 2/252 ≤ 0.05.
        assertTrue(DetectableChange.of(DetectableChange.Design.unpaired(5, 5), 0.05, 1, 0.03, 0, "").anyChangeDetectable());
    }

    /**
     * A known answer: at 4 vs 4 and α = 0.05 only complete separation is significant (2/70 = 0.029;
     * U = 15 gives 4/70 = 0.057), so the power against a shift δ (in σ) is
     * P(min Y + δ &gt; max X) = ∫ 4φ(x)Φ(x)³ (1 − Φ(x − δ))⁴ dx, integrated here numerically.
     */
    @Test
    void fourVersusFourPowerAtTheReturnedShiftIsEightyPercentByIntegration() {
        double delta = DetectableChange.standardizedShift(DetectableChange.Design.unpaired(4, 4), 0.05, 0);
        SimpsonIntegrator simpson = new SimpsonIntegrator(1e-9, 1e-9, 3, 30);
        double power = simpson.integrate(1_000_000, x -> 4 * Z.density(x) * Math.pow(Z.cumulativeProbability(x), 3)
                * Math.pow(1 - Z.cumulativeProbability(x - delta), 4), -8, 8 + delta);
        assertEquals(0.80, power, 0.015);
    }

    @Test
    void noetherIsCautiousButCloseToTheSimulationAtTheCutOff() {
        // Noether's formula uses the null variance of U, larger than under a shift: it asks for a bigger shift.
        // An independent simulation (numpy, 20,000 trials) of the same exact test gave 1.248σ at 25 vs 25, 0.05/41.
        double level = 0.05 / 41;
        double simulated = DetectableChange.simulated(25, 25, level), noether = DetectableChange.noether(25, 25, level);
        assertEquals(1.248, simulated, 0.02);
        assertTrue(noether > simulated && noether < 1.12 * simulated, "Noether " + noether + ", simulated " + simulated);
        // Beyond 50 values the formula is used as such.
        assertEquals(DetectableChange.noether(40, 40, level), DetectableChange.standardizedShift(DetectableChange.Design.unpaired(40, 40),
                level, 0), 0);
    }

    @Test
    void theChangeIsTheStandardizedShiftTimesTheNoise() {
        double k = DetectableChange.standardizedShift(DetectableChange.Design.unpaired(12, 12), 0.05 / 41, 0);
        DetectableChange d = DetectableChange.of(DetectableChange.Design.unpaired(12, 12), 0.05, 41, 0.037, 0, "");
        assertEquals((Math.exp(0.037 * k) - 1) * 100, d.changePercent(), 1e-9);
        assertTrue(d.explanation().startsWith("a slowdown of " + Numbers.percent(d.changePercent()) + " would be flagged with 80% power"),
                d.explanation());
    }

    /** End to end: samples with the predicted detectable slowdown are flagged by the real exact test about 80% of the time. */
    @Test
    void theRealTestFlagsThePredictedChangeWithEightyPercentPower() {
        double sd = 0.04, level = 0.05 / 41;
        DetectableChange d = DetectableChange.of(DetectableChange.Design.unpaired(8, 8), 0.05, 41, sd, 0, "");
        double factor = 1 + d.changePercent() / 100;
        Random random = new Random(99);
        int flagged = 0, trials = 1500;
        for (int t = 0; t < trials; t++) {
            double[] base = new double[8], candidate = new double[8];
            for (int i = 0; i < 8; i++) {
                base[i] = 300 * Math.exp(sd * random.nextGaussian());
                candidate[i] = 300 * factor * Math.exp(sd * random.nextGaussian());
            }
            MannWhitneyResult r = ExactMannWhitney.test(base, candidate);
            if (r.pTwoSided() <= level && r.pXLess() < 0.5) flagged++;
        }
        assertEquals(0.80, flagged / (double) trials, 0.04); // ±3.9 standard errors
    }

    @Test
    void pooledLogSdByHand() {
        // ln values {0, ln 2} and {ln 3, ln 3, ln 3·…}: sums of squares (ln 2)²/2 and 0, df = 2 + 3 − 2 = 3.
        double sd = DetectableChange.pooledLogSd(new double[] {1, 2}, new double[] {3, 3, 3});
        assertEquals(Math.sqrt(Math.log(2) * Math.log(2) / 2 / 3), sd, 1e-15);
        assertTrue(Double.isNaN(DetectableChange.pooledLogSd(new double[] {1}, new double[] {2})));
    }

    @Test
    void unknownNoiseSaysSo() {
        DetectableChange d = DetectableChange.of(DetectableChange.Design.unpaired(7, 7), 0.05, 1, Double.NaN, 0, "");
        assertTrue(Double.isNaN(d.changePercent()));
        assertTrue(d.explanation().startsWith("unknown"), d.explanation());
    }
}
