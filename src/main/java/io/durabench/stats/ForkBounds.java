package io.durabench.stats;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * One-sided bounds on the long-run mean of a positive figure measured once per fork (a fork's mean
 * time, its p99), each at {@value #LEVEL}: what an SLO verdict is decided by. Each bound is the more
 * cautious of two, so that it is wrong only when both are:
 *
 * <ul>
 *   <li>a Student t bound on the log scale around the mean of the forks, mean · exp(∓t(0.99, df)·s/√k),
 *       s the forks' log SD as the report estimates it (the row's own, or shrunk toward its context's rows,
 *       never below its own: {@link ForkIntervals}) on df degrees of freedom;</li>
 *   <li>the extreme fork with a margin for the forks the run did not see: whatever the distribution, with
 *       99% confidence at most the share q = 1 − 0.01^(1/k) of all forks lies beyond the slowest of k (0.79
 *       for 3 forks, 0.60 for 5, 0.37 for 10), and as much beyond the fastest. Taking those to run on average
 *       at most {@value #UNSEEN_FACTOR} times slower than the slowest, or that much faster than the fastest,
 *       bounds the mean by slowest · (1 + q) from above and fastest · (1 − q/2) from below.</li>
 * </ul>
 *
 * <p>Why two: a disk's forks are mostly alike with a few much slower ones (a stall, a slow minute),
 * and a run that saw none of those has forks close together, so its t bound is narrow and wrong;
 * the margin does not shrink with the forks' spread. A wide spread, where a few forks cannot place
 * the mean, is the t bound's to cover. What the 1% rests on: the forks' logs near normal with a SD up
 * to about 0.6 (3 forks), or the unseen forks within the factor. The committed long runs keep it,
 * resampled (SloVerdictResamplingTest, docs/report.md "SLO verdicts").
 */
public record ForkBounds(double mean, double low, double high, int forks, double fastest, double slowest, double logSd, double borrowedDf) {
    /** Each bound's one-sided confidence: a verdict it decides is wrong at most 1% of the time. */
    public static final double LEVEL = 0.99;
    /** How much slower than the slowest fork (or faster than the fastest) the forks a run did not see are taken to run, on average. */
    public static final double UNSEEN_FACTOR = 2.0;
    /** The most forks {@link #forksToDecide} looks at. */
    public static final int MAX_FORKS = 10_000;
    private static final Map<Double, Double> T_QUANTILES = new ConcurrentHashMap<>();

    /** The bounds from the forks alone: their own log variance on k − 1 degrees of freedom. Null as {@link #of(double[], double, double)}. */
    public static ForkBounds of(double[] forkValues) {
        double[] logs = ForkIntervals.logs(forkValues);
        if (logs == null || logs.length < 2) return null;
        return of(forkValues, ForkIntervals.variance(logs), logs.length - 1);
    }

    /**
     * The bounds with a fork's log variance as estimated elsewhere (the report's, shrunk toward its context's rows) on
     * {@code df} degrees of freedom; null with fewer than two forks, a value not positive and finite, or no such variance.
     */
    public static ForkBounds of(double[] forkValues, double logVariance, double df) {
        double[] logs = ForkIntervals.logs(forkValues);
        if (logs == null || logs.length < 2 || !(logVariance >= 0) || !(df >= logs.length - 1)) return null;
        int k = logs.length;
        double mean = Stats.mean(forkValues);
        double sd = Math.sqrt(logVariance);
        double fastest = Arrays.stream(forkValues).min().orElseThrow();
        double slowest = Arrays.stream(forkValues).max().orElseThrow();
        double half = halfWidth(k, sd, df, 0);
        return new ForkBounds(mean, Math.min(mean * Math.exp(-half), fastest * fastestMargin(k)),
                Math.max(mean * Math.exp(half), slowest * slowestMargin(k)), k, fastest, slowest, sd, df - (k - 1));
    }

    /**
     * The bounds with the spread the report's interval over these same forks was built on ({@link ForkIntervals}: its
     * variance of the mean is mean² · s²/k on the log scale); the forks' own spread when it is none of theirs.
     */
    public static ForkBounds of(double[] forkValues, Estimate interval) {
        boolean theirs = interval != null && interval.betweenForks() && forkValues != null && interval.n() == forkValues.length
                && interval.mean() > 0 && Double.isFinite(interval.varOfMean())
                && Math.abs(interval.mean() - Stats.mean(forkValues)) <= 1e-9 * interval.mean();
        ForkBounds pooled = theirs ? of(forkValues, interval.varOfMean() / (interval.mean() * interval.mean()) * interval.n(), interval.df()) : null;
        return pooled != null ? pooled : of(forkValues);
    }

    /** The share of all forks that may lie beyond the slowest (or the fastest) of k, at 99%: 1 − 0.01^(1/k). */
    static double unseenShare(int k) {
        return 1 - Math.pow(1 - LEVEL, 1.0 / k);
    }

    /** What the slowest of k forks is multiplied by for the high bound: 1 + q·(factor − 1). */
    public static double slowestMargin(int k) {
        return 1 + unseenShare(k) * (UNSEEN_FACTOR - 1);
    }

    /** What the fastest of k forks is multiplied by for the low bound: 1 − q·(1 − 1/factor). */
    public static double fastestMargin(int k) {
        return 1 - unseenShare(k) * (1 - 1 / UNSEEN_FACTOR);
    }

    /**
     * How many forks in all would put {@code threshold} outside the bounds if further forks looked like these (the same
     * mean and log SD), with {@value DetectableChange#POWER} power: the smallest n with (t(0.99, df) + z(power))·s/√n
     * below the log distance of the threshold from the mean, df growing with n, and the extreme fork on its side, moved
     * out as the extreme of n forks is expected to lie beyond that of k (s times the difference of the expected largest
     * of n and of k standard normals, Blom's approximation), with its margin at n beyond the threshold too. 0 when no
     * number would: the threshold at the mean, or the extreme fork expected to reach it however many forks run.
     * {@link #MAX_FORKS} + 1 when more would be needed.
     */
    public int forksToDecide(double threshold) {
        if (!(threshold > 0)) return 0;
        double distance = Math.abs(Math.log(threshold / mean));
        if (distance == 0) return 0;
        // The extreme fork's reach first draws in with n (its margin shrinks), then moves out (the extreme of more forks
        // lies farther): it stops short of the threshold, if ever, while it draws in, up to its turn.
        boolean above = threshold > mean;
        int turn = turn(above);
        if (!byMargin(turn, threshold, above)) return 0;
        double power = NoTiesUDistribution.STANDARD_NORMAL.inverseCumulativeProbability(DetectableChange.POWER);
        if (!bySpread(MAX_FORKS, distance, power)) return MAX_FORKS + 1;
        int lo = forks + 1, hi = MAX_FORKS;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (bySpread(mid, distance, power)) hi = mid;
            else lo = mid + 1;
        }
        if (lo >= turn) return byMargin(lo, threshold, above) ? lo : 0;
        hi = turn;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (byMargin(mid, threshold, above)) hi = mid;
            else lo = mid + 1;
        }
        return lo;
    }

    private boolean bySpread(int n, double distance, double power) {
        return halfWidth(n, logSd, n - 1 + borrowedDf, power) < distance;
    }

    /** Whether the extreme fork of n forks like these, with its margin at n, stays short of the threshold. */
    private boolean byMargin(int n, double threshold, boolean above) {
        return above ? slowest * reach(n, true) < threshold : fastest * reach(n, false) > threshold;
    }

    /** How far out the extreme of n forks reaches, relative to the extreme of these k: its expected move times its margin. */
    private double reach(int n, boolean above) {
        double move = Math.exp(logSd * (expectedLargest(n) - expectedLargest(forks)));
        return above ? move * slowestMargin(n) : fastestMargin(n) / move;
    }

    /** The n (at most MAX_FORKS) from which the reach only moves out: a ternary search, the reach having one turn. */
    private int turn(boolean above) {
        int lo = forks, hi = MAX_FORKS;
        while (hi - lo > 2) {
            int a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
            if (worse(reach(a, above), reach(b, above), above)) lo = a;
            else hi = b;
        }
        int best = lo;
        for (int n = lo + 1; n <= hi; n++) if (worse(reach(best, above), reach(n, above), above)) best = n;
        return best;
    }

    /** True when reach x is farther out than y: larger above the mean, smaller below. */
    private static boolean worse(double x, double y, boolean above) {
        return above ? x > y : x < y;
    }

    /** The expected largest of n standard normals, Blom's approximation Φ⁻¹((n − 0.375)/(n + 0.25)). */
    static double expectedLargest(int n) {
        return NoTiesUDistribution.STANDARD_NORMAL.inverseCumulativeProbability((n - 0.375) / (n + 0.25));
    }

    /** (t(0.99, df) + extra)·s/√n: the log-scale half-width of n forks' t bound, widened by {@code extra} standard errors. */
    private static double halfWidth(int n, double logSd, double df, double extra) {
        return (tQuantile(df) + extra) * logSd / Math.sqrt(n);
    }

    /**
     * The one-sided {@value #LEVEL} Student t quantile, df rounded down to a tenth (a shrunk variance's df is fractional;
     * fewer df only widen the bound); cached, verdicts and their resampling ask for the same few.
     */
    static double tQuantile(double df) {
        double key = Math.min(Math.floor(df * 10) / 10, 1e6);
        return T_QUANTILES.computeIfAbsent(key, d -> new TDistribution(null, d).inverseCumulativeProbability(LEVEL));
    }
}
