package io.durabench.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Is a cell's measurement steady, or still warming up (a trend inside each fork) or drifting (a
 * trend from fork to fork over the run)? Both are checked on the log scale (a trend in a time is
 * relative, as its noise is), on the iterations the row's figures keep (stalls left out:
 * {@link OutlierIterations}). A trend is flagged only when it is both resolved at the report's level
 * ({@link #LEVEL}) and material (a fitted change from first to last of at least {@link #MATERIAL}):
 * either alone flags noise, since over hundreds of cells a level alone finds the odd chance order in
 * every run, and a change alone is what one noisy fork shows. {@link #MATERIAL} is about a noisy
 * row's fork-to-fork sd: a smaller trend is inside what the interval already carries.
 *
 * <p><b>Warming up</b>: with two or more forks, each fork's least-squares slope of log(score) over
 * the iteration index, averaged over forks with a Student t interval (the fork is the unit of
 * replication); a fork with fewer than {@value #MIN_ITERATIONS} kept iterations gives no slope. With
 * one fork, the exact Mann–Kendall test over its iterations with Sen's slope; its smallest p is 2/n!,
 * so a one-fork result of 6 or fewer iterations is in effect not checked, and "no warning" must not
 * be read as "steady".
 *
 * <p><b>Drifting</b>: Mann–Kendall with Sen's line over the fork means in the order the forks ran
 * (suite.Rounds, results.RoundMerge keep that order); it needs 7 forks to flag at all, so only the
 * compare profile and long runs can show it.
 *
 * @param warmingUp the trend within forks; null when it cannot be computed (too few iterations)
 * @param drifting  the trend of the fork means over the run; null with fewer than 3 forks
 * @param forksLeftOut forks every iteration of which stalled ({@link OutlierIterations}): left out of both trends, as out of
 *                  the row's mean, so a drift over a 40-round run may be over 39 forks
 */
public record SteadyState(Trend warmingUp, Trend drifting, int forksLeftOut) {
    /** A trend is flagged only below this p (outside the 99.9% interval), as every difference in the report. */
    public static final double LEVEL = 1 - Stats.CONFIDENCE;
    /** ... and only when its fitted first-to-last change is at least this large (either way). */
    public static final double MATERIAL = 0.10;
    /** Iterations a fork needs to give a slope. */
    public static final int MIN_ITERATIONS = 3;
    /** Forks a run needs before the order of their means is tested. */
    public static final int MIN_FORKS = 3;

    /** How a trend was tested. */
    public enum Test {
        /** Mean over forks of each fork's log-scale least-squares slope, Student t over forks. */
        SLOPE_OVER_FORKS,
        /** Mann–Kendall over the iterations of the one fork, Sen's slope. */
        ONE_FORK_RANKS,
        /** Mann–Kendall over the fork means in run order, Sen's slope. */
        FORK_ORDER
    }

    /**
     * One trend: {@code change} the fitted relative change from the first to the last iteration (or
     * fork), {@code first} and {@code last} the fitted levels there (in the values' unit),
     * {@code low}/{@code high} the change's 99.9% interval (NaN for a rank test), {@code p} two-sided,
     * {@code n} the forks (or, for one fork, the iterations) it is over.
     */
    public record Trend(Test test, double change, double first, double last, double low, double high, double p, int n) {
        /** Resolved at the report's level and material. */
        public boolean flagged() {
            return p < LEVEL && Math.abs(change) >= MATERIAL;
        }
    }

    /** The checks on one cell: its forks' iteration scores in run order (positive: times or rates). */
    public static SteadyState of(List<double[]> forks) {
        List<double[][]> kept = kept(forks);
        if (kept == null) return new SteadyState(null, null, 0);
        return new SteadyState(kept.size() == 1 ? oneFork(kept.get(0)) : slopeOverForks(kept), forkOrder(kept), forks.size() - kept.size());
    }

    /** True when neither trend is flagged (also when neither could be checked). */
    public boolean steady() {
        return (warmingUp == null || !warmingUp.flagged()) && (drifting == null || !drifting.flagged());
    }

    /** Per fork, its kept iterations as {positions, log values}; null when any value is not positive. */
    private static List<double[][]> kept(List<double[]> forks) {
        OutlierIterations outliers = OutlierIterations.of(forks);
        List<double[][]> out = new ArrayList<>();
        for (int f = 0; f < forks.size(); f++) {
            List<double[]> pairs = new ArrayList<>();
            for (int i = 0; i < forks.get(f).length; i++) {
                int fork = f + 1, iteration = i + 1;
                if (outliers.leftOut().stream().anyMatch(x -> x.fork() == fork && x.iteration() == iteration)) continue;
                double v = forks.get(f)[i];
                if (!(v > 0) || !Double.isFinite(v)) return null;
                pairs.add(new double[] {i, Math.log(v)});
            }
            if (pairs.isEmpty()) continue;
            double[][] xy = new double[2][pairs.size()];
            for (int j = 0; j < pairs.size(); j++) {
                xy[0][j] = pairs.get(j)[0];
                xy[1][j] = pairs.get(j)[1];
            }
            out.add(xy);
        }
        return out.isEmpty() ? null : out;
    }

    private static Trend slopeOverForks(List<double[][]> forks) {
        List<double[]> fits = new ArrayList<>();
        double span = 0;
        for (double[][] f : forks) {
            if (f[0].length < MIN_ITERATIONS) continue;
            fits.add(leastSquares(f[0], f[1]));
            span = Math.max(span, f[0][f[0].length - 1]);
        }
        int k = fits.size();
        if (k < 2 || span <= 0) return null;
        double[] slopes = fits.stream().mapToDouble(fit -> fit[1]).toArray();
        double mean = java.util.Arrays.stream(slopes).average().orElseThrow();
        double varOfMean = ForkIntervals.variance(slopes) / k;
        double half = Stats.t(k - 1) * Math.sqrt(varOfMean);
        double p = Stats.pValue(new Estimate(mean, mean - half, mean + half, k, varOfMean, k - 1, Estimate.Basis.FORKS));
        double s = span;
        double first = fits.stream().mapToDouble(fit -> Math.exp(fit[0])).average().orElseThrow();
        double last = fits.stream().mapToDouble(fit -> Math.exp(fit[0] + fit[1] * s)).average().orElseThrow();
        return new Trend(Test.SLOPE_OVER_FORKS, Math.expm1(mean * span), first, last, Math.expm1((mean - half) * span),
                Math.expm1((mean + half) * span), p, k);
    }

    private static Trend oneFork(double[][] fork) {
        int n = fork[0].length;
        if (n < MIN_ITERATIONS) return null;
        MannKendall mk = MannKendall.of(fork[0], fork[1]);
        double from = fork[0][0], to = fork[0][n - 1];
        return new Trend(Test.ONE_FORK_RANKS, Math.expm1(mk.slope() * (to - from)), Math.exp(mk.at(from)), Math.exp(mk.at(to)),
                Double.NaN, Double.NaN, mk.pTwoSided(), n);
    }

    private static Trend forkOrder(List<double[][]> forks) {
        int k = forks.size();
        if (k < MIN_FORKS) return null;
        // Each fork's mean of its kept iterations (as the row's replicate), on the log scale.
        double[] logMeans = new double[k];
        for (int f = 0; f < k; f++) {
            logMeans[f] = Math.log(java.util.Arrays.stream(forks.get(f)[1]).map(Math::exp).average().orElseThrow());
        }
        MannKendall mk = MannKendall.of(logMeans);
        return new Trend(Test.FORK_ORDER, Math.expm1(mk.slope() * (k - 1)), Math.exp(mk.at(0)), Math.exp(mk.at(k - 1)),
                Double.NaN, Double.NaN, mk.pTwoSided(), k);
    }

    /** {intercept, slope} of y on x by least squares. */
    private static double[] leastSquares(double[] x, double[] y) {
        double mx = java.util.Arrays.stream(x).average().orElseThrow(), my = java.util.Arrays.stream(y).average().orElseThrow();
        double sxy = 0, sxx = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
        }
        double slope = sxx == 0 ? 0 : sxy / sxx;
        return new double[] {my - slope * mx, slope};
    }
}
