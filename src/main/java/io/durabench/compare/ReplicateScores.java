package io.durabench.compare;

import io.durabench.results.BenchmarkResult;
import io.durabench.results.Metric;
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
        for (BenchmarkResult r : entries) forks.addAll(forksOf(r));
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

    /**
     * Per fork, its iteration scores: rawData as written; SampleTime's histogram has one entry per
     * iteration of every fork in order, so it is cut into forks of measurementIterations each.
     */
    private static List<double[]> forksOf(BenchmarkResult r) {
        Metric m = r.primary();
        if (m.hasRawData()) return m.rawData().stream().filter(f -> f.length > 0).toList();
        if (!m.hasHistogram()) return List.of();
        List<List<double[]>> iterations = m.histogram();
        Integer perFork = r.settings() == null ? null : r.settings().measurementIterations();
        int size = perFork != null && perFork > 0 && iterations.size() % perFork == 0 ? perFork : iterations.size();
        List<double[]> forks = new ArrayList<>();
        for (int start = 0; start < iterations.size(); start += size) {
            forks.add(iterations.subList(start, start + size).stream().mapToDouble(ReplicateScores::histogramMean).toArray());
        }
        return forks;
    }

    private static double histogramMean(List<double[]> pairs) {
        double sum = 0, count = 0;
        for (double[] p : pairs) {
            sum += p[0] * p[1];
            count += p[1];
        }
        return count == 0 ? Double.NaN : sum / count;
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).average().orElse(Double.NaN);
    }
}
