package io.durabench.stats;

import java.util.function.DoubleUnaryOperator;

/**
 * A confidence interval together with the confidence it really achieves, or the reason there is
 * none. Distribution-free intervals come from order statistics, so their confidence is a step
 * function of the sample sizes: a "95%" interval really has, say, 97.9%, and below some sample
 * size no interval reaches 95% at all. Then the interval is unavailable (NaN ends) and
 * {@link #unavailableReason()} says why, instead of an invented interval.
 */
public record Interval(double low, double high, double confidence, String unavailableReason) {

    public static Interval of(double low, double high, double confidence) {
        if (!(low <= high)) throw new IllegalArgumentException("interval low " + low + " above high " + high);
        return new Interval(low, high, confidence, null);
    }

    public static Interval unavailable(String reason) {
        return new Interval(Double.NaN, Double.NaN, Double.NaN, reason);
    }

    public boolean isAvailable() {
        return unavailableReason == null;
    }

    /** The interval mapped through an increasing function (exp, ratio to percent); reasons carry over. */
    public Interval map(DoubleUnaryOperator increasing) {
        if (!isAvailable()) return this;
        return of(increasing.applyAsDouble(low), increasing.applyAsDouble(high), confidence);
    }

    public boolean contains(double x) {
        return isAvailable() && low <= x && x <= high;
    }
}
