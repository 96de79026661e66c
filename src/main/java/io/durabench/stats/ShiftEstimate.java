package io.durabench.stats;

import java.util.Arrays;
import java.util.Locale;

/**
 * How much larger the candidate's scores are than the base's, as a ratio: the Hodges–Lehmann
 * estimate of the shift on the log scale, with its distribution-free confidence interval. On logs
 * a multiplicative change is a shift, the model under which the rank test and this interval are
 * exact, and the result reads as a % change.
 *
 * <ul>
 *   <li><b>Estimate</b>: the median of the n1·n2 pairwise differences ln(c_j) − ln(b_i)
 *       (Hodges &amp; Lehmann 1963, Ann. Math. Statist. 34:598–611).</li>
 *   <li><b>Interval</b>: [D(k), D(n1·n2 + 1 − k)], k the largest integer with P(U ≤ k − 1) ≤
 *       (1 − level)/2 under the exact null distribution of U (Moses 1953; Bauer 1972, JASA 67:687–690;
 *       Hollander &amp; Wolfe (1999) §4.3); its achieved confidence 1 − 2·P(U ≤ k − 1) is reported.
 *       Beyond {@link ExactMannWhitney#EXACT_MAX_TOTAL} values k comes from the normal approximation
 *       with continuity correction.</li>
 * </ul>
 * When even k = 1 (the whole range) falls short of the level there is no interval, and the reason
 * says so, rather than the range with a lower confidence (as R's {@code wilcox.test} returns).
 */
public record ShiftEstimate(double ratio, Interval ratioInterval, int n1, int n2) {
    public static final double DEFAULT_LEVEL = 0.95;

    public static ShiftEstimate ofLogRatio(double[] base, double[] candidate) {
        return ofLogRatio(base, candidate, DEFAULT_LEVEL);
    }

    public static ShiftEstimate ofLogRatio(double[] base, double[] candidate, double level) {
        requirePositive("base", base);
        requirePositive("candidate", candidate);
        requireLevel(level);
        int n1 = base.length, n2 = candidate.length;
        double[] d = new double[n1 * n2];
        for (int i = 0; i < n1; i++) {
            double lb = Math.log(base[i]);
            for (int j = 0; j < n2; j++) d[i * n2 + j] = Math.log(candidate[j]) - lb;
        }
        Arrays.sort(d);
        double median = MedianEstimate.medianOfSorted(d);
        return new ShiftEstimate(Math.exp(median), logInterval(d, n1, n2, level).map(Math::exp), n1, n2);
    }

    /**
     * The paired version, for forks paired by round: d_i = ln(c_i) − ln(b_i); the estimate is the
     * median of the n(n+1)/2 Walsh averages (d_i + d_j)/2, i ≤ j (the one-sample Hodges–Lehmann
     * estimate), the interval their order statistics [W(k), W(M + 1 − k)] with k from the exact null
     * distribution of the signed-rank statistic (Hollander &amp; Wolfe (1999) §3.3).
     */
    public static ShiftEstimate ofPairedLogRatio(double[] base, double[] candidate, double level) {
        requirePositive("base", base);
        requirePositive("candidate", candidate);
        requireLevel(level);
        if (base.length != candidate.length) {
            throw new IllegalArgumentException("paired samples differ in length: " + base.length + " and " + candidate.length);
        }
        int n = base.length;
        double[] walsh = walshAverages(logDifferences(base, candidate));
        int m = walsh.length;
        double median = MedianEstimate.medianOfSorted(walsh);
        Interval interval;
        if (n > ExactMannWhitney.EXACT_MAX_TOTAL) {
            double z = NoTiesUDistribution.STANDARD_NORMAL.inverseCumulativeProbability(1 - (1 - level) / 2);
            int k = (int) Math.floor(n * (n + 1) / 4.0 - z * Math.sqrt(n * (n + 1) * (2.0 * n + 1) / 24) - 0.5);
            interval = k < 1 ? Interval.unavailable("too few pairs") : Interval.of(walsh[k - 1], walsh[m - k], level);
        } else {
            double[] cdf = ExactSignedRank.noTiesCdf(n);
            double tail = (1 - level) / 2 + 1e-12;
            int k = 0;
            while (k < m / 2 && cdf[k] <= tail) k++;
            interval = k == 0
                    ? Interval.unavailable(String.format(Locale.ROOT, "with %s even the widest distribution-free interval has only "
                    + "%.1f%% confidence, less than the %.1f%% asked for", Numbers.count(n, "pair", "pairs"), 100 * (1 - 2 * cdf[0]), 100 * level))
                    : Interval.of(walsh[k - 1], walsh[m - k], 1 - 2 * cdf[k - 1]);
        }
        return new ShiftEstimate(Math.exp(median), interval.map(Math::exp), n, n);
    }

