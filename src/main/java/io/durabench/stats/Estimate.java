package io.durabench.stats;

/**
 * A mean with its 99.9% confidence interval. {@code varOfMean} (s²/n) and {@code n} let ratios
 * and differences combine two estimates; low/high are NaN when n &lt; 2.
 */
public record Estimate(double mean, double low, double high, int n, double varOfMean) {

    public double halfWidth() {
        return (high - low) / 2;
    }

    public boolean hasInterval() {
        return !Double.isNaN(low) && !Double.isNaN(high);
    }

    /** Interval width relative to the mean: how much noise the figure carries. */
    public double relativeWidth() {
        return (high - low) / mean;
    }
}
