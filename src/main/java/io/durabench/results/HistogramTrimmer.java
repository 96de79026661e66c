package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.stats.Stats;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes a SampleTime entry's {@code rawDataHistogram} small (JMH writes every distinct sample value
 * with its count, megabytes per run) while keeping exactly what durabench reads from it: each
 * iteration's mean and count, and the pooled p50, p99, p99.9 and maximum.
 *
 * <p>A pooled percentile is interpolated between the samples at two ranks ({@link Stats#percentile});
 * those two samples for each kept percentile, and the maximum, are kept. Per iteration, the samples
 * strictly between two kept values become one entry at their exact mean with their total count.
 * Every cumulative count at a kept value is then unchanged, so the percentiles come out identical,
 * and so do sums, counts and iteration means. Other percentiles (p90, say) are not kept: a run
 * without --trim-histograms keeps JMH's full histogram, and JMH's own scorePercentiles stay.
 */
public final class HistogramTrimmer {
    private static final double[] KEPT_PERCENTILES = {50, 99, 99.9};

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
        List<List<List<double[]>>> all = new ArrayList<>();
        List<List<double[]>> pooled = new ArrayList<>();
        for (JsonElement fork : forks) {
            if (!fork.isJsonArray()) return; // not JMH's shape: leave the whole metric as it is
            List<List<double[]>> iterations = new ArrayList<>();
            for (JsonElement iteration : fork.getAsJsonArray()) {
                if (!iteration.isJsonArray()) return;
                List<double[]> pairs = new ArrayList<>();
                for (JsonElement p : iteration.getAsJsonArray()) {
                    if (!p.isJsonArray() || p.getAsJsonArray().size() != 2) return;
                    pairs.add(new double[] {p.getAsJsonArray().get(0).getAsDouble(), p.getAsJsonArray().get(1).getAsDouble()});
                }
                iterations.add(pairs);
                pooled.add(pairs);
            }
            all.add(iterations);
        }
        double[] kept = keptValues(pooled);
        JsonArray trimmedForks = new JsonArray();
        for (List<List<double[]>> fork : all) {
            JsonArray iterations = new JsonArray();
            for (List<double[]> it : fork) iterations.add(trimIteration(it, kept));
            trimmedForks.add(iterations);
        }
        m.add("rawDataHistogram", trimmedForks);
    }

    /** The samples at the two ranks around each kept percentile's position, and the maximum; sorted, distinct. */
    static double[] keptValues(List<List<double[]>> pooled) {
        List<double[]> all = new ArrayList<>();
        pooled.forEach(all::addAll);
        all.sort((a, b) -> Double.compare(a[0], b[0]));
        double total = all.stream().mapToDouble(p -> p[1]).sum();
        java.util.TreeSet<Double> kept = new java.util.TreeSet<>();
        for (double p : KEPT_PERCENTILES) {
            double floor = Math.floor(p * (total + 1) / 100);
            kept.add(Stats.sampleAt(all, floor));
            kept.add(Stats.sampleAt(all, floor + 1));
        }
        if (!all.isEmpty()) kept.add(all.get(all.size() - 1)[0]);
        return kept.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** One iteration: each kept value with its own count, and one entry at the mean of the samples between two kept values. */
    static JsonArray trimIteration(List<double[]> pairs, double[] kept) {
        int slots = kept.length * 2 + 1; // below kept[0], at kept[0], between kept[0] and kept[1], ..., above the last
        double[] sum = new double[slots], count = new double[slots];
        for (double[] p : pairs) {
            int slot = slotOf(p[0], kept);
            sum[slot] += p[0] * p[1];
            count[slot] += p[1];
        }
        JsonArray out = new JsonArray();
        for (int s = 0; s < slots; s++) {
            if (count[s] == 0) continue;
            JsonArray pair = new JsonArray();
            boolean atKept = s % 2 == 1;
            pair.add(atKept ? kept[s / 2] : sum[s] / count[s]);
            pair.add((long) count[s]);
            out.add(pair);
        }
        return out;
    }

    private static int slotOf(double v, double[] kept) {
        for (int i = 0; i < kept.length; i++) {
            if (v < kept[i]) return 2 * i;
            if (v == kept[i]) return 2 * i + 1;
        }
        return 2 * kept.length;
    }
}
