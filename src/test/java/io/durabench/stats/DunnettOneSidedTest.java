package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

class DunnettOneSidedTest {
    private static final NormalDistribution Z = new NormalDistribution(null, 0, 1);
    private static final double ALPHA = 0.05;

    @Test
    void theNormalDistributionFunctionMatchesCommonsMathToDoublePrecision() {
        for (double x = -38; x <= 38; x += 0.0137) {
            double expected = Z.cumulativeProbability(x);
            assertEquals(expected, DunnettOneSided.phi(x), 1e-14 + 1e-12 * Math.min(expected, 1 - expected), "at " + x);
        }
    }

    @Test
    void oneComparisonIsTheNormalQuantile() {
        for (double lambda : new double[] {0, 0.5, 1}) {
            assertEquals(Z.inverseCumulativeProbability(1 - ALPHA), DunnettOneSided.criticalValue(new double[] {lambda}, ALPHA), 1e-5);
        }
    }

    @Test
    void independentComparisonsGiveSidak() {
        for (int m : new int[] {2, 4, 9, 20}) {
            double sidak = Z.inverseCumulativeProbability(Math.pow(1 - ALPHA, 1.0 / m));
            assertEquals(sidak, DunnettOneSided.criticalValue(new double[m], ALPHA), 1e-5, m + " comparisons");
        }
    }

    @Test
    void equalVariancesGiveDunnettsTableAtInfiniteDegreesOfFreedom() {
        // λ² = 1/2: each of m methods with the same variance as the one compared with them (Dunnett's own case).
        double[] table = {1.916, 2.160, 2.420}; // m = 2, 4, 9 at α = 0.05, one-sided, df = ∞
        int[] ms = {2, 4, 9};
        for (int k = 0; k < ms.length; k++) {
            double[] lambdas = new double[ms[k]];
            Arrays.fill(lambdas, Math.sqrt(0.5));
            double d = DunnettOneSided.criticalValue(lambdas, ALPHA);
            assertEquals(table[k], d, 0.005, ms[k] + " comparisons");
            assertEquals(monteCarlo(lambdas, 7 + k), d, 0.01, ms[k] + " comparisons against Monte Carlo");
        }
    }

    @Test
    void unequalVariancesAndTheReferenceAgreeWithMonteCarlo() {
        // As in the fastest set: λ = 1 against the reference (v = 0), others from noisier and quieter methods.
        double[][] cases = {{1, 0.3, 0.9, 0.5}, {1, 0.995, 0.1, 0.7, 0.7, 0.2}, {0.95, 0.2}, {0.9999, 0.2}};
        for (int k = 0; k < cases.length; k++) {
            double d = DunnettOneSided.criticalValue(cases[k], ALPHA);
            assertEquals(monteCarlo(cases[k], 100 + k), d, 0.01, Arrays.toString(cases[k]));
            assertEquals(1 - ALPHA, DunnettOneSided.allBelow(cases[k], d), 1e-6);
            assertEquals(1 - Z.cumulativeProbability(d), DunnettOneSided.perComparisonLevel(cases[k], ALPHA), 1e-9);
        }
    }

    @Test
    void theLevelLiesBetweenBonferroniAndOneComparison() {
        double[] lambdas = {1, 0.6, 0.6, 0.4, 0.8};
        double level = DunnettOneSided.perComparisonLevel(lambdas, ALPHA);
        assertTrue(level > ALPHA / lambdas.length && level < ALPHA, "level " + level);
    }

    @Test
    void lambdaIsTheShareOfTheDifferencesVarianceThatIsTheMethodsOwn() {
        assertEquals(Math.sqrt(0.25), DunnettOneSided.lambda(1, 3), 1e-15);
        assertEquals(1, DunnettOneSided.lambda(2, 0), 0);
        assertEquals(0, DunnettOneSided.lambda(0, 2), 0);
        assertEquals(0, DunnettOneSided.lambda(0, 0), 0);
        assertThrows(IllegalArgumentException.class, () -> DunnettOneSided.lambda(-1, 1));
        assertThrows(IllegalArgumentException.class, () -> DunnettOneSided.criticalValue(new double[] {}, ALPHA));
        assertThrows(IllegalArgumentException.class, () -> DunnettOneSided.criticalValue(new double[] {1.5}, ALPHA));
    }

    /** The 1 − α quantile of max_j Z_j, Z_j = λ_j·W + √(1 − λ_j²)·E_j, from 200,000 draws. */
    private static double monteCarlo(double[] lambdas, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int draws = 200_000;
        double[] max = new double[draws];
        for (int i = 0; i < draws; i++) {
            double w = gaussian(random), m = Double.NEGATIVE_INFINITY;
            for (double l : lambdas) m = Math.max(m, l * w + Math.sqrt(1 - l * l) * gaussian(random));
            max[i] = m;
        }
        Arrays.sort(max);
        return max[(int) Math.round((1 - ALPHA) * draws)];
    }

    private static double gaussian(SplittableRandom random) {
        return Z.inverseCumulativeProbability(random.nextDouble(Double.MIN_VALUE, 1));
    }
}
