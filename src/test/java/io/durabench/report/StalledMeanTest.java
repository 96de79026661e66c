package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.render.CsvTable;
import io.durabench.report.render.CsvTables;
import io.durabench.report.render.CsvText;
import io.durabench.output.HtmlRenderer;
import io.durabench.report.render.JsonRenderer;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A row's mean, interval, cost and ratio leave out its stalled iterations (more than 3x off the row's median), so the
 * figure is the mean without stalls, and every format says so: the decision table (with the row's stalls: how many, the
 * worst), the tables (the count beside the figure), HTML, and the CSV and JSON fields ({@code meanUs} stays the figure
 * the tables show; {@code meanWithStallsUs} and {@code stalledIterations} beside it, so nothing measured is lost).
 * FDATASYNC here: 5 forks of 5 iterations at 200..204 µs, one iteration of fork 3 at 2,000 µs (9.9x the median).
 */
class StalledMeanTest {
    @TempDir
    Path dir;

    private static final double STALL = 2000;

    private Report report() {
        double[][] forks = new double[5][5];
        for (int f = 0; f < 5; f++) java.util.Arrays.fill(forks[f], 200 + f);
        forks[2][3] = STALL;
        SyntheticRun run = new SyntheticRun(dir.resolve("run"));
        run.target("/data", "ext4", "nvme0n1", 0, "write through")
                .write("NONE", 8192, 1, "NONE", 5.0, 0.05)
                .writeIterations("FDATASYNC", 8192, 1, "NONE", forks)
                .write("O_DSYNC", 8192, 1, "NONE", 300.0, 2.0);
        return ReportBuilder.build(ResultsLoader.load(List.of(run.save())), SyncMethod.NONE);
    }

    /** The mean with the stall: fork 3's mean over all its iterations, (4 x 202 + 2,000) / 5, among the other forks'. */
    private static final double WITH_STALLS = (200 + 201 + (4 * 202 + STALL) / 5 + 203 + 204) / 5;

    @Test
    void theRowKeepsTheMeanWithItsStallsBesideTheMeanWithout() {
        ReportRow fdatasync = row(report(), "FDATASYNC");
        assertEquals(202, fdatasync.meanUs(), 1e-9, "the figure: without the stall");
        assertEquals(1, fdatasync.stalledIterations());
        assertEquals(STALL, fdatasync.worstStallUs(), 1e-9);
        assertEquals(WITH_STALLS, fdatasync.meanWithStallsUs(), 1e-9);
        ReportRow odsync = row(report(), "O_DSYNC");
        assertEquals(0, odsync.stalledIterations());
        assertEquals(odsync.meanUs(), odsync.meanWithStallsUs(), 0, "no stall: the same mean");
    }

    @Test
    void textSaysWithoutStallsAndCountsThem() {
        String text = Rendered.text(report());
        String decision = text.substring(text.indexOf("DECISION: SyncWriteCost"), text.indexOf("RECOMMENDATION"));
        assertTrue(decision.replaceAll("\\s+", " ").contains("mean without stalls [95% interval, the disk's level counted]"), decision);
        assertTrue(line(decision, "FDATASYNC").contains("1 stall"), decision);
        assertFalse(line(decision, "O_DSYNC").contains("stall"), decision);
        assertTrue(decision.contains("FDATASYNC on ext4: 1, the worst 2,000 µs (9.9x the row's median)"), decision);
        String tables = text.substring(text.indexOf("  method "));
        assertTrue(line(tables, "  method ").contains("µs/op w/o stalls [95% CI]") && line(tables, "  method ").contains("stalls"), tables);
        assertTrue(line(tables, "  FDATASYNC ").matches(".*202\\.0 \\[[^]]+]\\s+1\\s.*"), "the count beside the figure:\n" + tables);
    }

