package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;
import java.util.TreeMap;

/**
 * Makes a SampleTime entry's {@code rawDataHistogram} small without changing what the report reads
 * from it. JMH writes every distinct sample value (nanosecond resolution) with its count: tens of
 * thousands of pairs per iteration, megabytes per run. Here the values of each iteration are
 * grouped by their first {@value #SIGNIFICANT_DIGITS} significant digits and each group is written
 * once, at the exact mean of its members, with their total count. So each iteration's mean (the
 * unit the report's interval pools) is kept exactly, counts are kept exactly, and a percentile
 * moves by less than half a unit in the 4th significant digit (0.05%) — below what the report prints.
 */
public final class HistogramTrimmer {
    static final int SIGNIFICANT_DIGITS = 4;
    private static final MathContext GROUPING = new MathContext(SIGNIFICANT_DIGITS);

    private HistogramTrimmer() {
    }

    /** Trims every metric (primary and secondary) of one JMH result entry in place; other entries are untouched. */
    public static void trim(JsonObject entry) {
        trimMetric(entry.get("primaryMetric"));
        if (entry.get("secondaryMetrics") instanceof JsonObject secondary) {
            secondary.entrySet().forEach(e -> trimMetric(e.getValue()));
        }
    }

    private static void trimMetric(JsonElement metric) {
        if (!(metric instanceof JsonObject m) || !(m.get("rawDataHistogram") instanceof JsonArray forks)) return;
        JsonArray trimmedForks = new JsonArray();
        for (JsonElement fork : forks) {
            if (!fork.isJsonArray()) return; // not JMH's shape: leave the whole metric as it is
            JsonArray iterations = new JsonArray();
            for (JsonElement iteration : fork.getAsJsonArray()) {
                if (!iteration.isJsonArray()) return;
                iterations.add(trimIteration(iteration.getAsJsonArray()));
            }
            trimmedForks.add(iterations);
        }
        m.add("rawDataHistogram", trimmedForks);
    }

    /** One iteration's [value, count] pairs grouped by significant digits, each group at its members' mean. */
    static JsonArray trimIteration(JsonArray pairs) {
        Map<BigDecimal, double[]> groups = new TreeMap<>(); // key -> {sum of value x count, count}
        for (JsonElement p : pairs) {
            JsonArray pair = p.getAsJsonArray();
            double value = pair.get(0).getAsDouble(), count = pair.get(1).getAsDouble();
            BigDecimal key = Double.isFinite(value) ? new BigDecimal(value).round(GROUPING) : BigDecimal.ZERO;
            double[] g = groups.computeIfAbsent(key, k -> new double[2]);
            g[0] += value * count;
            g[1] += count;
        }
        JsonArray out = new JsonArray();
        for (double[] g : groups.values()) {
            JsonArray pair = new JsonArray();
            pair.add(g[0] / g[1]);
            pair.add((long) g[1]);
            out.add(pair);
        }
        return out;
    }
}
