package io.durabench.stats;

/**
 * The exact permutation (null) distribution of the sum of the scores of a random k-subset of N
 * items with integer scores: under "no difference", every split of the pooled values into the two
 * samples is equally likely, so the first sample's rank sum is the sum over a random k-subset.
 *
 * <p>Scores are <em>doubled mid-ranks</em>: a tie group filling sorted positions i..j gets the
 * mid-rank (i+j)/2, doubled to the integer i+j, so ties stay exact integer arithmetic. This is
 * the exact conditional (permutation) distribution given the observed ties, as in Hollander &amp;
 * Wolfe, <i>Nonparametric Statistical Methods</i>, 2nd ed. (1999), §4.1 "ties".
 *
 * <p>Counting is dynamic programming over subset sums (the Mann–Whitney recurrence in the form
 * count[j][s] += count[j-1][s - score] for each item), never enumeration: N·k·ΣScores steps.
 * Counts are exact longs; with N ≤ {@link ExactMannWhitney#EXACT_MAX_TOTAL} = 50 the largest,
 * C(50,25) ≈ 1.3e14, is far inside a long.
 */
final class RankSumDistribution {
    private final long[] counts;
    private final long total;
    private final long mean;

    private RankSumDistribution(long[] counts, long total, long mean) {
        this.counts = counts;
        this.total = total;
        this.mean = mean;
    }

    /** Distribution of the score sum of a random {@code k}-subset of {@code scores}. */
    static RankSumDistribution of(int[] scores, int k) {
        if (k < 0 || k > scores.length) throw new IllegalArgumentException("subset size " + k + " of " + scores.length);
        int sumAll = 0;
        for (int s : scores) {
            if (s < 0) throw new IllegalArgumentException("negative score " + s);
            sumAll += s;
        }
        long[][] c = new long[k + 1][sumAll + 1];
        c[0][0] = 1;
        int seen = 0, reach = 0;
        for (int score : scores) {
            seen++;
            reach += score;
            for (int j = Math.min(seen, k); j >= 1; j--) {
                long[] to = c[j], from = c[j - 1];
                for (int s = reach; s >= score; s--) to[s] += from[s - score];
            }
        }
        long total = 0;
        for (long n : c[k]) total += n;
        // E[S] = k * sumAll / N; callers pass doubled ranks, for which k(N+1) is an integer.
        long mean = scores.length == 0 ? 0 : Math.round((double) k * sumAll / scores.length);
        return new RankSumDistribution(c[k], total, mean);
    }

    /** P(S ≤ s). */
    double atMost(long s) {
        long n = 0;
        for (int v = 0; v < counts.length && v <= s; v++) n += counts[v];
        return (double) n / total;
    }

    /** P(S ≥ s). */
    double atLeast(long s) {
        long n = 0;
        for (int v = (int) Math.max(0, Math.min(s, counts.length)); v < counts.length; v++) n += counts[v];
        return (double) n / total;
    }

    /** P(|S − E[S]| ≥ |s − E[S]|): the two-sided p-value, also right when ties make S asymmetric. */
    double deviationAtLeast(long s) {
        long d = Math.abs(s - mean), n = 0;
        for (int v = 0; v < counts.length; v++) {
            if (Math.abs(v - mean) >= d) n += counts[v];
        }
        return (double) n / total;
    }

    long subsets() {
        return total;
    }
}
