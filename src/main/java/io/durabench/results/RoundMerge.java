package io.durabench.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A cell measured in several rounds has one JMH entry per round in jmh-result.json (each exactly as
 * JMH wrote it); read back, they are one result whose forks are every round's forks in the order
 * they ran, as a single JMH run with that many forks would have written them. The score is
 * recomputed the way JMH computes it over all forks (the mean of every iteration; for SampleTime the
 * mean of every sample); a secondary metric's score is the fork-weighted mean of the rounds' scores
 * (each is JMH's aggregate over that round's equally long forks). Entries that differ in how JMH ran
 * them (iterations, times, threads) are not merged: they are not replicates of one design.
 */
final class RoundMerge {
    private RoundMerge() {
    }

    static List<BenchmarkResult> merge(List<BenchmarkResult> entries) {
        Map<List<Object>, List<BenchmarkResult>> groups = new LinkedHashMap<>();
        for (BenchmarkResult r : entries) groups.computeIfAbsent(key(r), k -> new ArrayList<>()).add(r);
        List<BenchmarkResult> merged = new ArrayList<>();
        for (List<BenchmarkResult> g : groups.values()) merged.add(g.size() == 1 ? g.get(0) : mergeGroup(g));
        return merged;
    }

    private static List<Object> key(BenchmarkResult r) {
        RunSettings s = r.settings();
        return Arrays.asList(r.benchmark(), r.mode(), r.params(), r.jdkVersion(), s.threads(), s.warmupIterations(), s.warmupTime(),
                s.measurementIterations(), s.measurementTime(), s.jvm());
    }

    private static BenchmarkResult mergeGroup(List<BenchmarkResult> g) {
        BenchmarkResult first = g.get(0);
        int forks = 0;
        for (BenchmarkResult r : g) forks += Objects.requireNonNullElse(r.settings().forks(), 1);
        RunSettings s = first.settings();
        RunSettings settings = new RunSettings(s.threads(), forks, s.warmupIterations(), s.warmupTime(), s.measurementIterations(),
                s.measurementTime(), s.jvm());
        Map<String, Metric> secondary = new LinkedHashMap<>();
        for (String name : first.secondary().keySet()) {
            List<Metric> ms = new ArrayList<>();
            List<Integer> weights = new ArrayList<>();
            for (BenchmarkResult r : g) {
                Metric m = r.secondary().get(name);
                if (m == null) continue;
                ms.add(m);
                weights.add(Objects.requireNonNullElse(r.settings().forks(), 1));
            }
            secondary.put(name, weighted(ms, weights));
        }
        return new BenchmarkResult(first.benchmark(), first.mode(), first.params(), first.jdkVersion(), first.vmName(), first.jmhVersion(),
                settings, primary(g.stream().map(BenchmarkResult::primary).toList()), secondary);
    }

    /** The primary metric over all rounds: forks concatenated, score recomputed from them as JMH would. */
    private static Metric primary(List<Metric> ms) {
        List<double[]> raw = new ArrayList<>();
        List<List<double[]>> histogram = new ArrayList<>();
        List<Map<Double, Double>> percentiles = new ArrayList<>();
        for (Metric m : ms) {
            if (m.rawData() != null) raw.addAll(m.rawData());
            if (m.hasHistogram()) histogram.addAll(m.histogram());
            percentiles.addAll(m.jmhPercentiles());
        }
        double score;
        if (!histogram.isEmpty()) {
            double sum = 0, count = 0;
            for (List<double[]> it : histogram) for (double[] p : it) {
                sum += p[0] * p[1];
                count += p[1];
            }
            score = sum / count;
        } else if (raw.stream().anyMatch(f -> f.length > 0)) {
            score = raw.stream().flatMapToDouble(Arrays::stream).average().orElse(Double.NaN);
        } else {
            score = ms.stream().mapToDouble(Metric::score).average().orElse(Double.NaN);
        }
        // JMH's scoreError pools iterations as if independent; the report recomputes its own interval from the forks.
        return new Metric(score, Double.NaN, ms.get(0).unit(), raw, histogram.isEmpty() ? null : histogram, percentiles);
    }

    private static Metric weighted(List<Metric> ms, List<Integer> weights) {
        double sum = 0, w = 0;
        List<double[]> raw = new ArrayList<>();
        for (int i = 0; i < ms.size(); i++) {
            sum += ms.get(i).score() * weights.get(i);
            w += weights.get(i);
            if (ms.get(i).rawData() != null) raw.addAll(ms.get(i).rawData());
        }
        return new Metric(sum / w, Double.NaN, ms.get(0).unit(), raw, null);
    }
}
