package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.stats.Stats;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes a SampleTime entry's {@code rawDataHistogram} small while keeping exactly what durabench
 * reads from it: each iteration's mean and count (the units the report's interval and compare's
 * per-fork scores are computed from) and the pooled p50, p99, p99.9 and maximum. JMH writes every
 * distinct sample value with its count — hundreds of pairs per iteration, megabytes per run.
 *
 * <p>How the percentiles survive: a pooled percentile is, by JMH's definition ({@link Stats#percentile}),
 * interpolated between the samples at two ranks around p·(N+1)/100. Those two samples for p50, p99
 * and p99.9, and the maximum, are the kept values. Per iteration, the samples strictly between two
 * kept values are replaced by one entry at their exact mean with their total count; the kept values
 * stay with their own counts. A collapsed entry lies strictly between the same two kept values as
 * its members, so every cumulative count at a kept value is unchanged and the sample at each kept
 * rank is still the kept value: the percentiles come out identical, and sums and counts are
 * unchanged, so iteration means are too. Other percentiles (p90, say) are not kept: a run without
 * --trim-histograms keeps JMH's full histogram. (JMH's own scorePercentiles stay in the entry.)
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
