package io.durabench.stats;

import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * A sample median with its distribution-free confidence interval from order statistics.
 *
 * <p>The number of values below the true median is Binomial(n, ½), so [x(k), x(n + 1 − k)] covers
 * it with probability 1 − 2·P(B ≤ k − 1); k is the largest integer keeping that at or above the
 * level (Conover, <i>Practical Nonparametric Statistics</i>, 3rd ed. (1999), §3.2, confidence
 * interval for a quantile, with p = ½). The achieved
 * confidence is reported. With n ≤ 5 no interval reaches 95% (the range covers with
 * 1 − 2/2⁵ = 93.75%), and none is given.
 */
public record MedianEstimate(double median, Interval interval, int n) {

    public static MedianEstimate of(double[] values) {
        return of(values, ShiftEstimate.DEFAULT_LEVEL);
    }

    public static MedianEstimate of(double[] values, double level) {
        ExactMannWhitney.requireSample("values", values);
        ShiftEstimate.requireLevel(level);
        double[] x = values.clone();
        Arrays.sort(x);
        int n = x.length;
        double median = medianOfSorted(x);
        BinomialDistribution below = new BinomialDistribution(null, n, 0.5);
        double tail = (1 - level) / 2 + 1e-12; // 1e-12: (1 − 0.90)/2 is 0.04999…, and P = 1/20 must still qualify
        int k = 0;
        while (k < n / 2 && below.cumulativeProbability(k) <= tail) k++;
        if (k == 0) {
            return new MedianEstimate(median, Interval.unavailable(String.format(Locale.ROOT,
                    "with %d values even the widest distribution-free interval (smallest to largest) has only %.1f%% confidence, "
                            + "less than the %.1f%% asked for", n, 100 * (1 - 2 * below.cumulativeProbability(0)), 100 * level)), n);
        }
        return new MedianEstimate(median, Interval.of(x[k - 1], x[n - k], 1 - 2 * below.cumulativeProbability(k - 1)), n);
    }

    /** The sample median (mean of the middle two for even n). */
    public static double medianOf(double[] values) {
        ExactMannWhitney.requireSample("values", values);
        return median(values);
    }

    /** The median of values in any order, unchecked: NaN for none, and a NaN sorts above every number. */
    public static double median(double[] values) {
        if (values.length == 0) return Double.NaN;
        double[] x = values.clone();
        Arrays.sort(x);
        return medianOfSorted(x);
    }

    /** The median of values already sorted. */
    static double medianOfSorted(double[] x) {
        int n = x.length;
        return n % 2 == 1 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
    }
}
