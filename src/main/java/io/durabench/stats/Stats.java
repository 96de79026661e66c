package io.durabench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The report's statistics, recomputed from JMH's raw data rather than trusting its scoreError, all
 * at 99.9%: a row's mean from its forks ({@link ForkIntervals}; one old fork: its iterations, said
 * so), ratios on the log scale (positive), differences with Welch intervals (which may straddle 0).
 */
public final class Stats {
    public static final double CONFIDENCE = 0.999;
    private static final Map<List<Double>, Double> T_QUANTILES = new HashMap<>();

    private Stats() {
    }

    /** Two-sided 99.9% Student t quantile; cached, reports call it thousands of times. */
    public static double t(double df) {
        return t(df, CONFIDENCE);
    }

    /** Two-sided Student t quantile at {@code confidence} (0.95, 0.999); cached like {@link #t(double)}. */
    public static synchronized double t(double df, double confidence) {
        // Welch df are fractional and nearly all distinct; rounding them down to 0.1 lets the cache
        // work (a 1,000-row report would otherwise invert the t CDF ~2,000 times) and only ever
        // widens an interval, by a negligible amount. Integer df (plain Student t) are exact.
        double key = Math.floor(df * 10) / 10;
        // No interval below 0.1 degrees of freedom (a fork left with one iteration: Welch's df is 0 or NaN); the t
        // distribution is undefined there, and NaN makes the interval absent instead of failing the report.
        if (!(key > 0)) return Double.NaN;
        // null RandomGenerator: we never sample, and building the default generator is costly.
        return T_QUANTILES.computeIfAbsent(List.of(key, confidence),
                k -> new TDistribution(null, key).inverseCumulativeProbability(1 - (1 - confidence) / 2));
    }

    /** The arithmetic mean, summed in order; NaN for none. */
    public static double mean(double[] x) {
        double s = 0;
        for (double v : x) s += v;
        return s / x.length;
    }

    /** The sample variance (n − 1 in the denominator) around {@link #mean}; NaN for fewer than two values. */
    public static double variance(double[] x) {
        if (x.length < 2) return Double.NaN;
        double mu = mean(x), ss = 0;
        for (double v : x) ss += (v - mu) * (v - mu);
        return ss / (x.length - 1);
    }

    /**
     * Mean and interval of the iterations of one fork: a log-scale Student t interval (positive, like
     * the times it is about), marked {@link Estimate.Basis#ITERATIONS_OF_ONE_FORK}: iterations seconds
     * apart in one JVM vary less than runs do, so this interval is narrower than the truth and no
     * difference is ever called resolved on it.
     */
    public static Estimate ofSamples(double[] values) {
        double[] v = Arrays.stream(values).filter(Double::isFinite).toArray();
        int n = v.length;
        if (n == 0) return new Estimate(Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, 0, Estimate.Basis.ITERATIONS_OF_ONE_FORK);
        double mean = Arrays.stream(v).sum() / n;
        if (n < 2) return new Estimate(mean, Double.NaN, Double.NaN, 1, Double.NaN, 0, Estimate.Basis.ITERATIONS_OF_ONE_FORK);
        double[] logs = ForkIntervals.logs(v);
        if (logs != null) {
            Estimate e = ForkIntervals.estimate(v, ForkIntervals.variance(logs), n - 1);
            return new Estimate(e.mean(), e.low(), e.high(), n, e.varOfMean(), n - 1, Estimate.Basis.ITERATIONS_OF_ONE_FORK);
        }
        double varOfMean = ForkIntervals.variance(v) / n;
        double half = t(n - 1) * Math.sqrt(varOfMean);
        return new Estimate(mean, mean - half, mean + half, n, varOfMean, n - 1, Estimate.Basis.ITERATIONS_OF_ONE_FORK);
    }

    /** Each SampleTime iteration's mean, from its (value, count) pairs: the units the interval pools. */
    public static double[] iterationMeans(List<List<double[]>> iterations) {
        List<Double> means = new ArrayList<>();
        for (List<double[]> pairs : iterations) {
            double sum = 0, count = 0;
            for (double[] p : pairs) {
                sum += p[0] * p[1];
                count += p[1];
            }
            if (count > 0) means.add(sum / count);
        }
        return means.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * The p-th percentile (0..100) of all samples pooled, by JMH's own definition (its
     * MultisetStatistics, what JMH prints for SampleTime): position p·(N+1)/100 in the sorted
     * samples (1-based), interpolated linearly between the two samples around it (the Weibull /
     * R-6 estimator). A reader comparing our p99.9 with JMH's output sees the same number.
     */
    public static double percentile(List<List<double[]>> iterations, double p) {
        List<double[]> all = new ArrayList<>();
        iterations.forEach(all::addAll);
        all.sort((a, b) -> Double.compare(a[0], b[0]));
        double total = all.stream().mapToDouble(pair -> pair[1]).sum();
        if (total <= 0) return Double.NaN;
        if (p == 0) return all.get(0)[0];
        double pos = p * (total + 1) / 100;
        double floor = Math.floor(pos);
        double below = sampleAt(all, floor), above = sampleAt(all, floor + 1);
        return below + (above - below) * (pos - floor);
    }

