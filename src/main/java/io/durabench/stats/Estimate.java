package io.durabench.stats;

/**
 * A mean with its confidence interval (the report's 99.9%). {@code varOfMean} (the variance of the
 * mean) and {@code df} (its degrees of freedom) let ratios and differences combine two estimates;
 * low/high are NaN when there is no interval. {@code basis} says what the interval's variation is:
 * between forks (what differs from one run to the next) or between the iterations of one fork
 * (seconds apart in one JVM: it understates the run-to-run variation, and says so).
 */
public record Estimate(double mean, double low, double high, int n, double varOfMean, double df, Basis basis) {

    /** What an interval's variation is measured between. */
    public enum Basis {
        /** Fork means: the unit of replication. */
        FORKS,
        /** The iterations of one fork: all an old one-fork result has; no difference is called resolved on it. */
        ITERATIONS_OF_ONE_FORK,
        /** Not a sample at all (a fit's coefficient, a fixed value). */
        OTHER
    }

    /** An estimate from n values with n − 1 degrees of freedom (a fit, a throughput series). */
    public Estimate(double mean, double low, double high, int n, double varOfMean) {
        this(mean, low, high, n, varOfMean, n - 1, Basis.OTHER);
    }

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

    /** True when the interval's variation is between forks, the only basis on which a difference can be resolved. */
    public boolean betweenForks() {
        return basis == Basis.FORKS;
    }

    /** The same estimate negated (for a difference read the other way round). */
    public Estimate negated() {
        return new Estimate(-mean, -high, -low, n, varOfMean, df, basis);
    }
}
