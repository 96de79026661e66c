package io.durabench.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.stats.Stats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Trimming SampleTime histograms keeps each iteration's mean and count and the pooled p50, p99, p99.9
 * and max exactly: a percentile is interpolated between the samples at the two ranks around
 * p * (N + 1) / 100 (JMH's definition), so both are kept.
 */
class HistogramTrimmerTest {

    @Test
    void aRealHistogramShrinksWithMeansCountsExactAndPercentilesClose() throws Exception {
        Path real = Path.of("src/test/resources/report/group-commit/jmh-result.json");
        JsonArray entries = JsonParser.parseString(Files.readString(real)).getAsJsonArray();
        JsonObject sample = null;
        for (var e : entries) if (e.getAsJsonObject().get("mode").getAsString().equals("sample")) sample = e.getAsJsonObject();
        List<List<double[]>> before = histogram(sample);
        int pairsBefore = before.stream().mapToInt(List::size).sum();
        JsonObject trimmed = sample.deepCopy();
        HistogramTrimmer.trim(trimmed);
        List<List<double[]>> after = histogram(trimmed);
        int pairsAfter = after.stream().mapToInt(List::size).sum();
        assertTrue(pairsAfter * 20 < pairsBefore, pairsBefore + " -> " + pairsAfter);
        double[] meansBefore = Stats.iterationMeans(before), meansAfter = Stats.iterationMeans(after);
        for (int i = 0; i < meansBefore.length; i++) assertEquals(meansBefore[i], meansAfter[i], meansBefore[i] * 1e-12);
        for (int i = 0; i < before.size(); i++) assertEquals(count(before.get(i)), count(after.get(i)));
        for (double p : new double[] {50, 99, 99.9, 100}) {
            double b = Stats.percentile(before, p), a = Stats.percentile(after, p);
            assertEquals(b, a, 0, "p" + p);
        }
    }

    @Test
    void theTwoSamplesAroundEachPercentilesPositionAreKept() {
        // Samples 1..10 in two iterations: p50 at position 5.5 needs ranks 5 and 6 (5.0 and 6.0); p99 at 10.89 and p99.9 at
        // 10.989 need rank 10 and past the end, both 10.0, the maximum.
        List<List<double[]>> oneToTen = new ArrayList<>();
        for (int it = 0; it < 2; it++) {
            List<double[]> pairs = new ArrayList<>();
            for (int v = 1 + 5 * it; v <= 5 + 5 * it; v++) pairs.add(new double[] {v, 1});
            oneToTen.add(pairs);
        }
        assertArrayEquals(new double[] {5, 6, 10}, HistogramTrimmer.keptValues(oneToTen));
        List<List<double[]>> trimmed = new ArrayList<>();
        for (List<double[]> it : oneToTen) trimmed.add(pairs(HistogramTrimmer.trimIteration(it, HistogramTrimmer.keptValues(oneToTen))));
        assertEquals(List.of("[2.5, 4.0]", "[5.0, 1.0]", "[6.0, 1.0]", "[8.0, 3.0]", "[10.0, 1.0]"),
                trimmed.stream().flatMap(List::stream).map(java.util.Arrays::toString).toList(),
                "1..4 and 7..9 collapse to their means; 5, 6 and 10 stay");
        assertEquals(5.5, Stats.percentile(oneToTen, 50), 1e-12);
        for (double p : new double[] {50, 99, 99.9, 100}) assertEquals(Stats.percentile(oneToTen, p), Stats.percentile(trimmed, p), 0, "p" + p);
        // Keeping only the value at each percentile (5.5 is not even a sample) would move p50: the rank-6 sample is needed.
        List<List<double[]>> withoutRankSix = new ArrayList<>();
        for (List<double[]> it : oneToTen) withoutRankSix.add(pairs(HistogramTrimmer.trimIteration(it, new double[] {5, 10})));
        assertTrue(Stats.percentile(withoutRankSix, 50) != 5.5, "the test can tell");
    }

    private static List<double[]> pairs(JsonArray iteration) {
        List<double[]> out = new ArrayList<>();
        for (var p : iteration) out.add(new double[] {p.getAsJsonArray().get(0).getAsDouble(), p.getAsJsonArray().get(1).getAsDouble()});
        return out;
    }

    @Test
    void samplesBetweenKeptValuesBecomeOneEntryAtTheirMean() {
        List<double[]> pairs = List.of(new double[] {1, 2}, new double[] {3, 1}, new double[] {5, 4}, new double[] {6, 1},
                new double[] {8, 1}, new double[] {9, 1});
        JsonArray out = HistogramTrimmer.trimIteration(pairs, new double[] {5, 8, 9});
        assertEquals("[[1.6666666666666667,3],[5.0,4],[6.0,1],[8.0,1],[9.0,1]]", out.toString());
    }

    private static long count(List<double[]> pairs) {
        return pairs.stream().mapToLong(p -> (long) p[1]).sum();
    }

    private static List<List<double[]>> histogram(JsonObject entry) {
        List<List<double[]>> out = new ArrayList<>();
        for (var fork : entry.getAsJsonObject("primaryMetric").getAsJsonArray("rawDataHistogram")) {
            for (var it : fork.getAsJsonArray()) {
                List<double[]> pairs = new ArrayList<>();
                for (var p : it.getAsJsonArray()) pairs.add(new double[] {p.getAsJsonArray().get(0).getAsDouble(), p.getAsJsonArray().get(1).getAsDouble()});
                out.add(pairs);
            }
        }
        return out;
    }
}