    @Test
    void markdownAndHtmlSayWithoutStallsAndCountThem() {
        String md = Rendered.markdown(report(), List.of());
        assertTrue(md.contains("_µs per write: mean without stalls [95% interval, the disk's level counted]"), md);
        assertTrue(md.contains("| Method | µs/op w/o stalls [95% CI] | Stalls | ops/s |"), md);
        assertTrue(line(md, "| FDATASYNC | 202.0 ").contains(" | 1 | "), md);
        assertTrue(md.contains("FDATASYNC on ext4: 1, the worst 2,000 µs (9.9x the row's median)"), md);
        String html = HtmlRenderer.fromMarkdown(md, List.of());
        assertTrue(html.contains("µs/op w/o stalls [95% CI]") && html.contains("mean without stalls [95% interval, the disk"), "HTML is made from it");
    }

    @Test
    void csvAndJsonCarryTheMeanWithStallsAndTheCount() {
        Report report = report();
        List<List<String>> csv = CsvText.parse(CsvTables.render(report, CsvTable.SYNC_WRITE));
        List<String> header = csv.get(0);
        int mean = header.indexOf("meanUs"), count = header.indexOf("stalledIterations"), with = header.indexOf("meanWithStallsUs");
        assertTrue(mean >= 0 && count == mean + 4 && with == count + 2, "meanUs, its interval and n, then the stalls: " + header);
        Map<String, String> fdatasync = csvRow(csv, header, "FDATASYNC");
        assertEquals(202, Double.parseDouble(fdatasync.get("meanUs")), 1e-9);
        assertEquals("1", fdatasync.get("stalledIterations"));
        assertEquals(STALL, Double.parseDouble(fdatasync.get("worstStallUs")), 1e-9);
        assertEquals(WITH_STALLS, Double.parseDouble(fdatasync.get("meanWithStallsUs")), 1e-9);
        assertEquals("0", csvRow(csv, header, "O_DSYNC").get("stalledIterations"));

        JsonObject json = JsonParser.parseString(JsonRenderer.render(report)).getAsJsonObject();
        JsonObject row = json.getAsJsonArray("rows").asList().stream().map(e -> e.getAsJsonObject())
                .filter(o -> o.get("method").getAsString().equals("FDATASYNC")).findFirst().orElseThrow();
        assertEquals(WITH_STALLS, row.get("meanWithStallsUs").getAsDouble(), 1e-9);
        assertEquals(1, row.get("stalledIterations").getAsInt());
        assertTrue(json.get("statistics").getAsString().contains("meanUs is the mean without them"), json.get("statistics").getAsString());
        assertEquals("mean without stalls [95% interval, the disk's level counted]", json.getAsJsonArray("decisions").get(0).getAsJsonObject().get("figure").getAsString());
    }

    /** Group commit's commits/s leaves stalled Throughput iterations out the same way, and says so. */
    @Test
    void groupCommitSaysSoToo() {
        Report report = Fixtures.report("group-commit");
        assertTrue(Rendered.markdown(report, List.of()).contains("| Commits/s without stalls [99.9% CI] |"));
        assertTrue(Rendered.text(report).contains("commits/s w/o stalls [99.9% CI]"));
        JsonObject row = JsonParser.parseString(JsonRenderer.render(report)).getAsJsonObject().getAsJsonArray("groupCommit").get(0).getAsJsonObject();
        assertEquals(0, row.get("stalledIterations").getAsInt());
        assertEquals(row.get("commitsPerSec").getAsDouble(), row.get("commitsPerSecWithStalls").getAsDouble(), 0, "no stall: the same figure");
    }

    private static ReportRow row(Report report, String method) {
        return report.rows().stream().filter(r -> r.method().equals(method) && r.cell().fixes(io.durabench.catalogue.SyncWriteCostFamily.WRITES_PER_SYNC))
                .findFirst().orElseThrow();
    }

    private static String line(String text, String start) {
        return text.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(start + " in\n" + text));
    }

    private static Map<String, String> csvRow(List<List<String>> csv, List<String> header, String method) {
        int m = header.indexOf("method");
        for (List<String> cells : csv.subList(1, csv.size())) {
            if (cells.get(m).equals(method)) {
                Map<String, String> out = new java.util.LinkedHashMap<>();
                for (int i = 0; i < header.size(); i++) out.put(header.get(i), cells.get(i));
                return out;
            }
        }
        throw new AssertionError(method + " in " + csv);
    }
}
