package io.durabench.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * The disk's level in each round of a run: what every row of one target shares in a round (the disk
 * faster or slower that minute), as the round effect of a two-way additive model on the log scale:
 * per round, the mean over the rows of each row's log fork mean less that row's mean of them. A row's
 * fork means are in round order (a run in rounds gives each cell one fork per round); a round that
 * fewer than {@value #MIN_ROWS} rows ran in says nothing shared and is left out.
 *
 * Why a row's own forks do not already carry it: a run's rounds are consecutive minutes of one disk
 * whose level drifts (consecutive rounds move together, docs/intervals.md), so averaging a row over
 * its rounds does not average the run's level away, and a figure that holds beyond the run's own
 * minutes has to count it once ({@link AbsoluteFigure}).
 *
 * @param levels each kept round's level (a log ratio: 0.05 is 5% slower than the run's rows' own means)
 */
public record RoundLevels(double[] levels) {
    /** Fewer rows than this in a round, and its mean is one row's noise rather than the disk's. */
    public static final int MIN_ROWS = 3;

    /** @param forkMeans per row its fork means in round order (rows with fewer than two forks are left out) */
    public static RoundLevels of(List<double[]> forkMeans) {
        List<double[]> deviations = new ArrayList<>();
        int rounds = 0;
        for (double[] f : forkMeans) {
            double[] logs = ForkIntervals.logs(f);
            if (logs == null || logs.length < 2) continue;
            double mean = Stats.mean(logs);
            double[] d = new double[logs.length];
            for (int i = 0; i < logs.length; i++) d[i] = logs[i] - mean;
            deviations.add(d);
            rounds = Math.max(rounds, d.length);
        }
        List<Double> levels = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            double sum = 0;
            int n = 0;
            for (double[] d : deviations) {
                if (round < d.length) {
                    sum += d[round];
                    n++;
                }
            }
            if (n >= MIN_ROWS) levels.add(sum / n);
        }
        return new RoundLevels(levels.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The variance of the rounds' levels on the log scale (rounds − 1 degrees of freedom); NaN with fewer than two rounds. */
    public double variance() {
        return levels.length < 2 ? Double.NaN : ForkIntervals.variance(levels);
    }

    /** How far the level moved between rounds, one standard deviation as a share of the mean (0.06 for ±6%); NaN without. */
    public double moved() {
        return Math.expm1(Math.sqrt(variance()));
    }
}
