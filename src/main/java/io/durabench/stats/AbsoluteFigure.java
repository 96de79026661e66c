package io.durabench.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * A row's mean as a figure to quote on its own ("FDATASYNC costs 232 µs [201, 268] per write here"),
 * with a {@value #CONFIDENCE_PERCENT}% interval that holds beyond the run's own minutes. On the log
 * scale, around the mean of the row's fork means: the row's fork variance shrunk toward the run's rows
 * ({@link SqueezedVariance}, as {@link ForkIntervals}) over its k forks, plus the variance of the
 * disk's level between the run's rounds ({@link RoundLevels}) once, since a run's minutes share a
 * level that its rounds do not average away; Student t on the shrunk variance's degrees of freedom.
 * CoverageTest holds it against the committed long runs' means.
 *
 * Why 95% and not the report's 99.9%: the 99.9% is for decisions, where many differences are tested
 * together (Holm keeps the family's false calls at 0.1%) and the intervals of differences, which do
 * not see the level (it cancels within a run), are built on {@link ForkIntervals}' estimate. A figure
 * quoted alone is one statement, and at 99.9% three forks leave t = 31.6 on a row's own 2 degrees of
 * freedom: an interval no review can act on.
 *
 * @param interval      the mean with its interval (n = forks, df = the shrunk variance's, basis FORKS)
 * @param forkVariance  the row's shrunk log variance of one fork mean
 * @param levelVariance the log variance of the disk's level between the run's rounds; NaN where the run cannot measure it (fewer
 *                      than {@value RoundLevels#MIN_ROWS} rows, one round): then the interval is the forks' own
 */
public record AbsoluteFigure(Estimate interval, double forkVariance, double levelVariance) {
    public static final double CONFIDENCE = 0.95;
    public static final int CONFIDENCE_PERCENT = 95;
    /** The most forks {@link #forksFor} looks at: beyond this a run's interval is about its drift, not its forks. */
    static final int MOST_FORKS = 100;

    /** Per row of one run context, its figure; null for a row with fewer than two forks. */
    public static List<AbsoluteFigure> of(List<double[]> forkMeans) {
        double[] s2 = new double[forkMeans.size()];
        double[] df = new double[forkMeans.size()];
        for (int i = 0; i < forkMeans.size(); i++) {
            double[] logs = ForkIntervals.logs(forkMeans.get(i));
            df[i] = logs == null ? 0 : logs.length - 1;
            s2[i] = df[i] > 0 ? ForkIntervals.variance(logs) : Double.NaN;
        }
        SqueezedVariance prior = SqueezedVariance.fit(s2, df);
        double levelVariance = RoundLevels.of(forkMeans).variance();
        List<AbsoluteFigure> out = new ArrayList<>();
        for (int i = 0; i < forkMeans.size(); i++) {
            out.add(df[i] > 0 ? figure(forkMeans.get(i), prior.variance(s2[i], df[i]), prior.df(df[i]), levelVariance, Estimate.Basis.FORKS) : null);
        }
        return out;
    }

    /**
     * An old one-fork row's figure: the same 95% interval over its iterations alone (seconds apart in one JVM: too
     * narrow, and marked so); null without two positive iterations.
     */
    public static AbsoluteFigure ofIterations(double[] iterations) {
        double[] logs = ForkIntervals.logs(iterations);
        if (logs == null || logs.length < 2) return null;
        return figure(iterations, ForkIntervals.variance(logs), logs.length - 1, Double.NaN, Estimate.Basis.ITERATIONS_OF_ONE_FORK);
    }

    private static AbsoluteFigure figure(double[] forkMeans, double forkVariance, double df, double levelVariance, Estimate.Basis basis) {
        int k = forkMeans.length;
        double mean = Stats.mean(forkMeans);
        double logVarOfMean = forkVariance / k + (Double.isNaN(levelVariance) ? 0 : levelVariance);
        double half = Stats.t(df, CONFIDENCE) * Math.sqrt(logVarOfMean);
        Estimate e = new Estimate(mean, mean * Math.exp(-half), mean * Math.exp(half), k, mean * mean * logVarOfMean, df, basis);
        return new AbsoluteFigure(e, forkVariance, levelVariance);
    }

    /**
     * What a set of figures (one target's rows) says about its precision: the median half-width and fork spread, how far
     * the disk's level moved (NaN where the run cannot tell), and the median forks per cell that would bring a figure
     * to {@code share} (0: no number of forks would, the level alone is wider).
     */
    public record Spread(double medianHalfWidth, double medianForkSpread, double levelMoved, int forksFor) {
        public static Spread of(List<AbsoluteFigure> figures, double share) {
            double[] half = figures.stream().mapToDouble(AbsoluteFigure::halfWidthShare).toArray();
            double[] spread = figures.stream().mapToDouble(f -> Math.expm1(Math.sqrt(f.forkVariance))).toArray();
            // No number of forks (0) sorts last: the median row's count is the one a run would need.
            double[] forks = figures.stream().mapToDouble(f -> f.forksFor(share) == 0 ? Double.POSITIVE_INFINITY : f.forksFor(share)).toArray();
            double k = MedianEstimate.median(forks);
            return new Spread(MedianEstimate.median(half), MedianEstimate.median(spread), figures.get(0).levelMoved(),
                    Double.isFinite(k) ? (int) Math.ceil(k) : 0);
        }
    }

    /** The interval's half-width as a share of the mean (0.25 for ±25%). */
    public double halfWidthShare() {
        return interval.halfWidth() / interval.mean();
    }

    /** How far the disk's level moved between the run's rounds (0.06 for ±6%); NaN where the run cannot tell. */
    public double levelMoved() {
        return Math.expm1(Math.sqrt(levelVariance));
    }

    private double level() {
        return Double.isNaN(levelVariance) ? 0 : levelVariance;
    }

    /**
     * The forks per cell at which this figure's half-width would be at most {@code share} of its mean, the row's fork
     * spread and the disk's level taken as this run measured them; 0 when the level alone is wider than that.
     */
    public int forksFor(double share) {
        double priorDf = interval.df() - (interval.n() - 1);
        for (int k = 2; k <= MOST_FORKS; k++) {
            double half = Stats.t(priorDf + k - 1, CONFIDENCE) * Math.sqrt(forkVariance / k + level());
            if (Math.sinh(half) <= share) return k;
        }
        return 0;
    }
}
