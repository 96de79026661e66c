package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads any JSON file JMH 1.x writes with {@code -rf json}, not only durabench's. Tolerates what
 * real files contain: "NaN"/"+INF"/"-INF" strings for numbers, absent params, SampleTime's
 * rawDataHistogram instead of rawData, and JMH ≤ 1.36's leading "·" on secondary metric names.
 * Any file it cannot read becomes a {@link ResultsFileException} naming the file and the problem.
 * A cell measured in rounds (one entry per round) reads back as one result holding every fork ({@link RoundMerge}).
 */
public final class JmhJsonReader {
    private static final String SECONDARY_PREFIX = "\u00b7";

    private JmhJsonReader() {
    }

    public static List<BenchmarkResult> read(Path file) {
        JsonElement root = JsonFiles.parse(file, "JMH JSON (written with -rf json)");
        if (!root.isJsonArray()) throw notJmh(file, "the top level is not an array");
        return read(root.getAsJsonArray(), file);
    }

    /** Entries already in memory (a run's, as it writes them); {@code source} names them in errors. */
    public static List<BenchmarkResult> read(JsonArray entries, Path source) {
        List<BenchmarkResult> results = new ArrayList<>();
        int index = 0;
        for (JsonElement e : entries) {
            if (!e.isJsonObject()) throw notJmh(source, "entry " + index + " is not an object");
            results.add(entry(new JmhFields(source, "entry " + index++), e.getAsJsonObject()));
        }
        return RoundMerge.merge(results);
    }

    private static BenchmarkResult entry(JmhFields f, JsonObject o) {
        String benchmark = f.requiredText(o, "benchmark");
        String mode = f.requiredText(o, "mode");
        JsonObject primary = f.requiredObject(o, "primaryMetric");
        Map<String, String> params = new LinkedHashMap<>();
        JsonObject p = f.object(o, "params");
        if (p != null) {
            JmhFields pf = f.in("params");
            for (String name : p.keySet()) {
                String value = pf.text(p, name);
                params.put(name, value == null ? "" : value);
            }
        }
        Map<String, Metric> secondary = new LinkedHashMap<>();
        JsonObject s = f.object(o, "secondaryMetrics");
        if (s != null) {
            JmhFields sf = f.in("secondaryMetrics");
            for (String key : s.keySet()) {
                String name = key.startsWith(SECONDARY_PREFIX) ? key.substring(1) : key;
                secondary.put(name, metric(f.in("secondaryMetrics." + key), sf.requiredObject(s, key)));
            }
        }
        return new BenchmarkResult(benchmark, mode, JmhParams.of(params),
                f.text(o, "jdkVersion"), f.text(o, "vmName"), f.text(o, "jmhVersion"), settings(f, o),
                metric(f.in("primaryMetric"), primary), Collections.unmodifiableMap(secondary));
    }

    /** How JMH ran the entry: what makes two results comparable (and what compare checks). */
    private static RunSettings settings(JmhFields f, JsonObject o) {
        return new RunSettings(f.count(o, "threads"), f.count(o, "forks"), f.count(o, "warmupIterations"), f.text(o, "warmupTime"),
                f.count(o, "measurementIterations"), f.text(o, "measurementTime"), f.text(o, "jvm"));
    }

    /** A metric's score, error, unit and raw data; {@code f} is scoped to it, for the messages. */
    private static Metric metric(JmhFields f, JsonObject m) {
        if (!m.has("score") || m.get("score").isJsonNull()) throw f.missing("score");
        List<double[]> raw = new ArrayList<>();
        JsonArray forks = f.array(m, "rawData");
        if (forks != null) {
            for (JsonElement fork : forks) {
                if (!fork.isJsonArray()) throw f.wrong("rawData", "an array (per fork) of arrays of numbers", fork);
                JsonArray it = fork.getAsJsonArray();
                double[] values = new double[it.size()];
                for (int i = 0; i < values.length; i++) values[i] = f.number("rawData", it.get(i));
                raw.add(values);
            }
        }
        List<List<double[]>> histogram = new ArrayList<>();
        JsonArray histogramForks = f.array(m, "rawDataHistogram");
        if (histogramForks != null) {
            for (JsonElement fork : histogramForks) {
                if (!fork.isJsonArray()) throw f.wrong("rawDataHistogram", "an array (per fork) of arrays", fork);
                for (JsonElement iteration : fork.getAsJsonArray()) histogram.add(histogramPairs(f, iteration));
            }
        }
        JsonElement error = m.get("scoreError");
        String unit = f.text(m, "scoreUnit");
        return new Metric(f.number("score", m.get("score")),
                error == null || error.isJsonNull() ? Double.NaN : f.number("scoreError", error),
                unit == null ? "" : unit, raw, histogram.isEmpty() ? null : histogram, percentiles(f, m));
    }

    /** JMH's scorePercentiles ("99.9" → value), or none. */
    private static List<Map<Double, Double>> percentiles(JmhFields f, JsonObject m) {
        JsonObject p = f.object(m, "scorePercentiles");
        if (p == null || p.isEmpty()) return List.of();
        Map<Double, Double> out = new java.util.TreeMap<>();
        for (String k : p.keySet()) {
            try {
                out.put(Double.parseDouble(k), f.number("scorePercentiles", p.get(k)));
            } catch (NumberFormatException e) {
                throw f.wrong("scorePercentiles", "percentile ranks as numbers", p);
            }
        }
        return List.of(out);
    }

    /** One iteration of SampleTime's histogram: [value, count] pairs. */
    private static List<double[]> histogramPairs(JmhFields f, JsonElement iteration) {
        String name = "rawDataHistogram";
        if (!iteration.isJsonArray()) throw f.wrong(name, "arrays (per iteration) of [value, count] pairs", iteration);
        List<double[]> pairs = new ArrayList<>();
        for (JsonElement pair : iteration.getAsJsonArray()) {
            if (!pair.isJsonArray() || pair.getAsJsonArray().size() != 2) throw f.wrong(name, "a [value, count] pair", pair);
            JsonArray vc = pair.getAsJsonArray();
            pairs.add(new double[] {f.number(name, vc.get(0)), f.whole(name + " count", vc.get(1))});
        }
        return pairs;
    }

    private static ResultsFileException notJmh(Path file, String why) {
        return new ResultsFileException(file + ": not a JMH result (" + why
                + "); expected the JSON array JMH writes with -rf json");
    }
}
