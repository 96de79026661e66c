package io.durabench.compare;

import io.durabench.results.BenchmarkResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The replicate scores of one row on one side of a comparison, and what a replicate is.
 *
 * <p><b>One fork's score is the unit of replication</b> ({@link RowInput}): the mean of that fork's
 * measurement iterations (JMH's {@code rawData}, one array per fork; for SampleTime each iteration's mean
 * from {@code rawDataHistogram}). Forks of the same row from several result files
 * of one side (the two slots of a JDK measured twice) are pooled. Only when a side has a single
 * fork does its iterations stand in as replicates, and {@link #describe()} then says that
 * iterations within one JVM are not independent. A file without raw data gives JMH's score alone:
 * one value, with which no change can be shown.
 *
 * @param values            the replicates (positive, finite when the row can be compared)
 * @param forks             how many forks the values come from
 * @param iterationsPerFork measurement iterations per fork (the largest, when forks differ)
 */
public record ReplicateScores(double[] values, int forks, int iterationsPerFork) {

    public ReplicateScores {
        values = values.clone();
    }

    @Override
    public double[] values() {
        return values.clone();
    }

    /** The replicates of the same row in one or more result entries (one per pooled result file). */
    public static ReplicateScores of(List<BenchmarkResult> entries) {
        List<double[]> forks = new ArrayList<>();
        for (BenchmarkResult r : entries) forks.addAll(r.forks());
        int iterations = forks.stream().mapToInt(f -> f.length).max().orElse(0);
        if (forks.isEmpty()) {
            // No raw data at all: JMH's own score per entry, nothing else to go on.
            return new ReplicateScores(entries.stream().mapToDouble(r -> r.primary().score()).toArray(), entries.size(), 1);
        }
        if (forks.size() == 1) return new ReplicateScores(forks.get(0), 1, iterations);
        return new ReplicateScores(forks.stream().mapToDouble(ReplicateScores::mean).toArray(), forks.size(), iterations);
    }

    /** True when the values are fork scores (separate JVMs), false when they are iterations of one fork. */
    public boolean forksAreReplicates() {
        return forks > 1 || iterationsPerFork <= 1;
    }

    /** "12 forks", or "5 iterations of 1 fork (iterations within one JVM are not independent)". */
    public String describe() {
        if (forksAreReplicates()) return forks + (forks == 1 ? " fork" : " forks");
        return iterationsPerFork + " iterations of 1 fork (iterations within one JVM are not independent)";
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).average().orElse(Double.NaN);
    }
}
