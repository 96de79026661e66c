package io.durabench.soak;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Is there a period in a per-second series (a soak's p99 or max)? ext4 commits its journal every
 * 5 s, writeback wakes every 5 s, an SSD may collect garbage on a timer: such a period shows as
 * seconds that are slow again and again at the same distance.
 *
 * <p><b>Method</b>: the sample autocorrelation r(k) of the detrended log series (one huge second
 * must not be the whole correlation; a slow drift is no period) for lags 2 to {@link #maxLag},
 * against Bartlett's bound at {@value #ALPHA} with Bonferroni over the lags, so white noise shows
 * "a period" anywhere with chance at most {@value #ALPHA}. A lag is a candidate when r(k) passes
 * its bound and is a peak, rising above the dip before it by more than noise: a period makes r dip
 * between 0 and the period, while memory or a curved drift makes it decay smoothly. The period is
 * the smallest candidate reaching {@value #FUNDAMENTAL_SHARE} of the strongest candidate's r, so
 * the fundamental wins over its multiples; its strength is r(k). At least {@value #MIN_SECONDS}
 * seconds are needed; below that the bound is too wide to call anything.
 */
public final class Periodicity {
    /** The family-wise false-positive rate on white noise. */
    public static final double ALPHA = 0.01;
    public static final double FUNDAMENTAL_SHARE = 0.7;
    public static final int MIN_SECONDS = 20;
    private static final int LONGEST_PERIOD = 60;

    /** A period found (its lag, r at that lag and the bound it passed), or none with why. */
    public record Result(int periodSeconds, double r, double bound, int lagsTested, String none) {
        public boolean found() {
            return periodSeconds > 0;
        }

        public String describe() {
            if (!found()) return none;
            return String.format(java.util.Locale.ROOT, "period %d s (autocorrelation %.2f at lag %d, significance bound %.2f)",
                    periodSeconds, r, periodSeconds, bound);
        }
    }

    private Periodicity() {
    }

    /** The longest lag looked at: a third of the run (three cycles at least), at most {@value #LONGEST_PERIOD} s. */
    static int maxLag(int n) {
        return Math.min(LONGEST_PERIOD, n / 3);
    }

    public static Result of(double[] series) {
        int n = series.length;
        if (n < MIN_SECONDS) return new Result(0, Double.NaN, Double.NaN, 0, "no period test: " + n + " s is too short (needs " + MIN_SECONDS + ")");
        double[] x = detrendedLog(series);
        double c0 = 0;
        for (double v : x) c0 += v * v;
        if (!(c0 > 1e-12 * n)) return new Result(0, Double.NaN, Double.NaN, 0, "no period: the series is constant");
        int maxLag = maxLag(n);
        double[] r = new double[maxLag + 2];
        for (int k = 1; k <= Math.min(maxLag + 1, n - 1); k++) {
            double c = 0;
            for (int t = 0; t + k < n; t++) c += x[t] * x[t + k];
            r[k] = c / c0;
        }
        int lags = maxLag - 1;
        double z = new NormalDistribution().inverseCumulativeProbability(1 - ALPHA / lags);
        double[] bound = new double[maxLag + 1];
        double sumSq = 0;
        for (int k = 1; k <= maxLag; k++) {
            bound[k] = z * Math.sqrt((1 + 2 * sumSq) / n);
            sumSq += r[k] * r[k];
        }
        double strongest = 0, dip = r[1];
        double prominence = z * Math.sqrt(2.0 / n);
        boolean[] candidate = new boolean[maxLag + 1];
        for (int k = 2; k <= maxLag; k++) {
            boolean peak = r[k] >= r[k - 1] && (k == maxLag || r[k] >= r[k + 1]) && r[k] - dip > prominence;
            dip = Math.min(dip, r[k]);
            candidate[k] = peak && r[k] > bound[k];
            if (candidate[k]) strongest = Math.max(strongest, r[k]);
        }
        for (int k = 2; k <= maxLag; k++) {
            if (candidate[k] && r[k] >= FUNDAMENTAL_SHARE * strongest) return new Result(k, r[k], bound[k], lags, null);
        }
        int best = 2;
        for (int k = 3; k <= maxLag; k++) if (r[k] > r[best]) best = k;
        return new Result(0, r[best], bound[best], lags, String.format(java.util.Locale.ROOT,
                "no period (lags 2-%d s tested; the highest autocorrelation, %.2f at lag %d, is under its bound %.2f or no peak)",
                maxLag, r[best], best, bound[best]));
    }

    /** log(x) (x floored at 1e-3 so a zero stays finite), minus its least-squares line over time. */
    static double[] detrendedLog(double[] series) {
        int n = series.length;
        double[] y = new double[n];
        double mt = (n - 1) / 2.0, my = 0;
        for (int i = 0; i < n; i++) {
            y[i] = Math.log(Math.max(series[i], 1e-3));
            my += y[i];
        }
        my /= n;
        double sty = 0, stt = 0;
        for (int i = 0; i < n; i++) {
            sty += (i - mt) * (y[i] - my);
            stt += (i - mt) * (i - mt);
        }
        double slope = stt > 0 ? sty / stt : 0;
        for (int i = 0; i < n; i++) y[i] = y[i] - my - slope * (i - mt);
        return y;
    }
}
