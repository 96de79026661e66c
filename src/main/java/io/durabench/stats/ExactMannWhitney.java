package io.durabench.stats;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The Mann–Whitney U (Wilcoxon rank-sum) test with exact small-sample p-values: commons-math3's
 * {@code MannWhitneyUTest} has only the normal approximation, which is wrong where benchmarks live
 * (three fully separated values per side: exact two-sided p 2/C(6,3) = 0.10, the approximation 0.0495).
 *
 * <ul>
 *   <li><b>Exact, no ties</b> (N = n1 + n2 ≤ {@value #EXACT_MAX_TOTAL}): the permutation
 *       distribution of U, counted over rank sums ({@link RankSumDistribution}), cached per (n1, n2).</li>
 *   <li><b>Exact, with ties</b> (N ≤ {@value #EXACT_MAX_TOTAL}): the permutation distribution of the
 *       mid-rank sum given the observed tie pattern, counted over doubled mid-ranks, two-sided
 *       p = P(|S − E S| ≥ |s − E S|) (ties can make S asymmetric): the conditional exact test of
 *       Hollander &amp; Wolfe (1999) §4.1, R coin's {@code distribution = "exact"}.</li>
 *   <li><b>Normal approximation</b> (N &gt; {@value #EXACT_MAX_TOTAL}): z = (|U − n1n2/2| − ½)/σ with
 *       the tie-corrected σ² = n1n2/12 · [(N+1) − Σ(t³ − t)/(N(N − 1))] (Hollander &amp; Wolfe §4.1).</li>
 * </ul>
 * The cut-off of 50 keeps every count an exact long (C(50,25) ≈ 1.3e14) and the counting under a
 * few million steps.
 */
public final class ExactMannWhitney {
    /** Largest n1 + n2 for which p-values are exact. */
    public static final int EXACT_MAX_TOTAL = 50;

    private ExactMannWhitney() {
    }

    /** Tests x against y; U and the one-sided p-values are those of x. */
    public static MannWhitneyResult test(double[] x, double[] y) {
        requireSample("x", x);
        requireSample("y", y);
        int n1 = x.length, n2 = y.length, n = n1 + n2;
        Ranks ranks = Ranks.of(x, y);
        long doubledSumX = 0;
        for (int i = 0; i < n1; i++) doubledSumX += ranks.doubled[i];
        double u = doubledSumX / 2.0 - n1 * (n1 + 1) / 2.0;

        if (n > EXACT_MAX_TOTAL) return normal(u, n1, n2, ranks.tieTerm);
        if (!ranks.ties) {
            NoTiesUDistribution d = NoTiesUDistribution.of(n1, n2);
            return new MannWhitneyResult(u, n1, n2, d.twoSidedP(u), d.atLeast(u), d.cdf(u), MannWhitneyResult.Method.EXACT);
        }
        RankSumDistribution s = RankSumDistribution.of(ranks.doubled, n1);
        return new MannWhitneyResult(u, n1, n2, s.deviationAtLeast(doubledSumX), s.atLeast(doubledSumX), s.atMost(doubledSumX),
                MannWhitneyResult.Method.EXACT_WITH_TIES);
    }

    /**
     * The smallest two-sided p-value that samples of these sizes can ever give (complete separation,
     * no ties): 2 / C(n1 + n2, n1). At 5 vs 5 this is 2/252 ≈ 0.0079.
     */
    public static double smallestTwoSidedP(int n1, int n2) {
        return NoTiesUDistribution.of(n1, n2).smallestTwoSidedP();
    }

    private static MannWhitneyResult normal(double u, int n1, int n2, double tieTerm) {
        int n = n1 + n2;
        double mean = n1 * (double) n2 / 2;
        double variance = n1 * (double) n2 / 12 * ((n + 1) - tieTerm / ((double) n * (n - 1)));
        if (variance <= 0) return new MannWhitneyResult(u, n1, n2, 1, 1, 1, MannWhitneyResult.Method.NORMAL_APPROXIMATION);
        double sd = Math.sqrt(variance);
        double zTwo = (Math.abs(u - mean) - 0.5) / sd;
        double two = zTwo <= 0 ? 1 : Math.min(1, 2 * upper(zTwo));
        double greater = upper((u - mean - 0.5) / sd);
        double less = 1 - upper((u - mean + 0.5) / sd);
        return new MannWhitneyResult(u, n1, n2, two, greater, less, MannWhitneyResult.Method.NORMAL_APPROXIMATION);
    }

    private static double upper(double z) {
        return NoTiesUDistribution.STANDARD_NORMAL.cumulativeProbability(-z);
    }

    static void requireSample(String name, double[] values) {
        if (values == null || values.length == 0) throw new IllegalArgumentException("sample " + name + " is empty");
        for (double v : values) {
            if (!Double.isFinite(v)) throw new IllegalArgumentException("sample " + name + " holds " + v + "; only finite values can be ranked");
        }
    }

    /** Doubled mid-ranks of x then y in the pooled sample, and the tie statistics. */
    private static final class Ranks {
        final int[] doubled;
        final boolean ties;
        final double tieTerm;

        private Ranks(int[] doubled, boolean ties, double tieTerm) {
            this.doubled = doubled;
            this.ties = ties;
            this.tieTerm = tieTerm;
        }

        static Ranks of(double[] x, double[] y) {
            double[] pooled = new double[x.length + y.length];
            System.arraycopy(x, 0, pooled, 0, x.length);
            System.arraycopy(y, 0, pooled, x.length, y.length);
            Integer[] order = IntStream.range(0, pooled.length).boxed().toArray(Integer[]::new);
            Arrays.sort(order, Comparator.comparingDouble(i -> pooled[i]));
            int[] doubled = new int[pooled.length];
            boolean ties = false;
            double tieTerm = 0;
            for (int start = 0; start < order.length; ) {
                int end = start;
                while (end + 1 < order.length && pooled[order[end + 1]] == pooled[order[start]]) end++;
                int t = end - start + 1;
                // Sorted positions start+1 .. end+1 share the mid-rank (start+end+2)/2; doubled, an integer.
                for (int p = start; p <= end; p++) doubled[order[p]] = start + end + 2;
                if (t > 1) {
                    ties = true;
                    tieTerm += (double) t * t * t - t;
                }
                start = end + 1;
            }
            return new Ranks(doubled, ties, tieTerm);
        }
    }
}
