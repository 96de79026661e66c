package io.durabench.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The geometric mean of per-row ratios (candidate/base) with a Student t interval on their logs:
 * exp(mean ± t(level, m − 1)·s/√m) over the m rows' ln(ratio).
 *
 * <p>What the interval means, honestly: it treats the rows as a sample from "all the benchmarks
 * one could have run" and describes how consistently the rows moved, not the measurement noise
 * inside any row (that is in each row's own interval). Rows of a sweep are not a random sample
 * and not independent, so read it as a summary of spread, not as a test. With fewer than two rows
 * there is no interval.
 */
public record GeometricMean(double value, Interval interval, int count) {

    public static GeometricMean of(double[] ratios, double level) {
        ShiftEstimate.requirePositive("ratios", ratios);
        ShiftEstimate.requireLevel(level);
        int m = ratios.length;
        double sum = 0;
        for (double r : ratios) sum += Math.log(r);
        double mean = sum / m;
        if (m < 2) {
            return new GeometricMean(Math.exp(mean), Interval.unavailable("one row only: no spread across rows to build an interval from"), m);
        }
        double ss = 0;
        for (double r : ratios) ss += Math.pow(Math.log(r) - mean, 2);
        double se = Math.sqrt(ss / (m - 1) / m);
        double t = new TDistribution(null, m - 1).inverseCumulativeProbability(1 - (1 - level) / 2);
        return new GeometricMean(Math.exp(mean), Interval.of(Math.exp(mean - t * se), Math.exp(mean + t * se), level), m);
    }

    public double changePercent() {
        return (value - 1) * 100;
    }
}
