package io.durabench.report;

import io.durabench.format.Fmt;
import io.durabench.report.analysis.*;
import io.durabench.report.render.*;
import io.durabench.results.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhJsonReaderTest {
    @TempDir
    Path dir;

    @Test
    void toleratesNonFiniteStringsAbsentParamsAndOldSecondaryPrefix() throws IOException {
        Path f = dir.resolve("old.json");
        Files.writeString(f, """
                [ { "jmhVersion": "1.36", "benchmark": "a.B.m", "mode": "thrpt",
                    "primaryMetric": { "score": "+INF", "scoreError": "NaN", "scoreUnit": "ops/s", "rawData": [["-INF", 2.0]] },
                    "secondaryMetrics": { "\u00b7gc.alloc.rate": { "score": 1.5, "scoreError": "NaN", "scoreUnit": "MB/sec" } } } ]
                """);
        BenchmarkResult r = JmhJsonReader.read(f).get(0);
        assertTrue(r.params().isEmpty());
        assertEquals(Double.POSITIVE_INFINITY, r.primary().score());
        assertTrue(Double.isNaN(r.primary().scoreError()));
        assertEquals(Double.NEGATIVE_INFINITY, r.primary().rawData().get(0)[0]);
        assertTrue(r.secondary().containsKey("gc.alloc.rate"));
        Report report = ReportBuilder.build(ResultsLoader.load(List.of(f)), io.durabench.workload.SyncMethod.NONE);
        assertEquals("+INF", Fmt.plain(report.plainRows().get(0).score()));
    }

    @Test
    void readsSampleTimeHistograms() {
        Path result = Fixtures.path("real-run/dev-shm/jmh-result.json");
        BenchmarkResult sample = JmhJsonReader.read(result).stream().filter(r -> r.mode().equals("sample")).findFirst().orElseThrow();
        assertTrue(sample.primary().hasHistogram());
        assertFalse(sample.primary().hasRawData());
        assertEquals(3, sample.primary().histogram().size(), "one histogram per measurement iteration");
    }

    @Test
    void everyRealJmhSampleFileRendersInEveryFormat() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(Fixtures.path("jmh-samples"))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertTrue(files.size() >= 6, files.toString());
        for (Path f : files) {
            Report report = ReportBuilder.build(ResultsLoader.load(List.of(f)), io.durabench.workload.SyncMethod.NONE);
            assertFalse(report.plainRows().isEmpty(), f.toString());
            assertTrue(report.rows().isEmpty(), "samples are not durabench rows: " + f);
            String text = Rendered.text(report);
            assertTrue(text.contains("org.openjdk.jmh.samples."), f.toString());
            Rendered.markdown(report, List.of());
            for (CsvTable t : CsvTables.present(report)) CsvTables.render(report, t);
            JsonRenderer.render(report);
        }
        Report all = ReportBuilder.build(ResultsLoader.load(files), io.durabench.workload.SyncMethod.NONE);
        List<String> modes = all.plainRows().stream().map(PlainRow::mode).distinct().sorted().toList();
        assertEquals(List.of("avgt", "sample", "ss", "thrpt"), modes);
        assertTrue(all.plainRows().stream().anyMatch(p -> "gc.alloc.rate.norm".equals(p.metric())), "-prof gc metrics");
        assertTrue(all.plainRows().stream().anyMatch(p -> p.params().get("certainty") != null), "@Param samples");
    }
}
