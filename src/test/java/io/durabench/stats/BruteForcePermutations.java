package io.durabench.stats;

/**
 * The test's own, independent reference for the Mann–Whitney null distribution: enumerate every
 * way to split the pooled values into samples of sizes n1 and n2 and count U directly from pairs
 * (x &gt; y counts 1, equal counts ½), with no ranks and no dynamic programming. Feasible up to
 * N ≈ 16 (12,870 splits at 8 vs 8).
 */
final class BruteForcePermutations {
    final double u;
    final double pTwoSided;
    final double pXGreater;
    final double pXLess;

    BruteForcePermutations(double[] x, double[] y) {
        double[] pooled = new double[x.length + y.length];
        System.arraycopy(x, 0, pooled, 0, x.length);
        System.arraycopy(y, 0, pooled, x.length, y.length);
        int n = pooled.length, n1 = x.length;
        double centre = x.length * (double) y.length / 2;
        u = pairU(x, y);
        long splits = 0, greater = 0, less = 0, asFar = 0;
        for (int mask = 0; mask < (1 << n); mask++) {
            if (Integer.bitCount(mask) != n1) continue;
            double[] a = new double[n1], b = new double[n - n1];
            int ia = 0, ib = 0;
            for (int i = 0; i < n; i++) {
                if ((mask & (1 << i)) != 0) a[ia++] = pooled[i];
                else b[ib++] = pooled[i];
            }
            double v = pairU(a, b);
            splits++;
            if (v >= u - 1e-9) greater++;
            if (v <= u + 1e-9) less++;
            if (Math.abs(v - centre) >= Math.abs(u - centre) - 1e-9) asFar++;
        }
        pTwoSided = (double) asFar / splits;
        pXGreater = (double) greater / splits;
        pXLess = (double) less / splits;
    }

    static double pairU(double[] x, double[] y) {
        double u = 0;
        for (double a : x) {
            for (double b : y) u += a > b ? 1 : a == b ? 0.5 : 0;
        }
        return u;
    }
}
