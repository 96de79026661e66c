package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MannKendallTest {
    private static final double[] RISING = {310, 305, 322, 318, 330, 341, 335, 352, 349, 366};

    @Test
    void agreesWithScipysExactKendallTauAndTheilSen() {
        // scipy.stats.kendalltau(range(10), RISING, method='exact'): tau 0.8222 (S = 37 of 45 pairs), p = 0.000357694;
        // scipy.stats.theilslopes(RISING, range(10), method='joint'): slope 6.2222, intercept 306.7778.
        MannKendall mk = MannKendall.of(RISING);
        assertEquals(37, mk.s());
        assertEquals(0.0003576940035273369, mk.pTwoSided(), 1e-12);
        assertEquals(6.222222222222222, mk.slope(), 1e-12);
        assertEquals(306.77777777777777, mk.intercept(), 1e-9);
        assertEquals(306.7778 + 9 * 6.2222, mk.at(9), 1e-3);
        // kendalltau(range(8), [5.1, 4.8, 5.3, 5.0, 4.9, 5.2, 5.05, 4.95], method='exact'): S = -2, p = 0.904861.
        assertEquals(0.9048611111111111, MannKendall.of(new double[] {5.1, 4.8, 5.3, 5.0, 4.9, 5.2, 5.05, 4.95}).pTwoSided(), 1e-12);
    }

    @Test
    void exactPIsTheShareOfAllOrdersAtLeastAsExtreme() {
        // Independently: every permutation (5,040) of 7 distinct values, S counted from pairs.
        double[] y = {3, 1, 4, 6, 5, 2, 7};
        List<int[]> perms = new ArrayList<>();
        permute(new int[] {0, 1, 2, 3, 4, 5, 6}, 0, perms);
        long s = pairS(y);
        long asFar = perms.stream().filter(p -> {
            double[] v = new double[p.length];
            for (int i = 0; i < p.length; i++) v[i] = y[p[i]];
            return Math.abs(pairS(v)) >= Math.abs(s);
        }).count();
        assertEquals((double) asFar / perms.size(), MannKendall.of(y).pTwoSided(), 1e-12);
    }

    @Test
    void aStrictlyOrderedSeriesHasTheSmallestP() {
        assertEquals(2.0 / 5040, MannKendall.of(new double[] {1, 2, 3, 4, 5, 6, 7}).pTwoSided(), 1e-15);
        assertEquals(2.0 / 120, MannKendall.of(new double[] {5, 4, 3, 2, 1}).pTwoSided(), 1e-15);
    }

    @Test
    void tiesAndLongSeriesUseTheNormalApproximation() {
        double[] tied = {1, 1, 2, 2, 3, 3, 4, 4};
        MannKendall mk = MannKendall.of(tied);
        // S = 28 - 4 tied pairs = 24; var = (8·7·21 − 4·(2·1·9))/18 = 61.33; z = 23/7.83.
        assertEquals(24, mk.s());
        double z = 23 / Math.sqrt((8 * 7 * 21 - 4 * 18) / 18.0);
        assertEquals(2 * (1 - new org.apache.commons.math3.distribution.NormalDistribution().cumulativeProbability(z)), mk.pTwoSided(), 1e-12);
        double[] flat = new double[80];
        for (int i = 0; i < flat.length; i++) flat[i] = Math.sin(i * 7.3);
        assertTrue(MannKendall.of(flat).pTwoSided() > 0.05);
    }

    @Test
    void positionsMustIncrease() {
        assertThrows(IllegalArgumentException.class, () -> MannKendall.of(new double[] {0, 2, 1}, new double[] {1, 2, 3}));
    }

    private static long pairS(double[] y) {
        long s = 0;
        for (int i = 0; i < y.length; i++) for (int j = i + 1; j < y.length; j++) s += Long.signum(Double.compare(y[j], y[i]));
        return s;
    }

    private static void permute(int[] a, int k, List<int[]> out) {
        if (k == a.length) {
            out.add(a.clone());
            return;
        }
        for (int i = k; i < a.length; i++) {
            int t = a[k]; a[k] = a[i]; a[i] = t;
            permute(a, k + 1, out);
            t = a[k]; a[k] = a[i]; a[i] = t;
        }
    }
}