    /** ln(c_i) − ln(b_i), round by round. */
    public static double[] logDifferences(double[] base, double[] candidate) {
        double[] d = new double[base.length];
        for (int i = 0; i < d.length; i++) d[i] = Math.log(candidate[i]) - Math.log(base[i]);
        return d;
    }

    /**
     * The one-sample Hodges–Lehmann location of ln(x): the median of the Walsh averages of the logs.
     * Nearly as efficient as the mean for normal data (95%) and barely moved by one wild value.
     */
    public static double logLocation(double[] x) {
        requirePositive("x", x);
        double[] logs = new double[x.length];
        for (int i = 0; i < x.length; i++) logs[i] = Math.log(x[i]);
        double[] w = walshAverages(logs);
        return MedianEstimate.medianOfSorted(w);
    }

    /** The sorted Walsh averages (d_i + d_j)/2, i ≤ j. */
    static double[] walshAverages(double[] d) {
        double[] w = unsortedWalshAverages(d);
        Arrays.sort(w);
        return w;
    }

    /** The Walsh averages (d_i + d_j)/2, i ≤ j, in no useful order (for a caller that selects a few of them). */
    static double[] unsortedWalshAverages(double[] d) {
        int n = d.length;
        double[] w = new double[n * (n + 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) w[k++] = (d[i] + d[j]) / 2;
        }
        return w;
    }

    private static Interval logInterval(double[] sortedDiffs, int n1, int n2, double level) {
        NoTiesUDistribution u = NoTiesUDistribution.of(n1, n2);
        double tail = (1 - level) / 2 + 1e-12; // 1e-12: (1 − 0.90)/2 is 0.04999…, and P = 1/20 must still qualify
        int k = 0;
        while (k < sortedDiffs.length / 2 && u.cdf(k) <= tail) k++;
        if (k == 0) {
            return Interval.unavailable(String.format(Locale.ROOT,
                    "with %d and %d values even the widest distribution-free interval (smallest to largest of the %d pairwise ratios) "
                            + "has only %.1f%% confidence, less than the %.1f%% asked for",
                    n1, n2, sortedDiffs.length, 100 * (1 - 2 * u.cdf(0)), 100 * level));
        }
        return Interval.of(sortedDiffs[k - 1], sortedDiffs[sortedDiffs.length - k], 1 - 2 * u.cdf(k - 1));
    }

    /** (ratio − 1)·100: positive when the candidate's scores are larger. */
    public double changePercent() {
        return (ratio - 1) * 100;
    }

    public Interval changePercentInterval() {
        return ratioInterval.map(r -> (r - 1) * 100);
    }

    static void requirePositive(String name, double[] values) {
        ExactMannWhitney.requireSample(name, values);
        for (double v : values) {
            if (v <= 0) throw new IllegalArgumentException("sample " + name + " holds " + v + "; a ratio needs positive scores");
        }
    }

    static void requireLevel(double level) {
        if (!(level > 0 && level < 1)) throw new IllegalArgumentException("confidence level " + level + " is not between 0 and 1");
    }
}
