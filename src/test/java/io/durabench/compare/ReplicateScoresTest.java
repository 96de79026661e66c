package io.durabench.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.BenchmarkResult;
import io.durabench.results.JmhJsonReader;
import io.durabench.results.JmhParams;
import io.durabench.results.Metric;
import io.durabench.results.RunSettings;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What one replicate is: a fork's mean score; iterations only when there is a single fork, and then said. */
class ReplicateScoresTest {

    private static BenchmarkResult avgt(List<double[]> forks, int iterations) {
        return new BenchmarkResult("x.Y.z", "avgt", JmhParams.of(Map.of()), "17", "vm", "1.37",
                new RunSettings(1, forks.size(), 1, "1 s", iterations, "1 s", "java"), new Metric(1, 0, "us/op", forks, null), Map.of());
    }

    @Test
    void eachForksMeanIsOneReplicate() {
        ReplicateScores s = ReplicateScores.of(List.of(avgt(List.of(new double[] {1, 3}, new double[] {10, 20}, new double[] {4, 4}), 2)));
        assertArrayEquals(new double[] {2, 15, 4}, s.values(), 1e-12);
        assertTrue(s.forksAreReplicates());
        assertEquals("3 forks", s.describe());
    }

    @Test
    void theForksOfOneRowInSeveralFilesArePooled() {
        ReplicateScores s = ReplicateScores.of(List.of(avgt(List.of(new double[] {1}, new double[] {2}), 1), avgt(List.of(new double[] {3}), 1)));
        assertArrayEquals(new double[] {1, 2, 3}, s.values(), 1e-12);
        assertEquals("3 forks", s.describe());
    }

    @Test
    void aSingleForkFallsBackToItsIterationsAndSaysTheyAreNotIndependent() {
        ReplicateScores s = ReplicateScores.of(List.of(avgt(List.of(new double[] {5, 6, 7, 8, 9}), 5)));
        assertArrayEquals(new double[] {5, 6, 7, 8, 9}, s.values(), 1e-12);
        assertFalse(s.forksAreReplicates());
        assertEquals("5 iterations of 1 fork (iterations within one JVM are not independent)", s.describe());
    }

    @Test
    void sampleTimeIsCutIntoForksOfMeasurementIterationsFromItsHistogram() {
        // Two forks of two iterations: per iteration (value, count) pairs; fork 1 iterations average 2 and 4, fork 2 10 and 10.
        List<List<double[]>> histogram = List.of(List.of(new double[] {1, 1}, new double[] {3, 1}), List.of(new double[] {4, 2}),
                List.of(new double[] {10, 5}), List.of(new double[] {10, 1}));
        BenchmarkResult r = new BenchmarkResult("x.Y.z", "sample", JmhParams.of(Map.of()), "17", "vm", "1.37",
                new RunSettings(1, 2, 1, "1 s", 2, "1 s", "java"), new Metric(1, 0, "us/op", List.of(), histogram), Map.of());
        ReplicateScores s = ReplicateScores.of(List.of(r));
        assertArrayEquals(new double[] {3, 10}, s.values(), 1e-12);
        assertEquals("2 forks", s.describe());
    }

    @Test
    void aRealSampleTimeFileOfOneForkGivesItsIterations() throws URISyntaxException {
        Path file = Path.of(getClass().getResource("/report/jmh-samples/sample27-params-sample.json").toURI());
        ReplicateScores s = ReplicateScores.of(List.of(JmhJsonReader.read(file).get(0)));
        assertEquals(2, s.values().length);
        assertEquals("2 iterations of 1 fork (iterations within one JVM are not independent)", s.describe());
        for (double v : s.values()) assertTrue(v > 0, String.valueOf(v));
    }
}
