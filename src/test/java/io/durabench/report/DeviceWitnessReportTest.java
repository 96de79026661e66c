package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.render.JsonRenderer;
import io.durabench.results.CallLatencyLog;
import io.durabench.results.DeviceLog;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The device witness's records in a real run's folder (the real-run fixture, its ext4 target given a
 * device-requests.jsonl, its tmpfs target an n/a): per-operation figures summed over forks, the trap finding for a
 * durable method that sent no flush, the columns in report.json, the tables and n/a with its reason.
 */
class DeviceWitnessReportTest {
    private static final String EXT4 = "work-wt-report-target-durabench-data";
    private static final String TARGET = "/work/wt-report/target/durabench-data";

    @TempDir
    Path run;

    @Test
    void figuresPerOperationSumEveryForkAndADurableMethodWithoutAFlushIsTheTrap() throws IOException {
        copyFixture();
        Path log = run.resolve(EXT4).resolve(DeviceLog.FILE);
        // FDATASYNC, batch 1, append: two forks with flushes (avgt and sample) sum to 1 flush and 12 KiB per write.
        DeviceLog.append(log, fork("avgt", "FDATASYNC", "NONE", 1, 100, level("vda", 100, 0, 1_228_800)));
        DeviceLog.append(log, fork("sample", "FDATASYNC", "NONE", 1, 300, level("vda", 300, 0, 3_686_400)));
        // FDATASYNC into fallocated space: its forks sent no flush and no FUA write to a write-back disk.
        DeviceLog.append(log, fork("avgt", "FDATASYNC", "FALLOCATE", 1, 50, level("vda", 0, 0, 409_600)));
        DeviceLog.append(log, fork("avgt", "O_DIRECT", "NONE", 1, 80, level("vda", 0, 0, 655_360)));
        DeviceLog.append(log, new DeviceLog.Fork("avgt", key("FDATASYNC", "NONE", 10), 0, DeviceLog.Status.FAILED,
                "the trace buffer lost events (cpu1: dropped events 3)", 0, List.of()));

        Report report = ReportBuilder.build(ResultsLoader.load(List.of(run)), SyncMethod.NONE);
        ReportRow fdatasync = row(report, "FDATASYNC", "NONE", 1);
        assertEquals(2, fdatasync.device().forks());
        assertEquals(1.0, fdatasync.device().flushesPerOp(), 1e-12);
        assertEquals(12_288, fdatasync.device().bytesPerOp(), 1e-9);
        assertEquals(DeviceVerdictKind.REACHED, DeviceVerdictKind.of(fdatasync));

        ReportRow trapped = row(report, "FDATASYNC", "FALLOCATE", 1);
        assertEquals(DeviceVerdictKind.TRAP, DeviceVerdictKind.of(trapped));
        assertEquals("no flush reached vda: not durable here", trapped.device().verdict().text());
        List<Finding> traps = report.findings().stream().filter(f -> f.message().contains("no flush reached vda")).toList();
        assertEquals(1, traps.size(), report.findings().toString());
        assertEquals(Finding.Kind.TRAP, traps.get(0).kind());
        assertEquals(List.of(trapped.id()), traps.get(0).rows());
        assertTrue(traps.get(0).message().contains("for FDATASYNC, whatever its system calls"), traps.get(0).message());

        ReportRow direct = row(report, "O_DIRECT", "NONE", 1);
        assertNull(direct.device().verdict(), "O_DIRECT claims no durability: no verdict, no trap");
        assertEquals(0.0, direct.device().flushesPerOp());
        assertEquals("FAILED: the trace buffer lost events (cpu1: dropped events 3)", row(report, "FDATASYNC", "NONE", 10).device().notCounted());
        assertEquals("n/a (no record of this cell's forks in device-requests.jsonl: a run from before the device witness covered SyncWriteCost)",
                row(report, "FDATASYNC", "NONE", 100).device().notCounted(), "a cell without records in a folder with a log says so");
        ReportRow shm = report.rows().stream().filter(r -> r.context().directory().equals("/dev/shm") && r.method().equals("FDATASYNC")).findFirst().orElseThrow();
        assertEquals("n/a (no block device under /dev/shm (tmpfs): nothing written there reaches a device)", shm.device().notCounted());

        JsonObject json = JsonParser.parseString(JsonRenderer.render(report)).getAsJsonObject();
        JsonObject first = json.getAsJsonArray("rows").asList().stream().map(e -> e.getAsJsonObject())
                .filter(o -> o.get("id").getAsInt() == fdatasync.id()).findFirst().orElseThrow();
        assertEquals("vda", first.get("deviceName").getAsString());
        assertEquals(1.0, first.get("deviceFlushesPerOp").getAsDouble());
        assertEquals(0.0, first.get("deviceFuaWritesPerOp").getAsDouble());
        assertEquals(12_288.0, first.get("deviceBytesPerOp").getAsDouble());
        assertEquals("vda (write back): 1.00 flushes, 0.00 FUA writes, 12 KiB per op", first.get("deviceChain").getAsString());

        String text = io.durabench.report.render.TextRenderer.render(report, false, io.durabench.report.render.TableColumns.DEFAULT, List.of());
        assertTrue(text.contains("flush/op") && text.contains("dev KiB/op"), text);
    }

    /** A verdict's kind, or REACHED's absence spelled out, for assertions. */
    private enum DeviceVerdictKind {
        REACHED, TRAP, NOT_NEEDED, NONE;

        static DeviceVerdictKind of(ReportRow r) {
            return r.device() == null || r.device().verdict() == null ? NONE : valueOf(r.device().verdict().kind().name());
        }
    }

    private void copyFixture() throws IOException {
        Path from = Fixtures.path("real-run");
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path to = run.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(to);
                else Files.copy(p, to);
            }
        }
        DeviceLog.append(run.resolve("dev-shm").resolve(DeviceLog.FILE), new DeviceLog.Fork("avgt",
                CallLatencyLog.cellKey("io.durabench.bench.SyncWriteCost.writeBlock", Map.of("blockSizeBytes", "8192", "preallocation", "NONE",
                        "syncMethod", "FDATASYNC", "targetDir", "/dev/shm", "writesPerSync", "1")), 0, DeviceLog.Status.NA,
                "no block device under /dev/shm (tmpfs): nothing written there reaches a device", 0, List.of()));
    }

    private static ReportRow row(Report report, String method, String prealloc, int batch) {
        return report.rows().stream().filter(r -> r.context().directory().equals(TARGET) && r.method().equals(method)
                && r.cell().jmhParams().get("preallocation").equals(prealloc) && r.cell().jmhParams().get("writesPerSync").equals(String.valueOf(batch)))
                .findFirst().orElseThrow(() -> new AssertionError("no row " + method + " " + prealloc + " " + batch));
    }

    private static DeviceLog.Fork fork(String mode, String method, String prealloc, int batch, long ops, DeviceLog.Level level) {
        return new DeviceLog.Fork(mode, key(method, prealloc, batch), 0, DeviceLog.Status.OK, null, ops, List.of(level));
    }

    private static String key(String method, String prealloc, int batch) {
        Map<String, String> p = new TreeMap<>(Map.of("blockSizeBytes", "8192", "preallocation", prealloc, "syncMethod", method,
                "targetDir", TARGET, "writesPerSync", String.valueOf(batch)));
        return CallLatencyLog.cellKey("io.durabench.bench.SyncWriteCost.writeBlock", p);
    }

    private static DeviceLog.Level level(String dev, long flushes, long fua, long bytes) {
        return new DeviceLog.Level(0, dev, "254:0", "write back", flushes, fua, bytes / 4096, bytes);
    }
}
