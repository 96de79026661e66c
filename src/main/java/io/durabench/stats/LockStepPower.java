package io.durabench.stats;

import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * What a lock-step comparison can flag: the power of its rule (the t-test on the fork pairs' log
 * ratios at Holm's first step α/m, and the estimate at least the bar) against a slowdown, and the
 * slowdown it flags with {@value DetectableChange#POWER} power. Under a normal model of ln(b/a) per
 * fork pair with the row's own sd σ: a trial draws n standard normal values (mean m, sd s) and
 * flags a shift δ (in σ) exactly when δ + m passes both t(1 − level/2, n − 1)·s/√n and the bar, so
 * with common random numbers the power at δ is the share of trials whose
 * max(t·s/√n, bar) − m is at most δ: no bisection, one count (or one selection, not a sort, for the
 * shift at a power). {@value #TRIALS} trials with a fixed seed; the Monte-Carlo error of a power is
 * about ±0.3 points.
 *
 * <p>The model is checked on committed lock-step data (LockStepRealDataTest): fork pairs resampled
 * from a real A/A run with B scaled by a known factor are flagged as often as this states.
 */
public final class LockStepPower {
    static final int TRIALS = 20_000;
    /**
     * The fewest fork pairs a power is stated from. Below it the row's own sd of ln(B/A) is too rough
     * a guess, and the stated power runs above how often the change is really flagged
     * (docs/lockstep.md, Power as stated).
     */
    public static final int MIN_FORK_PAIRS = 5;
    static final long SEED = 20_261_203L;

    private final int n;
    private final double logSd;
    private final double barLog;
    /** Per trial, the smallest standardized shift it flags, in trial order (never reordered: an instance may be shared). */
    private final double[] thresholds;

    private LockStepPower(int n, double logSd, double barLog, double[] thresholds) {
        this.n = n;
        this.logSd = logSd;
        this.barLog = barLog;
        this.thresholds = thresholds;
    }

    /**
     * @param n          fork pairs
     * @param level      the test's two-sided level (Holm's first step α/m)
     * @param logSd      σ of ln(b/a) per fork pair
     * @param barPercent the change the estimate must reach (the threshold, or the A/A floor), 0 for none
     */
    public static LockStepPower of(int n, double level, double logSd, double barPercent) {
        if (n < 2) throw new IllegalArgumentException("power needs 2 or more fork pairs, not " + n);
        double q = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - level / 2);
        double bar = barPercent > 0 ? Math.log1p(barPercent / 100) : 0;
        double barSd = logSd > 0 ? bar / logSd : (bar > 0 ? Double.POSITIVE_INFINITY : 0);
        double[][] ms = draws(n);
        double[] th = new double[TRIALS];
        for (int trial = 0; trial < TRIALS; trial++) th[trial] = Math.max(q * ms[1][trial] / Math.sqrt(n), barSd) - ms[0][trial];
        return new LockStepPower(n, logSd, bar, th);
    }

    /** Per n, the trials' sample mean and sd of n standard normals: the same common random numbers for every level, sd and bar. */
    private static final java.util.Map<Integer, double[][]> DRAWS = new java.util.concurrent.ConcurrentHashMap<>();

    private static double[][] draws(int n) {
        return DRAWS.computeIfAbsent(n, k -> {
            SplittableRandom random = new SplittableRandom(SEED);
            double[][] ms = new double[2][TRIALS];
            double[] z = new double[k];
            for (int trial = 0; trial < TRIALS; trial++) {
                double sum = 0;
                for (int i = 0; i < k; i++) {
                    z[i] = gaussian(random);
                    sum += z[i];
                }
                double m = sum / k, ss = 0;
                for (int i = 0; i < k; i++) ss += (z[i] - m) * (z[i] - m);
                ms[0][trial] = m;
                ms[1][trial] = Math.sqrt(ss / (k - 1));
            }
            return ms;
        });
    }

    /** The power against a slowdown of {@code percent} (e.g. 5 for B 5% slower than A). */
    public double powerAt(double percent) {
        if (!(logSd > 0)) return Math.log1p(percent / 100) >= barLog ? 1 : 0;
        double delta = Math.log1p(percent / 100) / logSd;
        int k = 0;
        for (double t : thresholds) if (t <= delta) k++;
        return (double) k / thresholds.length;
    }

    /** The slowdown in % flagged with {@code power}. */
    public double percentAtPower(double power) {
        double delta = ShiftTrials.select(thresholds.clone(), Math.min(thresholds.length - 1, (int) Math.ceil(power * thresholds.length) - 1));
        double logShift = logSd > 0 ? delta * logSd : barLog;
        return Math.expm1(logShift) * 100;
    }

    /** A standard normal draw (Box-Muller's polar form), from the seeded generator. */
    private static double gaussian(SplittableRandom r) {
        double u, v, s;
        do {
            u = 2 * r.nextDouble() - 1;
            v = 2 * r.nextDouble() - 1;
            s = u * u + v * v;
        } while (s >= 1 || s == 0);
        return u * Math.sqrt(-2 * Math.log(s) / s);
    }
}