    /** The k-th smallest of (value, count) pairs sorted by value (1-based, as JMH counts: 0 gives the smallest, past the end the largest). */
    public static double sampleAt(List<double[]> sorted, double k) {
        double cumulative = 0;
        for (double[] pair : sorted) {
            cumulative += pair[1];
            if (cumulative >= k) return pair[0];
        }
        return sorted.get(sorted.size() - 1)[0];
    }

    /**
     * a − b with a Welch interval (unequal variances, Welch–Satterthwaite degrees of freedom from each
     * estimate's own). A difference may straddle zero: then it is not resolved.
     */
    public static Estimate difference(Estimate a, Estimate b) {
        double mean = a.mean() - b.mean();
        Estimate.Basis basis = combined(a, b);
        if (!a.hasInterval() || !b.hasInterval()) return new Estimate(mean, Double.NaN, Double.NaN, Math.min(a.n(), b.n()), Double.NaN, 0, basis);
        double va = a.varOfMean(), vb = b.varOfMean(), v = va + vb;
        if (v == 0) return new Estimate(mean, mean, mean, Math.min(a.n(), b.n()), 0, Double.POSITIVE_INFINITY, basis);
        double df = welchDf(va, a.df(), vb, b.df());
        double half = t(df) * Math.sqrt(v);
        return new Estimate(mean, mean - half, mean + half, Math.min(a.n(), b.n()), v, df, basis);
    }

    /**
     * a / b with an interval on the log scale: log a − log b has variance va/a² + vb/b² (each mean's
     * relative variance) on Welch–Satterthwaite degrees of freedom; mapped back it is asymmetric and
     * never reaches below zero, as a ratio of two times cannot.
     */
    public static Estimate ratio(Estimate a, Estimate b) {
        double r = a.mean() / b.mean();
        Estimate.Basis basis = combined(a, b);
        if (!a.hasInterval() || !b.hasInterval() || !(a.mean() > 0) || !(b.mean() > 0)) {
            return new Estimate(r, Double.NaN, Double.NaN, Math.min(a.n(), b.n()), Double.NaN, 0, basis);
        }
        double la = a.varOfMean() / (a.mean() * a.mean()), lb = b.varOfMean() / (b.mean() * b.mean());
        double lv = la + lb;
        if (lv == 0) return new Estimate(r, r, r, Math.min(a.n(), b.n()), 0, Double.POSITIVE_INFINITY, basis);
        double df = welchDf(la, a.df(), lb, b.df());
        double half = t(df) * Math.sqrt(lv);
        return new Estimate(r, r * Math.exp(-half), r * Math.exp(half), Math.min(a.n(), b.n()), r * r * lv, df, basis);
    }

    /** Two-sided p of "the true value is 0" for a difference with its Welch variance and degrees of freedom. */
    public static double pValue(Estimate difference) {
        double v = difference.varOfMean();
        if (!(v > 0)) return difference.mean() == 0 ? 1 : 0;
        double tStat = Math.abs(difference.mean()) / Math.sqrt(v);
        double df = Math.min(difference.df(), 1e6);
        if (!(df > 0)) return 1;
        return 2 * (1 - new TDistribution(null, df).cumulativeProbability(tStat));
    }

    private static double welchDf(double va, double dfa, double vb, double dfb) {
        double v = va + vb;
        double denom = (dfa > 0 ? va * va / dfa : 0) + (dfb > 0 ? vb * vb / dfb : 0);
        return denom == 0 ? 1e6 : Math.min(v * v / denom, 1e6);
    }

    /** Between forks only when both are: one fork's iterations make any combination within-one-fork. */
    private static Estimate.Basis combined(Estimate a, Estimate b) {
        if (a.basis() == Estimate.Basis.FORKS && b.basis() == Estimate.Basis.FORKS) return Estimate.Basis.FORKS;
        if (a.basis() == Estimate.Basis.OTHER && b.basis() == Estimate.Basis.OTHER) return Estimate.Basis.OTHER;
        return Estimate.Basis.ITERATIONS_OF_ONE_FORK;
    }
}
