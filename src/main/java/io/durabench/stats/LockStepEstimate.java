package io.durabench.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * What a lock-step comparison says of one cell pair: side B against side A, from each fork pair's
 * two figures (µs per operation of A and of B over the pair's measured blocks). The unit of
 * replication is the fork pair (a fresh pair of JVMs, later in time); blocks inside a pair are not
 * replicates. Two figures, each with a two-sided Student-t interval over the fork pairs:
 * <ul>
 *   <li>the ratio B/A, on the log scale: exp(mean ± t(n−1)·s/√n) of ln(b_i/a_i);</li>
 *   <li>the difference B − A in µs per operation: mean ± t(n−1)·s/√n of b_i − a_i.</li>
 * </ul>
 * and the one-sample t-test of mean ln(b_i/a_i) = 0 (two-sided p), the test a lock-step comparison
 * judges a row by. Why t and not a rank test: the pair's ratio has the disk's common-mode noise
 * cancelled, and is close to normal; a rank test would need 10 or more pairs before any p could
 * pass Holm over a profile's rows.
 *
 * @param n          fork pairs in which both sides measured
 * @param ratio      exp(mean ln(b/a))
 * @param ratioCi    its interval (unavailable with fewer than 2 pairs)
 * @param diffMicros mean of b − a, µs per operation
 * @param diffCi     its interval
 * @param logSd      sd of ln(b_i/a_i) over the pairs
 * @param pTwoSided  the t-test's p (NaN with fewer than 2 pairs; 0 when every pair agrees exactly and differs from 1)
 */
public record LockStepEstimate(int n, double ratio, Interval ratioCi, double diffMicros, Interval diffCi, double logSd, double t,
                               double pTwoSided, double confidence) {
    /**
     * The level every lock-step interval is stated at: the report's lock-step column, lockstep.md, the console's lines,
     * and the precision rule that adds fork pairs to a cell while this interval is wider than asked. Not the rounds'
     * 99.9%: over 3 to 10 fork pairs a t at 99.9% says little.
     */
    public static final double CONFIDENCE = 0.95;

    public static LockStepEstimate of(double[] a, double[] b, double confidence) {
        if (a.length != b.length) throw new IllegalArgumentException(a.length + " A figures but " + b.length + " B figures: a fork pair has both");
        int n = a.length;
        if (n == 0) throw new IllegalArgumentException("no fork pair measured both sides");
        double[] lr = new double[n], d = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(a[i] > 0) || !(b[i] > 0) || !Double.isFinite(a[i]) || !Double.isFinite(b[i])) {
                throw new IllegalArgumentException("fork pair " + (i + 1) + ": " + a[i] + " and " + b[i] + " are not positive times");
            }
            lr[i] = Math.log(b[i] / a[i]);
            d[i] = b[i] - a[i];
        }
        double mlr = Stats.mean(lr), md = Stats.mean(d);
        if (n < 2) {
            String why = "one fork pair: no interval between fork pairs (run -f 2 or more)";
            return new LockStepEstimate(1, Math.exp(mlr), Interval.unavailable(why), md, Interval.unavailable(why), Double.NaN, Double.NaN,
                    Double.NaN, confidence);
        }
        double slr = sd(lr, mlr), sd = sd(d, md);
        double q = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        double hl = q * slr / Math.sqrt(n), hd = q * sd / Math.sqrt(n);
        double t = slr > 0 ? mlr / (slr / Math.sqrt(n)) : (mlr == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, mlr));
        double p = Double.isInfinite(t) ? 0 : 2 * new TDistribution(null, n - 1).cumulativeProbability(-Math.abs(t));
        return new LockStepEstimate(n, Math.exp(mlr), Interval.of(Math.exp(mlr - hl), Math.exp(mlr + hl), confidence), md,
                Interval.of(md - hd, md + hd, confidence), slr, t, p, confidence);
    }

    /**
     * The ratio's interval's half-width as a share of the ratio, (high − low) / 2 / ratio: the "±" of the interval the
     * report's lock-step column prints, read as --precision reads a mean's (half-width over the estimate). On the log
     * scale it is sinh(t·s/√n): the pairs' spread and count alone, whatever the ratio. NaN without an interval.
     */
    public double halfWidth() {
        return ratioCi.isAvailable() ? (ratioCi.high() - ratioCi.low()) / 2 / ratio : Double.NaN;
    }

    /** The mean ln(b/a) over the fork pairs: the log of {@link #ratio}. */
    public double meanLogRatio() {
        return Math.log(ratio);
    }

    /** The squared standard error of {@link #meanLogRatio}: logSd² / n (NaN with fewer than 2 pairs). */
    public double logSe2() {
        return logSd * logSd / n;
    }

    /** The change in % (B/A − 1). */
    public double changePercent() {
        return (ratio - 1) * 100;
    }

    /** ln(b_i/a_i) per fork pair. */
    public static double[] logRatios(double[] a, double[] b) {
        double[] lr = new double[a.length];
        for (int i = 0; i < a.length; i++) lr[i] = Math.log(b[i] / a[i]);
        return lr;
    }

    static double sd(double[] x, double mean) {
        double ss = 0;
        for (double v : x) ss += (v - mean) * (v - mean);
        return Math.sqrt(ss / (x.length - 1));
    }
}
