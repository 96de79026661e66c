package io.durabench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The report's statistics, recomputed from JMH's raw data rather than trusting its scoreError:
 * Student t intervals over iteration scores (iterations of all forks pooled, as JMH does),
 * Fieller intervals for ratios and Welch intervals for differences, all at 99.9%.
 */
public final class Stats {
    public static final double CONFIDENCE = 0.999;
    private static final Map<Double, Double> T_QUANTILES = new HashMap<>();

    private Stats() {
    }

    /** Two-sided 99.9% Student t quantile; cached, reports call it thousands of times. */
    static synchronized double t(double df) {
        // Welch df are fractional and nearly all distinct; rounding them down to 0.1 lets the cache
        // work (a 1,000-row report would otherwise invert the t CDF ~2,000 times) and only ever
        // widens an interval, by a negligible amount. Integer df (plain Student t) are exact.
        double key = Math.floor(df * 10) / 10;
        // null RandomGenerator: we never sample, and building the default generator is costly.
        return T_QUANTILES.computeIfAbsent(key, d -> new TDistribution(null, d).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2));
    }

    /** Mean and Student t interval of iteration scores. */
    public static Estimate ofSamples(double[] values) {
        double[] v = Arrays.stream(values).filter(Double::isFinite).toArray();
        int n = v.length;
        if (n == 0) return new Estimate(Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN);
        double mean = Arrays.stream(v).sum() / n;
        if (n < 2) return new Estimate(mean, Double.NaN, Double.NaN, 1, Double.NaN);
        double ss = 0;
        for (double x : v) ss += (x - mean) * (x - mean);
        double varOfMean = ss / (n - 1) / n;
        double half = t(n - 1) * Math.sqrt(varOfMean);
        return new Estimate(mean, mean - half, mean + half, n, varOfMean);
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
     * The p-th percentile (0..100) of all samples pooled: the smallest value whose cumulative
     * count reaches p% of the total (JMH's histogram values are exact sample values).
     */
    public static double percentile(List<List<double[]>> iterations, double p) {
        List<double[]> all = new ArrayList<>();
        iterations.forEach(all::addAll);
        all.sort((a, b) -> Double.compare(a[0], b[0]));
        double total = all.stream().mapToDouble(pair -> pair[1]).sum();
        if (total <= 0) return Double.NaN;
        double needed = total * p / 100, cumulative = 0;
        for (double[] pair : all) {
            cumulative += pair[1];
            if (cumulative >= needed) return pair[0];
        }
        return all.get(all.size() - 1)[0];
    }

    /**
     * a − b with a Welch interval (unequal variances, Welch–Satterthwaite degrees of freedom).
     */
    public static Estimate difference(Estimate a, Estimate b) {
        double mean = a.mean() - b.mean();
        if (a.n() < 2 || b.n() < 2) return new Estimate(mean, Double.NaN, Double.NaN, Math.min(a.n(), b.n()), Double.NaN);
        double va = a.varOfMean(), vb = b.varOfMean(), v = va + vb;
        if (v == 0) return new Estimate(mean, mean, mean, Math.min(a.n(), b.n()), 0);
        double df = v * v / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        double half = t(df) * Math.sqrt(v);
        return new Estimate(mean, mean - half, mean + half, Math.min(a.n(), b.n()), v);
    }

    /**
     * a / b with a Fieller interval for independent samples: the set of R for which a − R·b is
     * not significantly different from 0, using Welch–Satterthwaite degrees of freedom for a − R·b.
     * Unlike the delta method it stays correct (asymmetric) when b is noisy; when b's own interval
     * reaches zero (g ≥ 1) the ratio is unbounded and the interval is NaN.
     */
    public static Estimate ratio(Estimate a, Estimate b) {
        double r = a.mean() / b.mean();
        if (a.n() < 2 || b.n() < 2) return new Estimate(r, Double.NaN, Double.NaN, Math.min(a.n(), b.n()), Double.NaN);
        double va = a.varOfMean(), vb = b.varOfMean();
        double num = va + r * r * vb;
        if (num == 0) return new Estimate(r, r, r, Math.min(a.n(), b.n()), 0);
        double df = num * num / (va * va / (a.n() - 1) + Math.pow(r * r * vb, 2) / (b.n() - 1));
        double t = t(df);
        double g = t * t * vb / (b.mean() * b.mean());
        if (g >= 1) return new Estimate(r, Double.NaN, Double.NaN, Math.min(a.n(), b.n()), Double.NaN);
        double root = (t / b.mean()) * Math.sqrt(va + r * r * vb - g * va);
        double low = (r - root) / (1 - g), high = (r + root) / (1 - g);
        return new Estimate(r, Math.min(low, high), Math.max(low, high), Math.min(a.n(), b.n()), Double.NaN);
    }
}
