package io.durabench.stats;

import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.special.Gamma;

/**
 * Empirical-Bayes variances for many rows measured alike (Smyth 2004, "Linear models and empirical
 * Bayes methods for assessing differential expression", limma's squeezeVar): each row's sample
 * variance s² on d degrees of freedom is shrunk toward a prior s0² fitted to all rows, with d0 prior
 * degrees of freedom fitted from how much the rows' variances spread beyond what d alone explains:
 * s̃² = (d0·s0² + d·s²) / (d0 + d), on d0 + d degrees of freedom.
 *
 * Why here: with 3 forks a row's own variance has 2 degrees of freedom and its 99.9% t quantile is
 * 31.6 (an interval of ±80% of the mean that says nothing); one variance pooled over the target's
 * rows has many degrees of freedom but under-covers the rows that are noisier than most (fork SDs
 * differ ~5x between rows). Shrinkage keeps a noisy row noisy (its own s² still counts) while
 * borrowing degrees of freedom from the others in proportion to how alike the rows are: when they
 * differ a lot, d0 is small and each row stands nearly on its own.
 */
public record SqueezedVariance(double priorDf, double priorVariance) {
    /** No prior: each row on its own variance. */
    public static final SqueezedVariance NONE = new SqueezedVariance(0, Double.NaN);

    /** Fits the prior to rows' variances s2[i] on df[i] degrees of freedom (rows with df ≤ 0 or no finite s² are left out). */
    public static SqueezedVariance fit(double[] s2, double[] df) {
        int n = 0;
        double[] e = new double[s2.length];
        double[] d = new double[s2.length];
        for (int i = 0; i < s2.length; i++) {
            if (!(df[i] > 0) || !Double.isFinite(s2[i])) continue;
            // A variance of exactly zero (identical fork means) would be log 0: floor it far below any real one.
            double v = Math.max(s2[i], 1e-12);
            e[n] = Math.log(v) - Gamma.digamma(df[i] / 2) + Math.log(df[i] / 2);
            d[n] = df[i];
            n++;
        }
        if (n < 3) return NONE;
        double mean = 0;
        for (int i = 0; i < n; i++) mean += e[i];
        mean /= n;
        double spread = 0, expected = 0;
        for (int i = 0; i < n; i++) {
            spread += (e[i] - mean) * (e[i] - mean);
            expected += Gamma.trigamma(d[i] / 2);
        }
        double excess = spread / (n - 1) - expected / n;
        if (!(excess > 0)) {
            // The rows spread no more than their degrees of freedom explain: one common variance, their mean
            // (limma since 2017; exp(mean e) of the log scale would overstate it by e^γ ≈ 1.78 at 2 df).
            double s2mean = 0;
            for (int i = 0; i < s2.length; i++) if (df[i] > 0 && Double.isFinite(s2[i])) s2mean += s2[i];
            return new SqueezedVariance(Double.POSITIVE_INFINITY, s2mean / n);
        }
        double d0 = 2 * trigammaInverse(excess);
        return new SqueezedVariance(d0, Math.exp(mean + Gamma.digamma(d0 / 2) - Math.log(d0 / 2)));
    }

    /**
     * A row's shrunk variance, never below the row's own: shrinkage may widen a row's interval (a
     * quiet-looking row borrows the context's noise) but never narrows it below what its own forks
     * show. The rows whose forks vary most are those with rare stalls, and pulling their variance
     * down toward the quiet rows' makes their intervals miss the long-run mean (docs/intervals.md).
     */
    public double variance(double s2, double df) {
        if (priorDf == 0 || Double.isNaN(priorVariance)) return s2;
        if (!(df > 0) || !Double.isFinite(s2)) return priorVariance;
        double shrunk = Double.isInfinite(priorDf) ? priorVariance : (priorDf * priorVariance + df * s2) / (priorDf + df);
        return Math.max(shrunk, s2);
    }

    /** The shrunk variance's degrees of freedom (capped: an infinite prior is as good as a normal quantile). */
    public double df(double df) {
        double total = priorDf + Math.max(df, 0);
        return Math.min(total, 1e6);
    }

    /** The x > 0 with trigamma(x) = y (trigamma decreases from +inf to 0). */
    static double trigammaInverse(double y) {
        if (y > 1e7) return 1 / Math.sqrt(y);
        if (y < 1e-6) return 1 / y;
        double lo = 1e-8, hi = 1;
        while (Gamma.trigamma(hi) > y) hi *= 2;
        return new BrentSolver(1e-12, 1e-12).solve(1000, x -> Gamma.trigamma(x) - y, lo, hi);
    }
}
