package io.durabench.report;

import io.durabench.report.analysis.*;
import io.durabench.report.render.*;
import io.durabench.output.Field;
import io.durabench.report.chart.*;
import io.durabench.results.*;
import io.durabench.stats.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real GroupCommit run (standard profile, committers 1/2/4, 8 KiB records, 2 iterations of
 * 300 ms, Throughput + SampleTime) on ext4, as `durabench run --out` wrote it. Expected figures
 * are recomputed here from the fixture's JSON, independently of the report code.
 */
class GroupCommitReportTest {
    static final String FIXTURE = "group-commit";
    static final List<String> FIELDS = List.of("id", "benchmark", "context", "params", "variant", "commitDelayMicros",
            "committers", "recordSizeBytes", "syncMethod", "preallocation", "commitsPerSec", "commitsPerSecLow",
            "commitsPerSecHigh", "n", "meanLatencyUs", "p50Us", "p99Us", "p999Us", "syncsPerCommit", "speedupVs1",
            "speedupVs1Low", "speedupVs1High", "durable", "notDurableBecause", "na");

    @TempDir
    Path out;

    /** The fixture's JMH entries by "method|delay|committers|mode". */
    static Map<String, JsonObject> fixture() throws IOException {
        JsonArray all = JsonParser.parseString(Files.readString(Fixtures.path(FIXTURE).resolve("jmh-result.json"))).getAsJsonArray();
        Map<String, JsonObject> byKey = new TreeMap<>();
        for (JsonElement e : all) {
            JsonObject o = e.getAsJsonObject();
            JsonObject p = o.getAsJsonObject("params");
            String method = o.get("benchmark").getAsString().replaceAll(".*\\.", "");
            String delay = p.has("commitDelayMicros") ? p.get("commitDelayMicros").getAsString() : "-";
            byKey.put(method + "|" + delay + "|" + p.get("committers").getAsString() + "|" + o.get("mode").getAsString(), o);
        }
        return byKey;
    }

    static JsonObject entry(GroupCommitRow r, String mode) throws IOException {
        String method = r.benchmark().replaceAll(".*\\.", "");
        return fixture().get(method + "|" + r.cell().find(io.durabench.catalogue.GroupCommitFamily.COMMIT_DELAY).map(String::valueOf).orElse("-") + "|" + r.committers() + "|" + mode);
    }

    /** commits/s of each iteration: the fixture's unit is ops/us. */
    static double commitsPerSec(JsonObject thrpt) {
        assertEquals("ops/us", thrpt.getAsJsonObject("primaryMetric").get("scoreUnit").getAsString());
        JsonArray iterations = thrpt.getAsJsonObject("primaryMetric").getAsJsonArray("rawData").get(0).getAsJsonArray();
        double sum = 0;
        for (JsonElement it : iterations) sum += it.getAsDouble() * 1e6;
        return sum / iterations.size();
    }

    static double secondary(JsonObject o, String name) {
        return o.getAsJsonObject("secondaryMetrics").getAsJsonObject(name).get("score").getAsDouble();
    }

    /** JMH's own p-th percentile of the entry (its scorePercentiles, us/op); this run is one round, so one figure per cell. */
    static double jmhPercentile(JsonObject sample, double p) {
        return sample.getAsJsonObject("primaryMetric").getAsJsonObject("scorePercentiles").get(String.valueOf(p)).getAsDouble();
    }

    /**
     * The p-th percentile recomputed from the SampleTime histogram (us/op) by JMH's definition: position
     * p * (N + 1) / 100 in the sorted samples, interpolated linearly between the samples at the ranks around it.
     */
    static double percentile(JsonObject sample, double p) {
        List<double[]> pairs = new ArrayList<>();
        for (JsonElement fork : sample.getAsJsonObject("primaryMetric").getAsJsonArray("rawDataHistogram")) {
            for (JsonElement iteration : fork.getAsJsonArray()) {
                for (JsonElement pair : iteration.getAsJsonArray()) {
                    pairs.add(new double[] {pair.getAsJsonArray().get(0).getAsDouble(), pair.getAsJsonArray().get(1).getAsDouble()});
                }
            }
        }
        if (pairs.isEmpty()) throw new AssertionError("empty histogram");
        pairs.sort((a, b) -> Double.compare(a[0], b[0]));
        double total = pairs.stream().mapToDouble(x -> x[1]).sum();
        double position = p * (total + 1) / 100, floor = Math.floor(position);
        double below = atRank(pairs, floor), above = atRank(pairs, floor + 1);
        return below + (above - below) * (position - floor);
    }

