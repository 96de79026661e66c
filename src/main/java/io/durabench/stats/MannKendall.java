package io.durabench.stats;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A trend in a series taken in order: the Mann–Kendall test (Mann 1945, Kendall 1975: Kendall's
 * S = the number of later-larger pairs minus later-smaller pairs, against "every order is equally
 * likely") with Sen's slope (Sen 1968: the median of the pairwise slopes; the line's intercept is
 * the median of y − slope·x, Conover's). The pair is the usual one for trend in measurements:
 * distribution-free, and one stalled point moves neither the test nor the slope much.
 *
 * <p>The p-value is exact without ties up to {@value #EXACT_MAX} values (S = n(n−1)/2 − 2·inversions,
 * and the number of inversions of a random permutation has the Mahonian distribution, counted here
 * by the usual recurrence); with ties, or beyond, it is the normal approximation with the
 * tie-corrected variance [n(n−1)(2n+5) − Σ t(t−1)(2t+5)]/18 and a continuity correction.
 * The smallest exact two-sided p of n values is 2/n!: 0.33 for 3, 0.017 for 5, 0.0004 for 7.
 *
 * @param s         Kendall's S
 * @param pTwoSided P(|S| ≥ |s|) when the order carries no trend
 * @param slope     Sen's slope (per unit of x)
 * @param intercept the line's value at x = 0
 */
public record MannKendall(double s, double pTwoSided, double slope, double intercept) {
    /** Exact p up to this many values (without ties); the normal approximation beyond. */
    static final int EXACT_MAX = 60;
    private static final Map<Integer, double[]> UPPER_TAILS = new HashMap<>();

    /** The series y at strictly increasing positions x (an iteration's or a fork's place in time). */
    public static MannKendall of(double[] x, double[] y) {
        int n = y.length;
        if (x.length != n || n < 2) throw new IllegalArgumentException("need two or more (x, y) pairs, got " + x.length + " and " + n);
        long s = 0;
        double[] slopes = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (!(x[j] > x[i])) throw new IllegalArgumentException("positions must increase: " + Arrays.toString(x));
                s += Long.signum(Double.compare(y[j], y[i]));
                slopes[k++] = (y[j] - y[i]) / (x[j] - x[i]);
            }
        }
        double slope = MedianEstimate.median(slopes);
        double[] offsets = new double[n];
        for (int i = 0; i < n; i++) offsets[i] = y[i] - slope * x[i];
        return new MannKendall(s, pTwoSided(s, y), slope, MedianEstimate.median(offsets));
    }

    /** The series y at positions 0, 1, 2, ... */
    public static MannKendall of(double[] y) {
        double[] x = new double[y.length];
        for (int i = 0; i < x.length; i++) x[i] = i;
        return of(x, y);
    }

    /** The line's value at x. */
    public double at(double x) {
        return intercept + slope * x;
    }

    private static double pTwoSided(long s, double[] y) {
        if (s == 0) return 1;
        int n = y.length;
        double[] sorted = y.clone();
        Arrays.sort(sorted);
        double tieTerm = 0;
        for (int i = 0; i < n; ) {
            int j = i;
            while (j < n && sorted[j] == sorted[i]) j++;
            int t = j - i;
            tieTerm += t * (t - 1.0) * (2 * t + 5);
            i = j;
        }
        if (tieTerm == 0 && n <= EXACT_MAX) return Math.min(1, 2 * upperTail(n)[(int) ((Math.abs(s) + (long) n * (n - 1) / 2) / 2)]);
        double sd = Math.sqrt((n * (n - 1.0) * (2 * n + 5) - tieTerm) / 18);
        double z = (Math.abs(s) - 1) / sd;
        return Math.min(1, 2 * (1 - NoTiesUDistribution.STANDARD_NORMAL.cumulativeProbability(z)));
    }

    /**
     * For n values without ties: tail[c] = P(concordant pairs ≥ c), c = 0..n(n−1)/2. Concordant
     * pairs of a random order have the Mahonian distribution (as inversions do): built one value at
     * a time, the i-th value adds 0..i−1 of them, each equally likely.
     */
    private static synchronized double[] upperTail(int n) {
        return UPPER_TAILS.computeIfAbsent(n, m -> {
            int max = m * (m - 1) / 2;
            double[] p = new double[max + 1];
            p[0] = 1;
            for (int i = 2; i <= m; i++) {
                double[] next = new double[max + 1];
                int reach = (i - 1) * (i - 2) / 2;
                for (int c = 0; c <= reach; c++) {
                    if (p[c] == 0) continue;
                    for (int add = 0; add < i; add++) next[c + add] += p[c] / i;
                }
                p = next;
            }
            double[] tail = new double[max + 2];
            for (int c = max; c >= 0; c--) tail[c] = tail[c + 1] + p[c];
            return tail;
        });
    }
}
