package io.durabench.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One entry of a JMH JSON result file: a benchmark method run with one set of params in one mode.
 * Secondary metric names have JMH's leading "·" stripped.
 */
public record BenchmarkResult(String benchmark, String mode, JmhParams params,
                              String jdkVersion, String vmName, String jmhVersion, RunSettings settings,
                              Metric primary, Map<String, Metric> secondary) {

    /** "JDK 17.0.15", as the report names the JDK of a context. */
    public String jdkLabel() {
        if (jdkVersion == null && vmName == null) return "JDK unknown";
        return "JDK " + (jdkVersion == null ? "?" : jdkVersion);
    }

    /** A secondary metric's score, NaN when absent (or NaN in the file). */
    public double counter(String name) {
        Metric m = secondary.get(name);
        return m == null ? Double.NaN : m.score();
    }

    /**
     * Per fork, its measurement iterations' scores (in the metric's unit): rawData as written;
     * SampleTime's histogram has one entry per iteration of every fork in order, so it is cut into
     * forks of measurementIterations each, each iteration scored by its mean.
     */
    public List<double[]> forks() {
        Metric m = primary;
        if (m.hasRawData()) return m.rawData().stream().filter(f -> f.length > 0).toList();
        if (!m.hasHistogram()) return List.of();
        List<List<double[]>> iterations = m.histogram();
        Integer perFork = settings == null ? null : settings.measurementIterations();
        int size = perFork != null && perFork > 0 && iterations.size() % perFork == 0 ? perFork : iterations.size();
        List<double[]> forks = new ArrayList<>();
        for (int start = 0; start < iterations.size(); start += size) {
            forks.add(iterations.subList(start, start + size).stream().mapToDouble(BenchmarkResult::histogramMean).toArray());
        }
        return forks;
    }

    /** Each fork's mean score (the replicate), in the metric's unit. */
    public double[] forkMeans() {
        return forks().stream().mapToDouble(f -> Arrays.stream(f).average().orElse(Double.NaN)).toArray();
    }

    private static double histogramMean(List<double[]> pairs) {
        double sum = 0, count = 0;
        for (double[] p : pairs) {
            sum += p[0] * p[1];
            count += p[1];
        }
        return count == 0 ? Double.NaN : sum / count;
    }
}