    /** The sample at 1-based rank k of sorted (value, count) pairs: the smallest below rank 1, the largest past the end. */
    private static double atRank(List<double[]> sorted, double k) {
        double seen = 0;
        for (double[] x : sorted) {
            seen += x[1];
            if (seen >= k) return x[0];
        }
        return sorted.get(sorted.size() - 1)[0];
    }

    @Test
    void oneRowPerVariantAndCommitterCountNoneMisreadAsPerWriteRows() {
        Report report = Fixtures.report(FIXTURE);
        assertTrue(report.rows().isEmpty(), "GroupCommit is not a sync-write comparison: " + report.rows());
        assertTrue(report.plainRows().isEmpty(), "GroupCommit results are not 'other results'");
        assertTrue(report.warnings().isEmpty(), report.warnings().toString());
        List<String> seen = report.groupCommitRows().stream().map(r -> r.variant() + " x" + r.committers()).toList();
        assertEquals(List.of("group commit, delay 0 µs x1", "group commit, delay 0 µs x2", "group commit, delay 0 µs x4",
                "group commit, delay 100 µs x1", "group commit, delay 100 µs x2", "group commit, delay 100 µs x4",
                "each syncs alone x1", "each syncs alone x2", "each syncs alone x4"), seen);
        for (GroupCommitRow r : report.groupCommitRows()) {
            assertEquals("8192 B records, FDATASYNC, prealloc ZERO_FILL", r.groupLabel());
            assertEquals("ext4 /work/wt-gcreport/target/gc-data", r.context().place());
            assertTrue(r.durable(), "FDATASYNC on ext4 backed by vda");
            assertNull(r.na());
        }
    }

    @Test
    void figuresAreRecomputedFromTheFixture() throws IOException {
        Report report = Fixtures.report(FIXTURE);
        Map<String, Double> single = new TreeMap<>();
        for (GroupCommitRow r : report.groupCommitRows()) {
            if (r.committers() == 1) single.put(r.variant(), commitsPerSec(entry(r, "thrpt")));
        }
        for (GroupCommitRow r : report.groupCommitRows()) {
            JsonObject thrpt = entry(r, "thrpt"), sample = entry(r, "sample");
            String what = r.variant() + " x" + r.committers();
            assertEquals(commitsPerSec(thrpt), r.meanCommitsPerSec(), 1e-6, what);
            assertEquals(2, r.commitsPerSec().n(), what);
            assertTrue(r.commitsPerSec().low() < r.meanCommitsPerSec() && r.meanCommitsPerSec() < r.commitsPerSec().high(), what);
            assertTrue(r.commitsPerSec().low() > 0, "2 iterations on t(1): a log-scale interval still stays above zero: " + what);
            assertEquals(secondary(thrpt, "syncs") / secondary(thrpt, "commits"), r.syncsPerCommit(), 1e-12, what);
            // The report quotes JMH's own percentiles, and they are JMH's definition over the samples the fixture holds.
            assertEquals(jmhPercentile(sample, 50), r.p50Us(), 1e-9, what);
            assertEquals(jmhPercentile(sample, 99), r.p99Us(), 1e-9, what);
            assertEquals(jmhPercentile(sample, 99.9), r.p999Us(), 1e-9, what);
            for (double p : new double[] {50, 90, 99, 99.9, 99.99}) {
                assertEquals(percentile(sample, p), jmhPercentile(sample, p), 1e-12 * percentile(sample, p), what + " p" + p);
            }
            assertEquals(commitsPerSec(thrpt) / single.get(r.variant()), r.speedup().mean(), 1e-9, what);
        }
    }

    @Test
    void syncsPerCommitSeparateTheVariantsAsTheCountersSay() throws IOException {
        Report report = Fixtures.report(FIXTURE);
        for (GroupCommitRow r : report.groupCommitRows()) {
            JsonObject thrpt = entry(r, "thrpt");
            if (r.variant().equals("each syncs alone")) {
                // Every committer syncs its own commit: the counters say so, and so must the report.
                assertEquals(secondary(thrpt, "commits"), secondary(thrpt, "syncs"));
                assertEquals(1.0, r.syncsPerCommit(), 1e-12);
            } else if (r.committers() == 4) {
                assertTrue(secondary(thrpt, "syncs") < secondary(thrpt, "commits"), "this run shared syncs at 4 committers");
                assertTrue(r.syncsPerCommit() < 1, r.variant() + ": " + r.syncsPerCommit());
            }
        }
    }

