package io.durabench.trace.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.cli.DurabenchMain;
import io.durabench.env.TargetLabel;
import io.durabench.lab.Variant;
import io.durabench.report.DeviceRequests;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.PlainRow;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.DeviceLog;
import io.durabench.results.ResultsLoader;
import io.durabench.testing.Commands;
import io.durabench.testing.Requires;
import io.durabench.testing.TestMounts;
import io.durabench.workload.SyncMethod;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The device witness in every family that writes to its target, through the forks' own lifecycle: a short
 * {@code durabench run} as root on a loop-mounted ext4 of the test's own (the lab's loop settings) of a durable cell
 * of each (FileCreateCost with the directory synced, PgTestFsyncEquivalent, PgTwoWrites, PgOpenSyncSizes and
 * PgFsyncDescriptor with a sync, GroupCommit's each-syncs-alone) and NativeCallCost. Each family's forks record at
 * least one flush per operation at the loop device, on the family's own operation (the bytes per operation at least
 * its payload: an operation counted per write would halve them), and the report has those figures on every row and
 * "n/a (no I/O to the target)" on NativeCallCost's. Counts, not timing; not timing-free: it attaches a loop device
 * and mounts (global state).
 */
class FamilyDeviceWitnessIT {
    /** Payload bytes of one operation of each family's cell: what the device must at least receive per operation. */
    private static final Map<String, Long> PAYLOAD = Map.of("FileCreateCost", 8192L, "PgTestFsyncEquivalent", 8192L,
            "PgTwoWrites", 16_384L, "PgOpenSyncSizes", 16_384L, "PgFsyncDescriptor", 8192L, "GroupCommit", 8192L);

    @BeforeAll
    static void allowConcurrentJmh() {
        // JMH's machine-wide lock would fail this functional test while another benchmark runs elsewhere.
        System.setProperty("jmh.ignoreLock", "true");
    }

    @Test
    void everyFamilySendsAFlushPerOperationOnLoopExt4AndTheReportShowsIt() throws Exception {
        Requires.loopDevices();
        Requires.command("mkfs.ext4", "e2fsprogs");
        Path root = Files.createTempDirectory(Files.createDirectories(Path.of("target", "family-device-witness-it").toAbsolutePath()), "ext4-");
        try (TestMounts mounts = new TestMounts()) {
            Path mnt = mounts.labFilesystem(root, Variant.EXT4);
            Path out = root.resolve("out");
            run(mnt, out);

            Map<String, DeviceLog.Fork> byFamily = new LinkedHashMap<>();
            for (DeviceLog.Fork f : DeviceLog.read(out.resolve(TargetLabel.label(mnt)).resolve(DeviceLog.FILE))) {
                String benchmark = f.cellKey().substring(0, f.cellKey().indexOf('|'));
                byFamily.put(benchmark.substring("io.durabench.bench.".length(), benchmark.lastIndexOf('.')), f);
            }
            assertEquals(new TreeSet<>(PAYLOAD.keySet()), new TreeSet<>(byFamily.keySet()), "one record per family that writes: " + byFamily);
            List<String> wrong = new ArrayList<>();
            byFamily.forEach((family, f) -> {
                if (f.status() != DeviceLog.Status.OK || f.ops() == 0) {
                    wrong.add(family + ": " + f.status().word() + " " + f.reason() + ", " + f.ops() + " ops");
                    return;
                }
                DeviceLog.Level loop = f.levels().get(0);
                if (!loop.device().startsWith("loop")) wrong.add(family + ": the chain starts at " + loop.device());
                if (loop.flushes() + loop.fuaWrites() < f.ops()) wrong.add(family + ": " + loop.flushes() + " flushes for " + f.ops() + " ops");
                if (loop.bytesWritten() < f.ops() * PAYLOAD.get(family)) wrong.add(family + ": " + loop.bytesWritten() + " bytes for " + f.ops() + " ops");
                System.out.printf("%s: %.2f flushes/op, %.1f KiB/op at %s over %d ops%n", family, (double) loop.flushes() / f.ops(),
                        loop.bytesWritten() / 1024.0 / f.ops(), loop.device(), f.ops());
            });
            assertEquals(List.of(), wrong, "what reached the loop device per operation");

            Report report = ReportBuilder.build(ResultsLoader.load(List.of(out)), SyncMethod.NONE);
            List<DeviceRequests> rows = new ArrayList<>(report.rows().stream().map(ReportRow::device).toList());
            rows.addAll(report.groupCommitRows().stream().map(GroupCommitRow::device).toList());
            assertEquals(PAYLOAD.size(), rows.size(), "a row per family that writes");
            for (DeviceRequests d : rows) assertTrue(d != null && d.ok() && d.flushesPerOp() >= 1, String.valueOf(d));
            assertTrue(!report.plainRows().isEmpty(), "NativeCallCost's lines");
            for (PlainRow r : report.plainRows()) assertEquals("n/a (no I/O to the target)", r.device().notCounted(), r.benchmark());
        } finally {
            Commands.deleteTree(root);
        }
    }

    private static void run(Path mnt, Path out) {
        StringWriter captured = new StringWriter();
        CommandLine cl = DurabenchMain.commandLine();
        cl.setOut(new PrintWriter(captured, true));
        cl.setErr(new PrintWriter(captured, true));
        int rc = cl.execute("run", "--profile", "standard", "--dir", mnt.toString(), "--out", out.toString(), "--forks", "1", "--",
                "FileCreateCost", "PgTestFsyncEquivalent", "PgTwoWrites", "PgOpenSyncSizes", "PgFsyncDescriptor", "GroupCommit.eachSyncsAlone",
                "NativeCallCost.getppid", "-p", "syncDirectory=true", "-p", "pgMethod=FDATASYNC", "-p", "openSyncWrites=ONE_16K",
                "-p", "fsyncThrough=OTHER", "-p", "committers=1",
                "-p", "recordSizeBytes=8192", "-bm", "sample", "-wi", "0", "-i", "1", "-r", "200ms");
        assertEquals(0, rc, captured.toString());
    }
}
