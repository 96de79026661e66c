package io.durabench.stats;

import java.util.Arrays;

/**
 * Wilcoxon's signed-rank test of paired differences d_i (here ln candidate − ln base of one round):
 * is their distribution centred on 0? The statistic W+ is the sum of the ranks of |d_i| over the
 * positive d_i. Exact: its null distribution is counted over all 2^n sign patterns of the (mid-)ranks
 * actually observed, as doubled integer ranks so ties stay exact (Hollander &amp; Wolfe (1999) §3.1);
 * zeros are dropped (Wilcoxon's convention). Beyond {@link ExactMannWhitney#EXACT_MAX_TOTAL} pairs the
 * normal approximation with tie correction and continuity correction.
 *
 * <p>Why this test for rounds: when both sides of a round were measured seconds apart, what drifts
 * between rounds moves both; the per-round difference cancels it, and with n rounds the smallest
 * two-sided p is 2/2^n (12 rounds: 0.00049, under Holm's first step over 29 rows, 0.0017).
 */
public final class ExactSignedRank {
    private ExactSignedRank() {
    }

    /** The signed-rank test of differences d (candidate minus base), two-sided. */
    public static RankTest test(double[] d) {
        ExactMannWhitney.requireSample("d", d);
        double[] nonZero = Arrays.stream(d).filter(x -> x != 0).toArray();
        int n = nonZero.length;
        if (n == 0) return new RankTest(RankTest.SIGNED_RANK, 0, 1);
        int[] doubled = doubledRanksOfAbs(nonZero);
        long doubledWPlus = 0, total = 0;
        for (int i = 0; i < n; i++) {
            total += doubled[i];
            if (nonZero[i] > 0) doubledWPlus += doubled[i];
        }
        double wPlus = doubledWPlus / 2.0;
        if (n > ExactMannWhitney.EXACT_MAX_TOTAL) return normal(wPlus, doubled);
        double[] pmf = distribution(doubled);
        // Two-sided: the sign-pattern distribution is symmetric about total/2; count patterns at least as far out.
        double deviation = Math.abs(2 * doubledWPlus - total);
        double p = 0;
        for (int s = 0; s < pmf.length; s++) {
            if (Math.abs(2L * s - total) >= deviation - 1e-9) p += pmf[s];
        }
        return new RankTest(RankTest.SIGNED_RANK, wPlus, Math.min(1, p));
    }

    /** The smallest two-sided p of n pairs without ties: all signs alike, 2/2^n. */
    public static double smallestTwoSidedP(int n) {
        return Math.min(1, 2 / Math.pow(2, n));
    }

    /** P(W+ = s/2) over the 2^n equally likely sign patterns, indexed by the doubled sum s. */
    static double[] distribution(int[] doubledRanks) {
        int total = Arrays.stream(doubledRanks).sum();
        double[] counts = new double[total + 1];
        counts[0] = 1;
        int reach = 0;
        for (int r : doubledRanks) {
            for (int s = reach; s >= 0; s--) {
                if (counts[s] != 0) counts[s + r] += counts[s];
            }
            reach += r;
        }
        double patterns = Math.pow(2, doubledRanks.length);
        for (int s = 0; s <= total; s++) counts[s] /= patterns;
        return counts;
    }

    /** P(W+ ≤ w) for n pairs without ties: what the shift interval's order statistics need. */
    static double[] noTiesCdf(int n) {
        int[] ranks = new int[n];
        for (int i = 0; i < n; i++) ranks[i] = 2 * (i + 1);
        double[] pmf = distribution(ranks);
        int max = n * (n + 1) / 2;
        double[] cdf = new double[max + 1];
        double acc = 0;
        for (int w = 0; w <= max; w++) {
            acc += pmf[2 * w];
            cdf[w] = acc;
        }
        return cdf;
    }

    private static int[] doubledRanksOfAbs(double[] d) {
        int n = d.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Double.compare(Math.abs(d[a]), Math.abs(d[b])));
        int[] doubled = new int[n];
        for (int i = 0; i < n; ) {
            int j = i;
            while (j + 1 < n && Math.abs(d[order[j + 1]]) == Math.abs(d[order[i]])) j++;
            int doubledMid = (i + 1) + (j + 1); // 2 × the mid-rank of positions i..j (1-based)
            for (int k = i; k <= j; k++) doubled[order[k]] = doubledMid;
            i = j + 1;
        }
        return doubled;
    }

    private static RankTest normal(double wPlus, int[] doubled) {
        int n = doubled.length;
        double mean = n * (n + 1) / 4.0, variance = 0;
        for (int r : doubled) variance += (r / 2.0) * (r / 2.0);
        variance /= 4;
        double z = (Math.abs(wPlus - mean) - 0.5) / Math.sqrt(variance);
        double p = z <= 0 ? 1 : Math.min(1, 2 * NoTiesUDistribution.STANDARD_NORMAL.cumulativeProbability(-z));
        return new RankTest(RankTest.SIGNED_RANK, wPlus, p);
    }
}
