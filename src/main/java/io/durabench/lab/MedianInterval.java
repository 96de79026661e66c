package io.durabench.lab;

import java.util.Arrays;
import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * The median of a sample with a distribution-free confidence interval: the order statistics
 * x(j) and x(n-j+1) with j the largest rank for which 2 P(B <= j-1) <= 1 - confidence, B ~ Bin(n, 1/2).
 * No assumption about the shape of the latency distribution (sync latencies are skewed and
 * heavy-tailed), which is why the quiet check compares medians and not means.
 */
public record MedianInterval(double median, double lower, double upper, int n, double confidence) {
    /** Below this the 95% interval would need ranks outside the sample. */
    static final int MIN_SAMPLES = 6;

    public static MedianInterval of(long[] samples, double confidence) {
        int n = samples.length;
        if (n < MIN_SAMPLES) throw new IllegalArgumentException("need at least " + MIN_SAMPLES + " samples for a median interval, got " + n);
        if (!(confidence > 0 && confidence < 1)) throw new IllegalArgumentException("confidence must be in (0, 1), not " + confidence);
        long[] x = samples.clone();
        Arrays.sort(x);
        double median = n % 2 == 1 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2.0;
        double alpha = 1 - confidence;
        // Smallest c with P(B <= c) >= alpha/2, so P(B <= c-1) < alpha/2: rank j = c (1-based).
        int j = new BinomialDistribution(null, n, 0.5).inverseCumulativeProbability(alpha / 2);
        if (j < 1) throw new IllegalArgumentException(n + " samples are too few for a " + confidence + " median interval");
        return new MedianInterval(median, x[j - 1], x[n - j], n, confidence);
    }

    /** True when the two intervals do not overlap. */
    public boolean disjointFrom(MedianInterval other) {
        return lower > other.upper || other.lower > upper;
    }
}
