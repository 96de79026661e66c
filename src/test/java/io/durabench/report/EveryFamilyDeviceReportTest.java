package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.catalogue.BenchmarkFamily;
import io.durabench.catalogue.Catalogue;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.render.JsonRenderer;
import io.durabench.report.render.MarkdownRenderer;
import io.durabench.report.render.TableColumns;
import io.durabench.report.render.TextRenderer;
import io.durabench.results.DeviceLog;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every family's rows carry the device witness's figures or say why not, in the tables and in report.json, never a
 * blank. The fixture (device-every-family) is two real runs as root on a loop-mounted ext4 of the lab's settings:
 * {@code cells}, {@code durabench run --profile standard --forks 1 -- SyncWriteCost FileCreateCost PgTestFsyncEquivalent
 * PgTwoWrites PgOpenSyncSizes PgFsyncDescriptor NativeCallCost -p syncMethod=FDATASYNC,NONE -p blockSizeBytes=8192
 * -p writesPerSync=1 -p preallocation=NONE -p openSyncWrites=ONE_16K -p fsyncThrough=OTHER -bm avgt -wi 0 -i 1 -r 200ms},
 * and {@code group-commit}, the same for {@code GroupCommit -p committers=1 -p recordSizeBytes=8192 -p commitDelayMicros=0 -bm thrpt}.
 */
class EveryFamilyDeviceReportTest {
    private static final String TARGET_FOLDER = "work-wt-i42-cells-target-i42c-mnt";

    @TempDir
    Path copy;

    @Test
    void asRecordedEveryFamilysRowsHaveFlushesAndBytesPerOperationAndNativeCallsSayWhyNot() {
        Report report = Fixtures.report("device-every-family/cells", "device-every-family/group-commit");
        Set<String> families = new TreeSet<>();
        for (ReportRow r : report.rows()) {
            families.add(r.cell().family().simpleName());
            assertCounted(r.device(), r.method() + " " + r.cell().describe());
            if (r.durable()) assertTrue(r.device().flushesPerOp() >= 1, r.cell().describe() + ": " + r.device().chain());
        }
        for (GroupCommitRow r : report.groupCommitRows()) {
            families.add(r.cell().family().simpleName());
            assertCounted(r.device(), r.variant());
            assertTrue(r.device().flushesPerOp() >= 1, r.variant() + ": " + r.device().chain());
        }
        for (PlainRow r : report.plainRows()) {
            families.add(Catalogue.cell(r.benchmark(), r.params().asMap()).orElseThrow().family().simpleName());
            assertEquals("n/a (no I/O to the target)", r.device().notCounted(), r.benchmark());
        }
        assertEquals(new TreeSet<>(Catalogue.families().stream().map(BenchmarkFamily::simpleName).toList()), families,
                "the fixture has a row of every family");

        JsonObject json = JsonParser.parseString(JsonRenderer.render(report)).getAsJsonObject();
        for (String section : List.of("rows", "groupCommit")) {
            for (JsonElement e : json.getAsJsonArray(section)) {
                JsonObject o = e.getAsJsonObject();
                assertTrue(o.get("deviceFlushesPerOp").isJsonPrimitive() && o.get("deviceBytesPerOp").isJsonPrimitive()
                        && o.get("deviceNotCounted").isJsonNull(), section + ": " + o);
            }
        }
        for (JsonElement e : json.getAsJsonArray("otherResults")) {
            assertEquals("n/a (no I/O to the target)", e.getAsJsonObject().get("deviceNotCounted").getAsString(), e.toString());
        }

        String text = TextRenderer.render(report, false, TableColumns.DEFAULT, List.of());
        assertEveryTableHasTheDeviceColumns(text);
        assertTrue(text.lines().filter(l -> l.contains("NativeCallCost.")).allMatch(l -> l.endsWith("n/a (no I/O to the target)")), text);
        String md = MarkdownRenderer.render(report, List.of(), TableColumns.DEFAULT, List.of());
        assertTrue(md.contains("Device flushes/op") && md.contains("Device flushes/commit") && md.contains("Device KiB written/commit"), md);
    }

