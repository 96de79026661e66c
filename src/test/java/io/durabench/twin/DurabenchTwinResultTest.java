package io.durabench.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.env.TargetLabel;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.util.ListStatistics;

/**
 * One short real run of the C twin on a disk directory (a few cells incl. ZERO_FILL and O_DIRECT),
 * read back with durabench's own reader and report: the JSON has JMH's shape, the Java benchmarks'
 * names and params, JMH's statistics, and counters that follow the workloads' exact sync cadence.
 */
class DurabenchTwinResultTest {
    private static final double MEASURED_US = 50_000;
    private static final String SYNC_WRITE = "io.durabench.bench.SyncWriteCost.writeBlock";
    private static final List<String> CELLS = List.of(
            "SyncWriteCost.writeBlock syncMethod=FDATASYNC blockSizeBytes=8192 writesPerSync=10 preallocation=NONE",
            "io.durabench.bench.SyncWriteCost.writeBlock syncMethod=FDATASYNC blockSizeBytes=8192 writesPerSync=1 preallocation=ZERO_FILL",
            "SyncWriteCost.writeBlock syncMethod=O_DIRECT blockSizeBytes=4096 writesPerSync=1 preallocation=NONE  # direct I/O",
            "SyncWriteCost.writeBlock syncMethod=O_DSYNC blockSizeBytes=4096 writesPerSync=1 preallocation=FTRUNCATE",
            "SyncWriteCost.writeBlock syncMethod=O_DSYNC blockSizeBytes=4096 writesPerSync=10 preallocation=NONE",
            "",
            "PgTestFsyncEquivalent.rewriteFirstBlock pgMethod=WRITE",
            "FileCreateCost.createWriteSync blockSizeBytes=8192 syncDirectory=true",
            "NativeCallCost.getppid");

    private static Path outFolder;
    private static Path resultFile;
    private static String targetDir;
    private static JsonArray json;
    private static List<String> leftInTarget;

