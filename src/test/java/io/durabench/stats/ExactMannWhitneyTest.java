package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.junit.jupiter.api.Test;

class ExactMannWhitneyTest {

    @Test
    void threeVersusThreeFullySeparatedIsPointOneTwoSided() {
        MannWhitneyResult r = ExactMannWhitney.test(new double[] {4, 5, 6}, new double[] {1, 2, 3});
        assertEquals(9, r.u());
        assertEquals(0.10, r.pTwoSided(), 1e-15); // 2 of C(6,3) = 20 splits are this extreme
        assertEquals(0.05, r.pXGreater(), 1e-15);
        assertEquals(1.0, r.pXLess(), 1e-15);
        assertEquals(MannWhitneyResult.Method.EXACT, r.method());
        // The reason this class exists: commons-math3's normal approximation says 0.0495 here.
        double commons = new MannWhitneyUTest().mannWhitneyUTest(new double[] {4, 5, 6}, new double[] {1, 2, 3});
        assertEquals(0.0495, commons, 1e-4);
    }

    @Test
    void fiveVersusFiveFullySeparatedIsTwoOverTwoHundredFiftyTwo() {
        MannWhitneyResult r = ExactMannWhitney.test(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10});
        assertEquals(0, r.u());
        assertEquals(2.0 / 252, r.pTwoSided(), 1e-15);
        assertEquals(1.0 / 252, r.pXLess(), 1e-15);
        assertEquals(2.0 / 252, ExactMannWhitney.smallestTwoSidedP(5, 5), 1e-15);
        assertEquals(2.0 / 3432, ExactMannWhitney.smallestTwoSidedP(7, 7), 1e-15);
    }

    /**
     * Critical values of U, two-tailed α = 0.05 (reject when U ≤ the value), from the published
     * table reproduced at http://numeracy-bank.net/?q=t/stt/mwu/3 (the usual textbook table; the
     * 13-vs-16 entry, 59, is the worked example of the docstoc copy of the same table). The exact
     * test must put the table's value inside the rejection region and the next U outside it.
     */
    @Test
    void agreesWithPublishedCriticalValueTable() {
        int[][] table = {{5, 5, 2}, {6, 6, 5}, {7, 7, 8}, {8, 8, 13}, {10, 10, 23}, {20, 20, 127}, {5, 10, 8}, {4, 8, 4},
                {3, 20, 8}, {9, 12, 26}, {15, 15, 64}, {13, 16, 59}};
        for (int[] row : table) {
            int n1 = row[0], n2 = row[1], critical = row[2];
            String where = n1 + " vs " + n2;
            assertTrue(ExactMannWhitney.test(sampleWithU(n1, n2, critical), ascending(n2)).pTwoSided() <= 0.05, where);
            assertTrue(ExactMannWhitney.test(sampleWithU(n1, n2, critical + 1), ascending(n2)).pTwoSided() > 0.05, where);
            assertEquals(critical, ExactMannWhitney.test(sampleWithU(n1, n2, critical), ascending(n2)).u(), where);
        }
    }

    @Test
    void fourVersusFourProbabilitiesMatchCountedSplits() {
        // P(U ≤ u) at 4 vs 4 is (number of splits with U ≤ u)/70: 1, 2, 4, 7, 12 splits for u = 0..4.
        int[] cumulativeSplits = {1, 2, 4, 7, 12};
        for (int u = 0; u < cumulativeSplits.length; u++) {
            MannWhitneyResult r = ExactMannWhitney.test(sampleWithU(4, 4, u), ascending(4));
            assertEquals(cumulativeSplits[u] / 70.0, r.pXLess(), 1e-15, "u=" + u);
        }
    }

    @Test
    void tiesMatchBruteForcePermutationDistribution() {
        double[][][] cases = {
                {{1, 2, 2, 3}, {2, 3, 3, 4, 5}},
                {{7, 7, 7, 8}, {7, 8, 8, 8, 9, 9}},
                {{1, 1, 1}, {1, 1, 2}},
                {{3.5, 3.5, 2, 9, 9, 1}, {3.5, 9, 4, 4, 0.5, 2, 2}},
        };
        for (double[][] c : cases) {
            MannWhitneyResult r = ExactMannWhitney.test(c[0], c[1]);
            BruteForcePermutations expected = new BruteForcePermutations(c[0], c[1]);
            assertEquals(MannWhitneyResult.Method.EXACT_WITH_TIES, r.method());
            assertEquals(expected.u, r.u(), 1e-12);
            assertEquals(expected.pTwoSided, r.pTwoSided(), 1e-12);
            assertEquals(expected.pXGreater, r.pXGreater(), 1e-12);
            assertEquals(expected.pXLess, r.pXLess(), 1e-12);
        }
    }

    @Test
    void randomSamplesWithAndWithoutTiesMatchBruteForce() {
        Random random = new Random(8);
        for (int trial = 0; trial < 40; trial++) {
            int n1 = 2 + random.nextInt(6), n2 = 2 + random.nextInt(7);
            boolean tied = trial % 2 == 0;
            double[] x = draw(random, n1, tied), y = draw(random, n2, tied);
            MannWhitneyResult r = ExactMannWhitney.test(x, y);
            BruteForcePermutations expected = new BruteForcePermutations(x, y);
            assertEquals(expected.pTwoSided, r.pTwoSided(), 1e-12);
            assertEquals(expected.pXGreater, r.pXGreater(), 1e-12);
            assertEquals(expected.pXLess, r.pXLess(), 1e-12);
        }
    }

    @Test
    void theTiedCountingAgreesWithTheCachedNoTiesDistribution() {
        double[] x = {0.3, 1.7, 2.2, 5.1, 6.0, 8.8}, y = {0.9, 1.1, 4.4, 7.0, 9.5, 9.9, 10.2};
        MannWhitneyResult noTies = ExactMannWhitney.test(x, y);
        int[] doubledRanks = new int[13];
        // Ranks of x in the pooled order 0.3 0.9 1.1 1.7 2.2 4.4 5.1 6.0 7.0 8.8 9.5 9.9 10.2: 1,4,5,7,8,10.
        int[] xRanks = {1, 4, 5, 7, 8, 10}, yRanks = {2, 3, 6, 9, 11, 12, 13};
        for (int i = 0; i < 6; i++) doubledRanks[i] = 2 * xRanks[i];
        for (int j = 0; j < 7; j++) doubledRanks[6 + j] = 2 * yRanks[j];
        RankSumDistribution s = RankSumDistribution.of(doubledRanks, 6);
        long observed = 2L * (1 + 4 + 5 + 7 + 8 + 10);
        assertEquals(s.deviationAtLeast(observed), noTies.pTwoSided(), 1e-12);
        assertEquals(s.atMost(observed), noTies.pXLess(), 1e-12);
        assertEquals(1716, s.subsets()); // C(13,6)
    }

    @Test
    void allValuesTiedGiveNoEvidence() {
        MannWhitneyResult r = ExactMannWhitney.test(new double[] {3, 3, 3}, new double[] {3, 3});
        assertEquals(1.0, r.pTwoSided(), 1e-15);
        assertEquals(1.0, r.pXGreater(), 1e-15);
        MannWhitneyResult big = ExactMannWhitney.test(constant(30, 2), constant(30, 2));
        assertEquals(1.0, big.pTwoSided(), 1e-15);
    }

    @Test
    void beyondFiftyValuesUsesTieCorrectedNormalWithContinuity() {
        // 30 vs 30 with heavy ties: x = i mod 10, y = (i mod 10) + 2, i = 0..29.
        double[] x = new double[30], y = new double[30];
        for (int i = 0; i < 30; i++) {
            x[i] = i % 10;
            y[i] = i % 10 + 2;
        }
        MannWhitneyResult r = ExactMannWhitney.test(x, y);
        assertEquals(MannWhitneyResult.Method.NORMAL_APPROXIMATION, r.method());
        double u = BruteForcePermutations.pairU(x, y);
        assertEquals(u, r.u(), 1e-12);
        // Tie term: values 0,1 appear 3×, 2..9 appear 6×, 10,11 appear 3×: Σ(t³ − t) = 4·24 + 8·210.
        double tieTerm = 4 * 24 + 8 * 210, n = 60;
        double sd = Math.sqrt(30.0 * 30 / 12 * ((n + 1) - tieTerm / (n * (n - 1))));
        double z = (Math.abs(u - 450) - 0.5) / sd;
        double expected = 2 * (1 - new org.apache.commons.math3.distribution.NormalDistribution().cumulativeProbability(z));
        assertEquals(expected, r.pTwoSided(), 1e-12);
        // Cross-check against another implementation: scipy 1.17 mannwhitneyu(x, y,
        // method="asymptotic", use_continuity=True) gives p = 0.0165045 for these data.
        assertEquals(0.0165045, r.pTwoSided(), 5e-7);
    }

    @Test
    void normalApproximationIsCloseToExactAtTheCutOff() {
        Random random = new Random(3);
        double[] x = draw(random, 25, false), y = draw(random, 26, false);
        double[] x25 = java.util.Arrays.copyOf(x, 25), y25 = java.util.Arrays.copyOf(y, 25);
        MannWhitneyResult exact = ExactMannWhitney.test(x25, y25);
        MannWhitneyResult normal = ExactMannWhitney.test(x, y);
        assertEquals(MannWhitneyResult.Method.EXACT, exact.method());
        assertEquals(MannWhitneyResult.Method.NORMAL_APPROXIMATION, normal.method());
        // Same data at 25 vs 25, approximated by hand: the two agree to within 0.005.
        double u = exact.u(), sd = Math.sqrt(25.0 * 25 * 51 / 12);
        double z = (Math.abs(u - 312.5) - 0.5) / sd;
        double approx = 2 * (1 - new org.apache.commons.math3.distribution.NormalDistribution().cumulativeProbability(z));
        assertEquals(approx, exact.pTwoSided(), 0.005);
    }

    @Test
    void refusesEmptyAndNonFiniteSamples() {
        assertThrows(IllegalArgumentException.class, () -> ExactMannWhitney.test(new double[0], new double[] {1}));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExactMannWhitney.test(new double[] {1, Double.NaN}, new double[] {1}));
        assertTrue(e.getMessage().contains("NaN"), e.getMessage());
    }

    /**
     * n1 distinct values whose U against 1..n2 is exactly u: x_i lies strictly between k_i and k_i + 1,
     * so it is above exactly k_i of the y, and the offsets keep the x apart (no ties at all).
     */
    static double[] sampleWithU(int n1, int n2, int u) {
        double[] x = new double[n1];
        int left = u;
        for (int i = 0; i < n1; i++) {
            int k = Math.min(left, n2);
            x[i] = k + 0.1 + 0.8 * i / n1;
            left -= k;
        }
        if (left != 0) throw new IllegalArgumentException("U " + u + " too large for " + n1 + " vs " + n2);
        return x;
    }

    static double[] ascending(int n) {
        double[] y = new double[n];
        for (int j = 0; j < n; j++) y[j] = j + 1;
        return y;
    }

    private static double[] draw(Random random, int n, boolean tied) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = tied ? random.nextInt(4) : random.nextGaussian();
        return v;
    }

    private static double[] constant(int n, double value) {
        double[] v = new double[n];
        java.util.Arrays.fill(v, value);
        return v;
    }
}