    @Test
    void withoutRootEveryRowSaysNotApplicableWithTheReasonUnderItsTable() throws IOException {
        String noRoot = "reading kernel tracepoints needs root (tracefs is root's), running as uid 1000";
        copyFixture(line -> new DeviceLog.Fork(line.mode(), line.cellKey(), line.round(), DeviceLog.Status.NA, noRoot, 0, List.of()));
        Report report = load();
        List<DeviceRequests> all = new ArrayList<>();
        report.rows().forEach(r -> all.add(r.device()));
        report.groupCommitRows().forEach(r -> all.add(r.device()));
        for (DeviceRequests d : all) assertEquals("n/a (" + noRoot + ")", d.notCounted());

        String text = TextRenderer.render(report, false, TableColumns.DEFAULT, List.of());
        assertEveryTableHasTheDeviceColumns(text);
        assertTrue(text.contains("device figures n/a (" + noRoot + ")"), "the reason, under the tables:\n" + text);
        JsonObject json = JsonParser.parseString(JsonRenderer.render(report)).getAsJsonObject();
        for (String section : List.of("rows", "groupCommit")) {
            for (JsonElement e : json.getAsJsonArray(section)) {
                assertEquals("n/a (" + noRoot + ")", e.getAsJsonObject().get("deviceNotCounted").getAsString(), e.toString());
            }
        }
    }

    @Test
    void aFailedCaptureStaysFailedAndACellTheRunDidNotRecordSaysSo() throws IOException {
        String lost = "the trace buffer lost events (cpu0: dropped events 7)";
        copyFixture(line -> {
            if (line.cellKey().contains("FileCreateCost") && line.cellKey().contains("syncDirectory=true")) return null;
            if (line.cellKey().contains("PgTwoWrites") && line.cellKey().contains("pgMethod=FDATASYNC")) {
                return new DeviceLog.Fork(line.mode(), line.cellKey(), line.round(), DeviceLog.Status.FAILED, lost, 0, List.of());
            }
            return line;
        });
        Report report = load();
        ReportRow failed = report.rows().stream().filter(r -> r.benchmark().contains("PgTwoWrites") && r.method().equals("FDATASYNC")).findFirst().orElseThrow();
        assertEquals("FAILED: " + lost, failed.device().notCounted());
        ReportRow missing = report.rows().stream().filter(r -> r.benchmark().contains("FileCreateCost") && r.method().equals("true")).findFirst().orElseThrow();
        assertEquals("n/a (no record of this cell's forks in device-requests.jsonl: a run from before the device witness covered FileCreateCost)",
                missing.device().notCounted());

        String text = TextRenderer.render(report, false, TableColumns.DEFAULT, List.of());
        assertEveryTableHasTheDeviceColumns(text);
        assertTrue(text.contains("device figures FAILED: " + lost + " (1 row)"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("  FDATASYNC") && l.contains("FAILED")), text);
    }

    /** Every per-operation and group-commit table of the text report has the flush/op and dev KiB/op columns. */
    private static void assertEveryTableHasTheDeviceColumns(String text) {
        List<String> headers = text.lines().filter(l -> l.contains("syncs/op")).toList();
        assertTrue(headers.size() >= 7, "a table per group:\n" + text);
        for (String h : headers) assertTrue(h.contains("flush/op") && h.contains("dev KiB/op"), h + "\n" + text);
    }

    private static void assertCounted(DeviceRequests d, String what) {
        assertNotNull(d, what + " has no device figures");
        assertTrue(d.ok(), what + ": " + d.notCounted());
        assertTrue(Double.isFinite(d.flushesPerOp()) && Double.isFinite(d.bytesPerOp()), what);
    }

    /** The fixture's two runs in a folder of the test's own, each device record rewritten (null: dropped). */
    private void copyFixture(java.util.function.UnaryOperator<DeviceLog.Fork> rewrite) throws IOException {
        for (String run : List.of("cells", "group-commit")) {
            Path from = Fixtures.path("device-every-family/" + run);
            try (Stream<Path> all = Files.walk(from)) {
                for (Path p : all.toList()) {
                    Path to = copy.resolve(run).resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) Files.createDirectories(to);
                    else if (!p.getFileName().toString().equals(DeviceLog.FILE)) Files.copy(p, to);
                }
            }
            Path log = copy.resolve(run).resolve(TARGET_FOLDER).resolve(DeviceLog.FILE);
            for (DeviceLog.Fork f : DeviceLog.read(from.resolve(TARGET_FOLDER).resolve(DeviceLog.FILE))) {
                DeviceLog.Fork changed = rewrite.apply(f);
                if (changed != null) DeviceLog.append(log, changed);
            }
        }
    }

    private Report load() {
        return ReportBuilder.build(ResultsLoader.load(List.of(copy.resolve("cells"), copy.resolve("group-commit"))), SyncMethod.NONE);
    }
}