    @Test
    void everyFormatCarriesTheSectionAndTheChart() throws IOException {
        Report report = Fixtures.report(FIXTURE);
        List<Path> written = Rendered.writeAll(report, out);
        for (String name : List.of("report.md", "report-group-commit.csv", "report.json", "chart-group-commit.png", "chart-group-commit.svg")) {
            assertTrue(written.contains(out.resolve(name)), name);
        }
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("### Group commit"), md);
        assertTrue(md.contains("#### 8192 B records, FDATASYNC, prealloc ZERO_FILL"), md);
        assertTrue(md.contains("| each syncs alone | 4 | 10,095 ["), md);
        assertTrue(md.contains("![" + GroupCommitChart.TITLE + "](chart-group-commit.png)"), md);
        assertFalse(md.contains("Other JMH results"), md);

        List<String> csv = Files.readAllLines(out.resolve("report-group-commit.csv"));
        List<String> header = List.of(csv.get(0).split(","));
        assertEquals(RowFields.GROUP_COMMIT.stream().map(Field::key).filter(k -> !k.equals("params")).toList(),
                header.stream().filter(k -> !List.of("targetDir", "commitSiblings").contains(k)).toList(),
                "the JSON's fields, params spread into one column each");
        assertTrue(header.containsAll(List.of("targetDir", "commitSiblings")), csv.get(0));
        assertEquals(report.groupCommitRows().size() + 1, csv.size());
        assertEquals(List.of(CsvTable.GROUP_COMMIT), CsvTables.present(report), "no per-write rows: group commit only");

        JsonArray rows = JsonParser.parseString(Files.readString(out.resolve("report.json"))).getAsJsonObject().getAsJsonArray("groupCommit");
        assertEquals(report.groupCommitRows().size(), rows.size());
        rows.forEach(e -> FIELDS.forEach(f -> assertTrue(e.getAsJsonObject().has(f), f)));
        JsonObject alone = rows.get(8).getAsJsonObject();
        assertTrue(alone.get("commitDelayMicros").isJsonNull());
        assertEquals(4, alone.get("committers").getAsInt());
        assertEquals(8192, alone.get("recordSizeBytes").getAsInt());

        String text = Rendered.text(report);
        assertTrue(text.startsWith("durabench report\nMeasured on ") && text.contains("; 0 measured rows and 9 group-commit rows (n = "), text);
        assertTrue(text.contains("each syncs alone: most commits/s at 4 committers (10,095/s, 1.6x 1 committer)"), text);

        BufferedImage png = ImageIO.read(out.resolve("chart-group-commit.png").toFile());
        assertEquals(1200, png.getWidth(), "every chart is 1200 px wide; the two panels sit side by side in it");
        assertTrue(png.getHeight() < png.getWidth(), "one context: one row of two panels");
        assertTrue(Files.readString(out.resolve("chart-group-commit.svg")).contains("<svg"));
    }

    @Test
    void withoutStableStorageNoCommitIsDurable() {
        ResultSet real = ResultsLoader.load(List.of(Fixtures.path(FIXTURE))).get(0);
        JsonObject env = JsonParser.parseString("{\"schema\":\"durabench-environment/1\",\"target\":{\"directory\":\"/dev/shm\","
                + "\"filesystem\":\"tmpfs\",\"durableStorage\":false}}").getAsJsonObject();
        Report report = ReportBuilder.build(List.of(new ResultSet(real.source(), io.durabench.env.Environment.fromJson(env), real.results(), List.of())), io.durabench.workload.SyncMethod.NONE);
        assertEquals(9, report.groupCommitRows().size());
        for (GroupCommitRow r : report.groupCommitRows()) {
            assertFalse(r.durable());
            assertEquals("tmpfs /dev/shm has no stable storage", r.notDurableBecause());
        }
        assertTrue(Rendered.text(report).contains("NO = FDATASYNC: tmpfs /dev/shm has no stable storage"));
    }

    @Test
    void perWriteRowsAreUnchangedBesideGroupCommit() {
        Report alone = Fixtures.report("real-run");
        Report both = Fixtures.report("real-run", FIXTURE);
        assertEquals(alone.rows().size(), both.rows().size());
        assertEquals(alone.plainRows().size(), both.plainRows().size());
        assertEquals(alone.warnings().size(), both.warnings().size());
        for (int i = 0; i < alone.rows().size(); i++) {
            assertEquals(alone.rows().get(i).meanUs(), both.rows().get(i).meanUs(), 0, alone.rows().get(i).groupLabel());
        }
        assertEquals(9, both.groupCommitRows().size());
        assertEquals(List.of(CsvTable.SYNC_WRITE, CsvTable.GROUP_COMMIT), CsvTables.present(both), "each kind its own table");
        assertEquals(alone.rows().size() + 1, CsvTables.render(both, CsvTable.SYNC_WRITE).lines().count());
    }
}
