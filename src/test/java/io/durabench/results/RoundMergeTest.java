package io.durabench.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A cell measured in rounds has one JMH entry per round; read back it is one result whose forks are
 * every round's forks in order, with JMH's score recomputed over all of them and JMH's percentiles
 * kept per round. Entries JMH ran differently are not replicates of one design and stay apart.
 */
class RoundMergeTest {
    private static final Path SOURCE = Path.of("rounds.json");

    private static String sampleEntry(int iterations, String histogramOfOneFork, String percentiles, double syncs) {
        return """
                { "jmhVersion": "1.37", "benchmark": "io.durabench.bench.SyncWriteCost.writeBlock", "mode": "sample", "threads": 1,
                  "forks": 1, "jdkVersion": "17.0.15", "warmupIterations": 1, "warmupTime": "100 ms",
                  "measurementIterations": %d, "measurementTime": "100 ms",
                  "params": { "syncMethod": "FDATASYNC", "blockSizeBytes": "8192" },
                  "primaryMetric": { "score": 0, "scoreError": 1.0, "scoreUnit": "us/op",
                                     "scorePercentiles": %s, "rawDataHistogram": [ %s ] },
                  "secondaryMetrics": { "syncCalls": { "score": %s, "scoreError": "NaN", "scoreUnit": "#", "rawData": [[%s]] } } }
                """.formatted(iterations, percentiles, histogramOfOneFork, syncs, syncs);
    }

    @Test
    void roundsOfOneCellAreOneResultWithEveryFork() {
        // Round 1: iterations of samples {100 x3, 200 x1} and {100 x2}; round 2: {300 x1} and {300 x1, 500 x1}.
        JsonArray entries = JsonParser.parseString("[" + sampleEntry(2, "[ [[100, 3], [200, 1]], [[100, 2]] ]",
                "{ \"50.0\": 100, \"99.0\": 200 }", 10) + "," + sampleEntry(2, "[ [[300, 1]], [[300, 1], [500, 1]] ]",
                "{ \"50.0\": 300, \"99.0\": 500 }", 30) + "]").getAsJsonArray();
        List<BenchmarkResult> read = JmhJsonReader.read(entries, SOURCE);
        assertEquals(1, read.size(), "one cell");
        BenchmarkResult r = read.get(0);
        assertEquals(2, r.settings().forks(), "every round's fork");
        assertEquals(4, r.primary().histogram().size(), "2 forks x 2 iterations, in the order they ran");
        assertEquals(2, r.forks().size());
        assertArrayEquals(new double[] {125, 100}, r.forks().get(0), 1e-12); // (300 + 200) / 4, 200 / 2
        assertArrayEquals(new double[] {300, 400}, r.forks().get(1), 1e-12);
        assertArrayEquals(new double[] {112.5, 350}, r.forkMeans(), 1e-12);
        // JMH's score over all forks: the mean of every sample, (500 + 200 + 300 + 800) / 9.
        assertEquals(1800.0 / 9, r.primary().score(), 1e-12);
        assertTrue(Double.isNaN(r.primary().scoreError()), "JMH's error pools iterations; the report computes its own");
        assertEquals(List.of(Map.of(50.0, 100.0, 99.0, 200.0), Map.of(50.0, 300.0, 99.0, 500.0)), r.primary().jmhPercentiles(),
                "JMH's own percentiles, one set per round");
        assertEquals(20.0, r.counter("syncCalls"), 1e-12, "a counter's score: the mean of the rounds' scores, by forks");
    }

    @Test
    void entriesRunDifferentlyAreNotMerged() {
        JsonArray entries = JsonParser.parseString("[" + sampleEntry(2, "[ [[100, 3]], [[100, 2]] ]", "{}", 10) + ","
                + sampleEntry(3, "[ [[300, 1]], [[300, 1]], [[300, 1]] ]", "{}", 30) + "]").getAsJsonArray();
        List<BenchmarkResult> read = JmhJsonReader.read(entries, SOURCE);
        assertEquals(2, read.size(), "2 and 3 measurement iterations: not replicates of one design");
        assertEquals(1, read.get(0).forks().size());
        assertEquals(1, read.get(1).forks().size());
    }

    @Test
    void aSingleEntryIsReadAsJmhWroteIt() {
        JsonArray entries = JsonParser.parseString("[" + sampleEntry(2, "[ [[100, 3]], [[100, 2]] ]", "{ \"50.0\": 100 }", 10) + "]")
                .getAsJsonArray();
        BenchmarkResult r = JmhJsonReader.read(entries, SOURCE).get(0);
        assertEquals(0, r.primary().score(), 0, "its own score, not recomputed");
        assertEquals(1.0, r.primary().scoreError(), 0);
        assertEquals(List.of(Map.of(50.0, 100.0)), r.primary().jmhPercentiles());
    }
}
