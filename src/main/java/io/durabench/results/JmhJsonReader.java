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
 */
public final class JmhJsonReader {
    private static final String SECONDARY_PREFIX = "\u00b7";

    private JmhJsonReader() {
    }

    public static List<BenchmarkResult> read(Path file) {
        JsonElement root = JsonFiles.parse(file);
        if (!root.isJsonArray()) throw notJmh(file, "the top level is not an array");
        return read(root.getAsJsonArray(), file);
    }

    /** Entries already in memory (a run's, as it writes them); {@code source} names them in errors. */
    public static List<BenchmarkResult> read(JsonArray entries, Path source) {
        List<BenchmarkResult> results = new ArrayList<>();
        int index = 0;
        for (JsonElement e : entries) {
            if (!e.isJsonObject()) throw notJmh(source, "entry " + index + " is not an object");
            results.add(entry(source, index++, e.getAsJsonObject()));
        }
        return results;
    }

    private static BenchmarkResult entry(Path file, int index, JsonObject o) {
        String benchmark = text(o, "benchmark");
        String mode = text(o, "mode");
        JsonElement primary = o.get("primaryMetric");
        if (benchmark == null || mode == null || primary == null || !primary.isJsonObject()) {
            throw notJmh(file, "entry " + index + " lacks benchmark, mode or primaryMetric");
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (o.get("params") instanceof JsonObject p) {
            for (Map.Entry<String, JsonElement> kv : p.entrySet()) {
                JsonElement v = kv.getValue();
                if (!v.isJsonNull() && !v.isJsonPrimitive()) {
                    throw notJmh(file, "entry " + index + " param " + kv.getKey() + " is not a plain value");
                }
                params.put(kv.getKey(), v.isJsonNull() ? "" : v.getAsString());
            }
        }
        Map<String, Metric> secondary = new LinkedHashMap<>();
        if (o.get("secondaryMetrics") instanceof JsonObject s) {
            for (Map.Entry<String, JsonElement> kv : s.entrySet()) {
                if (!kv.getValue().isJsonObject()) continue;
                String name = kv.getKey().startsWith(SECONDARY_PREFIX) ? kv.getKey().substring(1) : kv.getKey();
                secondary.put(name, metric(kv.getValue().getAsJsonObject()));
            }
        }
        return new BenchmarkResult(benchmark, mode, JmhParams.of(params),
                text(o, "jdkVersion"), text(o, "vmName"), text(o, "jmhVersion"), settings(o),
                metric(primary.getAsJsonObject()), Collections.unmodifiableMap(secondary));
    }

    /** How JMH ran the entry: what makes two results comparable (and what compare checks). */
    private static RunSettings settings(JsonObject o) {
        return new RunSettings(whole(o, "threads"), whole(o, "forks"), whole(o, "warmupIterations"), text(o, "warmupTime"),
                whole(o, "measurementIterations"), text(o, "measurementTime"), text(o, "jvm"));
    }

    private static Integer whole(JsonObject o, String name) {
        JsonElement e = o.get(name);
        if (e == null || !e.isJsonPrimitive()) return null;
        try {
            return Integer.parseInt(e.getAsString());
        } catch (NumberFormatException notWhole) {
            return null;
        }
    }

    private static Metric metric(JsonObject m) {
        List<double[]> raw = new ArrayList<>();
        if (m.get("rawData") instanceof JsonArray forks) {
            for (JsonElement fork : forks) {
                if (!fork.isJsonArray()) continue;
                JsonArray it = fork.getAsJsonArray();
                double[] values = new double[it.size()];
                for (int i = 0; i < values.length; i++) values[i] = number(it.get(i));
                raw.add(values);
            }
        }
        List<List<double[]>> histogram = new ArrayList<>();
        if (m.get("rawDataHistogram") instanceof JsonArray forks) {
            for (JsonElement fork : forks) {
                if (!fork.isJsonArray()) continue;
                for (JsonElement iteration : fork.getAsJsonArray()) {
                    if (!iteration.isJsonArray()) continue;
                    List<double[]> pairs = new ArrayList<>();
                    for (JsonElement pair : iteration.getAsJsonArray()) {
                        if (pair.isJsonArray() && pair.getAsJsonArray().size() == 2) {
                            pairs.add(new double[] {number(pair.getAsJsonArray().get(0)), number(pair.getAsJsonArray().get(1))});
                        }
                    }
                    histogram.add(pairs);
                }
            }
        }
        String unit = text(m, "scoreUnit");
        return new Metric(number(m.get("score")), number(m.get("scoreError")), unit == null ? "" : unit, raw,
                histogram.isEmpty() ? null : histogram);
    }

    /** JMH writes non-finite numbers as strings: "NaN", "+INF", "-INF". */
    static double number(JsonElement e) {
        if (e == null || e.isJsonNull()) return Double.NaN;
        if (!e.isJsonPrimitive()) return Double.NaN;
        if (e.getAsJsonPrimitive().isNumber()) return e.getAsDouble();
        String s = e.getAsString().trim();
        switch (s) {
            case "+INF", "INF", "Infinity", "+Infinity": return Double.POSITIVE_INFINITY;
            case "-INF", "-Infinity": return Double.NEGATIVE_INFINITY;
            default:
                try {
                    return Double.parseDouble(s);
                } catch (NumberFormatException nfe) {
                    return Double.NaN;
                }
        }
    }

    private static String text(JsonObject o, String name) {
        JsonElement e = o.get(name);
        return e == null || e.isJsonNull() || !e.isJsonPrimitive() ? null : e.getAsString();
    }

    private static ResultsFileException notJmh(Path file, String why) {
        return new ResultsFileException(file + ": not a JMH result (" + why
                + "); expected the JSON array JMH writes with -rf json");
    }
}
