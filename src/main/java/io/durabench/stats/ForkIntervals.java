package io.durabench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The interval of a row's mean from the variation between its forks, for all rows of one run
 * context at once. Each fork's mean is one replicate; the interval is built on the log scale (times
 * are positive and their noise is relative: a row's fork SD is a share of its mean) and mapped back,
 * so it never reaches below zero; the variance of the log fork means is the row's own, shrunk toward
 * what all rows of the context show ({@link SqueezedVariance}), because 3 forks alone leave 2 degrees
 * of freedom. CoverageTest checks it against a 30-fork run (docs/intervals.md, "Do the intervals
 * keep their promise?").
 */
public final class ForkIntervals {
    private ForkIntervals() {
    }

    /**
     * Per row, its mean (of the fork means) with a between-fork interval; rows with fewer than two
     * forks get null (the caller falls back to the iterations of the one fork, and says so).
     */
    public static List<Estimate> of(List<double[]> forkMeans) {
        double[] s2 = new double[forkMeans.size()];
        double[] df = new double[forkMeans.size()];
        for (int i = 0; i < forkMeans.size(); i++) {
            double[] logs = logs(forkMeans.get(i));
            df[i] = logs == null ? 0 : logs.length - 1;
            s2[i] = df[i] > 0 ? variance(logs) : Double.NaN;
        }
        SqueezedVariance prior = SqueezedVariance.fit(s2, df);
        List<Estimate> out = new ArrayList<>();
        for (int i = 0; i < forkMeans.size(); i++) {
            double[] f = forkMeans.get(i);
            out.add(df[i] > 0 ? estimate(f, prior.variance(s2[i], df[i]), prior.df(df[i])) : null);
        }
        return out;
    }

    /** One row alone (no other rows to borrow from): its own variance on k − 1 degrees of freedom. */
    public static Estimate alone(double[] forkMeans) {
        double[] logs = logs(forkMeans);
        if (logs == null || logs.length < 2) return null;
        return estimate(forkMeans, variance(logs), logs.length - 1);
    }

    /** The mean of the fork means with a log-scale t interval on {@code logVariance} (of one log fork mean) over {@code df}. */
    static Estimate estimate(double[] forkMeans, double logVariance, double df) {
        int k = forkMeans.length;
        double mean = Arrays.stream(forkMeans).average().orElse(Double.NaN);
        double logVarOfMean = logVariance / k;
        double half = Stats.t(df) * Math.sqrt(logVarOfMean);
        return new Estimate(mean, mean * Math.exp(-half), mean * Math.exp(half), k, mean * mean * logVarOfMean, df,
                Estimate.Basis.FORKS);
    }

    /** The natural logs of positive values; null when any is not positive (no relative scale then). */
    static double[] logs(double[] values) {
        if (values == null) return null;
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0) || !Double.isFinite(values[i])) return null;
            out[i] = Math.log(values[i]);
        }
        return out;
    }

    static double variance(double[] x) {
        double m = Arrays.stream(x).average().orElse(Double.NaN);
        double ss = 0;
        for (double v : x) ss += (v - m) * (v - m);
        return ss / (x.length - 1);
    }
}
