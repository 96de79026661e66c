package io.durabench.stats;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The null distribution of the Mann–Whitney U statistic for sample sizes n1, n2 without ties:
 * exact (counted once by {@link RankSumDistribution}, then cached) up to
 * {@link ExactMannWhitney#EXACT_MAX_TOTAL} values in all, the normal approximation with
 * continuity correction beyond (mean n1·n2/2, variance n1·n2·(N+1)/12; Mann &amp; Whitney 1947).
 * The shift estimate's interval and the detectable-change arithmetic need exactly this
 * distribution, independent of any data.
 */
final class NoTiesUDistribution {
    private static final Map<Long, NoTiesUDistribution> CACHE = new ConcurrentHashMap<>();
    static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(null, 0, 1);

    private final int n1;
    private final int n2;
    /** cdf[u] = P(U ≤ u) for u = 0..n1·n2 when exact; null when normal. */
    private final double[] cdf;

    private NoTiesUDistribution(int n1, int n2, double[] cdf) {
        this.n1 = n1;
        this.n2 = n2;
        this.cdf = cdf;
    }

    static NoTiesUDistribution of(int n1, int n2) {
        if (n1 < 1 || n2 < 1) throw new IllegalArgumentException("sample sizes must be at least 1, got " + n1 + " and " + n2);
        return CACHE.computeIfAbsent(((long) n1 << 32) | n2, key -> build(n1, n2));
    }

    private static NoTiesUDistribution build(int n1, int n2) {
        int n = n1 + n2;
        if (n > ExactMannWhitney.EXACT_MAX_TOTAL) return new NoTiesUDistribution(n1, n2, null);
        int[] doubledRanks = new int[n];
        for (int i = 0; i < n; i++) doubledRanks[i] = 2 * (i + 1);
        RankSumDistribution s = RankSumDistribution.of(doubledRanks, n1);
        double[] cdf = new double[n1 * n2 + 1];
        long minDoubledSum = (long) n1 * (n1 + 1);
        for (int u = 0; u < cdf.length; u++) cdf[u] = s.atMost(minDoubledSum + 2L * u);
        return new NoTiesUDistribution(n1, n2, cdf);
    }

    double mean() {
        return n1 * (double) n2 / 2;
    }

    double sd() {
        return Math.sqrt(n1 * (double) n2 * (n1 + n2 + 1) / 12);
    }

    /** P(U ≤ u). */
    double cdf(double u) {
        if (u < 0) return 0;
        if (u >= (double) n1 * n2) return 1;
        if (cdf != null) return cdf[(int) Math.floor(u)];
        return STANDARD_NORMAL.cumulativeProbability((Math.floor(u) + 0.5 - mean()) / sd());
    }

    /** P(U ≥ u), through the symmetry P(U ≥ u) = P(U ≤ n1·n2 − u): no cancellation in 1 − cdf for tiny tails. */
    double atLeast(double u) {
        return cdf((double) n1 * n2 - u);
    }

    /** Two-sided p of an observed U: the distribution is symmetric, so twice the nearer tail, at most 1. */
    double twoSidedP(double u) {
        if (cdf == null) {
            double z = (Math.abs(u - mean()) - 0.5) / sd();
            return z <= 0 ? 1 : Math.min(1, 2 * STANDARD_NORMAL.cumulativeProbability(-z));
        }
        double lowTail = cdf(u), highTail = atLeast(u);
        return Math.min(1, 2 * Math.min(lowTail, highTail));
    }

    /**
     * The smallest two-sided p any data can give: both complete separations, 2 / C(N, n1). Even
     * beyond the exact range this is the exact value (the normal approximation would overstate it).
     */
    double smallestTwoSidedP() {
        return Math.min(1, 2 / org.apache.commons.math3.util.CombinatoricsUtils.binomialCoefficientDouble(n1 + n2, n1));
    }
}