    @BeforeAll
    static void runTheTwinOnce() throws IOException {
        TwinBinary.build();
        Path work = Files.createDirectories(Path.of("target", "twin-test").toAbsolutePath());
        outFolder = Files.createTempDirectory(work, "out-");
        Path cells = outFolder.resolve("cells.txt");
        Files.write(cells, CELLS);
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            targetDir = dir.path().toString();
            TwinBinary.Run run = TwinBinary.run(List.of("--dir", targetDir, "--out", outFolder.toString(), "--cells", cells.toString(),
                    "-wi", "1", "-w", "20ms", "-i", "3", "-r", "50ms"));
            assertEquals(0, run.exitCode(), run.stderr());
            leftInTarget = dir.listing();
        }
        resultFile = outFolder.resolve(TargetLabel.label(Path.of(targetDir))).resolve("jmh-result.json");
        json = JsonParser.parseString(Files.readString(resultFile)).getAsJsonArray();
    }

    @Test
    void everyFileTheTwinCreatedInTheTargetIsDeleted() {
        assertEquals(List.of(), leftInTarget);
    }

    @Test
    void durabenchReadsTheFolderLikeARunTargetFolderWithTheNotApplicableCellListed() {
        List<ResultSet> sets = ResultsLoader.load(List.of(outFolder));
        assertEquals(1, sets.size());
        assertEquals(7, sets.get(0).results().size());
        assertEquals(1, sets.get(0).notMeasured().size());
        assertTrue(sets.get(0).notMeasured().get(0).reason().contains("writesPerSync=10 does not apply to O_DSYNC"));
        Report report = ReportBuilder.build(sets, SyncMethod.NONE);
        ReportRow batched = report.rows().stream().filter(r -> "FDATASYNC".equals(r.method()) && Integer.valueOf(10).equals(r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC)))
                .findFirst().orElseThrow();
        double writes = sum(counter(entry(0), "writes")), syncs = sum(counter(entry(0), "syncCalls"));
        assertEquals(syncs / writes, batched.syncsPerWrite(), 1e-12, "the report's syncs per write are the twin's counters");
        assertTrue(batched.syncsPerWrite() <= 0.1 && batched.syncsPerWrite() >= 0.1 - 3 * 0.9 / writes,
                "one fdatasync per 10 writes, less at most one unfinished batch per iteration: " + batched.syncsPerWrite());
        assertEquals("JDK C", batched.context().jdk(), "the twin's rows are their own context, never mixed with a JDK's");
    }

    @Test
    void namesAndParamsAreTheJavaBenchmarksOwn() {
        List<BenchmarkResult> results = ResultsLoader.load(List.of(resultFile)).get(0).results();
        assertEquals(Map.of("blockSizeBytes", "8192", "preallocation", "NONE", "syncMethod", "FDATASYNC", "targetDir", targetDir,
                "writesPerSync", "10"), results.get(0).params().asMap());
        assertEquals(List.of("blockSizeBytes", "preallocation", "syncMethod", "targetDir", "writesPerSync"),
                List.copyOf(results.get(0).params().asMap().keySet()), "JMH writes params in alphabetical order");
        assertEquals("io.durabench.bench.PgTestFsyncEquivalent.rewriteFirstBlock", results.get(4).benchmark());
        assertEquals(Map.of("pgMethod", "WRITE", "targetDir", targetDir), results.get(4).params().asMap());
        assertEquals(Map.of("blockSizeBytes", "8192", "syncDirectory", "true", "targetDir", targetDir), results.get(5).params().asMap());
        assertEquals("io.durabench.bench.NativeCallCost.getppid", results.get(6).benchmark());
        assertTrue(results.get(6).params().isEmpty() && results.get(6).secondary().isEmpty());
        assertTrue(results.get(6).primary().score() > 0);
    }

    @Test
    void eachEntryHasTheShapeOfARealJmhEntry() throws IOException {
        JsonObject real = null;
        for (JsonElement e : JsonParser.parseString(Files.readString(Path.of("src/test/resources/report/real-run/dev-shm/jmh-result.json")))
                .getAsJsonArray()) {
            if (e.getAsJsonObject().get("mode").getAsString().equals("avgt")) real = e.getAsJsonObject();
        }
        JsonObject twin = json.get(0).getAsJsonObject();
        assertEquals(List.copyOf(real.keySet()), List.copyOf(twin.keySet()));
        assertEquals(List.copyOf(real.getAsJsonObject("params").keySet()), List.copyOf(twin.getAsJsonObject("params").keySet()));
        JsonObject realPrimary = real.getAsJsonObject("primaryMetric"), twinPrimary = twin.getAsJsonObject("primaryMetric");
        assertEquals(List.copyOf(realPrimary.keySet()), List.copyOf(twinPrimary.keySet()));
        assertEquals(List.copyOf(realPrimary.getAsJsonObject("scorePercentiles").keySet()),
                List.copyOf(twinPrimary.getAsJsonObject("scorePercentiles").keySet()));
        JsonObject realSecondary = real.getAsJsonObject("secondaryMetrics"), twinSecondary = twin.getAsJsonObject("secondaryMetrics");
        assertEquals(List.copyOf(realSecondary.keySet()), List.copyOf(twinSecondary.keySet()));
        for (String counter : realSecondary.keySet()) {
            JsonObject r = realSecondary.getAsJsonObject(counter), t = twinSecondary.getAsJsonObject(counter);
            assertEquals(List.copyOf(r.keySet()), List.copyOf(t.keySet()), counter);
            assertEquals("#", t.get("scoreUnit").getAsString());
            assertEquals("NaN", t.get("scoreError").getAsString(), "an EVENTS counter has no error, as JMH writes it");
            double sum = 0;
            for (JsonElement v : t.getAsJsonArray("rawData").get(0).getAsJsonArray()) sum += v.getAsDouble();
            assertEquals(sum, t.get("score").getAsDouble(), 0, counter + ": EVENTS score is the sum over iterations");
        }
        assertEquals("avgt", twin.get("mode").getAsString());
        assertEquals("us/op", twinPrimary.get("scoreUnit").getAsString());
        assertEquals("50 ms", twin.get("measurementTime").getAsString());
        assertEquals("20 ms", twin.get("warmupTime").getAsString());
    }

    @Test
    void scoresAndIntervalsAreJmhsOwnStatistics() {
        for (JsonElement e : json) {
            JsonObject primary = e.getAsJsonObject().getAsJsonObject("primaryMetric");
            ListStatistics jmh = new ListStatistics();
            for (JsonElement v : primary.getAsJsonArray("rawData").get(0).getAsJsonArray()) jmh.addValue(v.getAsDouble());
            assertEquals(3, jmh.getN());
            double score = primary.get("score").getAsDouble();
            assertEquals(jmh.getMean(), score, 1e-12 * score);
            assertEquals(jmh.getMeanErrorAt(0.999), primary.get("scoreError").getAsDouble(), 1e-9 * score);
            double[] ci = jmh.getConfidenceIntervalAt(0.999);
            assertEquals(ci[0], primary.getAsJsonArray("scoreConfidence").get(0).getAsDouble(), 1e-9 * score);
            assertEquals(ci[1], primary.getAsJsonArray("scoreConfidence").get(1).getAsDouble(), 1e-9 * score);
            for (Map.Entry<String, JsonElement> p : primary.getAsJsonObject("scorePercentiles").entrySet()) {
                assertEquals(jmh.getPercentile(Double.parseDouble(p.getKey())), p.getValue().getAsDouble(), 1e-12 * score, p.getKey());
            }
        }
    }

    @Test
    void eachScoreIsTheIterationsTimeOverItsWrites() {
        for (JsonElement e : json) {
            JsonObject o = e.getAsJsonObject();
            if (!o.get("benchmark").getAsString().equals(SYNC_WRITE)) continue;
            double[] scores = raw(o.getAsJsonObject("primaryMetric"));
            double[] writes = counter(o, "writes");
            for (int i = 0; i < scores.length; i++) {
                double elapsedUs = scores[i] * writes[i];
                assertTrue(elapsedUs >= MEASURED_US * (1 - 1e-9) && elapsedUs < MEASURED_US + 10e6,
                        "iteration " + i + ": " + scores[i] + " us/op x " + writes[i] + " writes = " + elapsedUs + " us, not a 50 ms iteration");
            }
        }
    }

    @Test
    void countersFollowTheJavaWorkloadsSyncCadenceExactly() {
        for (int i = 0; i < 3; i++) {
            // FDATASYNC, one sync per 10 writes; when the 64 MiB region (8,192 writes) recycles, at the write after its
            // last, the unfinished batch (2 writes) is synced first, as DurableWriteLoop.recycle does: 820 syncs a region.
            long w = (long) counter(entry(0), "writes")[i];
            long recycled = w == 0 ? 0 : (w - 1) / 8192;
            assertEquals(recycled * 820 + (w - recycled * 8192) / 10, (long) counter(entry(0), "syncCalls")[i]);
            assertEquals(w * 8192, (long) counter(entry(0), "bytes")[i]);
            assertEquals(0, counter(entry(0), "syncedWrites")[i]);
            assertEquals(0, counter(entry(0), "preallocSyncs")[i]);
            // ZERO_FILL: the first 4 MiB chunk is zeroed before the iteration; one synced chunk per 512 writes after it.
            w = (long) counter(entry(1), "writes")[i];
            long firstRegion = Math.min(w, 8192), rest = w - firstRegion;
            long chunks = ceil(firstRegion, 512) - 1 + (rest / 8192) * 16 + ceil(rest % 8192, 512);
            assertEquals(chunks, (long) counter(entry(1), "preallocSyncs")[i]);
            assertEquals(w, (long) counter(entry(1), "syncCalls")[i]);
            // O_DIRECT: no sync of any kind.
            assertEquals(0, counter(entry(2), "syncCalls")[i] + counter(entry(2), "syncedWrites")[i] + counter(entry(2), "preallocSyncs")[i]);
            assertTrue(counter(entry(2), "writes")[i] > 0);
            // O_DSYNC: every write synchronous; FTRUNCATE's fsync only when the region (16,384 4-KiB writes) recycles.
            w = (long) counter(entry(3), "writes")[i];
            assertEquals(w, (long) counter(entry(3), "syncedWrites")[i]);
            assertEquals(0, counter(entry(3), "syncCalls")[i]);
            assertEquals(w == 0 ? 0 : (w - 1) / 16384, (long) counter(entry(3), "preallocSyncs")[i]);
            // pg_test_fsync's plain write: no sync; file creation with the directory fsync: two per file.
            assertEquals(0, counter(entry(4), "syncCalls")[i]);
            assertEquals(2 * counter(entry(5), "writes")[i], counter(entry(5), "syncCalls")[i]);
        }
    }

    private static double sum(double[] values) {
        double s = 0;
        for (double v : values) s += v;
        return s;
    }

    private static long ceil(long a, long b) {
        return (a + b - 1) / b;
    }

    private static JsonObject entry(int index) {
        return json.get(index).getAsJsonObject();
    }

    private static double[] raw(JsonObject metric) {
        List<Double> values = new ArrayList<>();
        for (JsonElement v : metric.getAsJsonArray("rawData").get(0).getAsJsonArray()) values.add(v.getAsDouble());
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double[] counter(JsonObject entry, String name) {
        return raw(entry.getAsJsonObject("secondaryMetrics").getAsJsonObject(name));
    }
}
