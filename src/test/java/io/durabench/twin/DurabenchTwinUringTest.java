package io.durabench.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Cells;
import io.durabench.catalogue.Counters;
import io.durabench.env.JvmFacts;
import io.durabench.lockstep.ForkPair;
import io.durabench.lockstep.ForkPair.CellPair;
import io.durabench.lockstep.ForkPair.SideSetup;
import io.durabench.lockstep.LockStepSettings;
import io.durabench.lockstep.Order;
import io.durabench.lockstep.Placement;
import io.durabench.lockstep.Side;
import io.durabench.nativeio.IoUring;
import io.durabench.nativeio.KernelRefusal;
import io.durabench.nativeio.NativeLayers;
import io.durabench.testing.Requires;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The twin's io_uring and pwritev2(RWF_DSYNC) methods on a real disk: their counters follow the batch exactly, strace
 * sees one io_uring_enter per batch submitting and awaiting every SQE (and pwritev2 with its flag); in a real fork pair
 * beside a Java side, the same counters call for call (io_uring disabled: {@link DurabenchTwinUringDisabledIT}).
 */
class DurabenchTwinUringTest {
    static final String CELL = "SyncWriteCost.writeBlock syncMethod=%s blockSizeBytes=8192 writesPerSync=%d preallocation=NONE";

    /** The twin's run of these cells (50 ms, one iteration) on dir: its result entries, in order; n/a cells skip the test. */
    private static List<JsonObject> run(ScratchDir dir, String... cells) throws IOException {
        Path out = Files.createTempDirectory(Files.createDirectories(Path.of("target", "twin-test").toAbsolutePath()), "uring-");
        Path list = Files.writeString(out.resolve("cells.txt"), String.join("\n", cells) + "\n");
        TwinBinary.Run r = TwinBinary.run(List.of("--dir", dir.path().toString(), "--out", out.resolve("o").toString(), "--cells",
                list.toString(), "-wi", "0", "-i", "1", "-r", "50ms"));
        assertEquals(0, r.exitCode(), r.stderr());
        Path folder = onlyFolder(out.resolve("o"));
        JsonArray na = JsonParser.parseString(Files.readString(folder.resolve("not-applicable.json"))).getAsJsonArray();
        assumeTrue(na.isEmpty(), () -> "this machine refuses io_uring or RWF_DSYNC, so the cells are n/a: " + na);
        List<JsonObject> entries = new ArrayList<>();
        for (JsonElement e : JsonParser.parseString(Files.readString(folder.resolve("jmh-result.json"))).getAsJsonArray()) {
            entries.add(e.getAsJsonObject());
        }
        assertEquals(cells.length, entries.size());
        return entries;
    }

    static Path onlyFolder(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out)) {
            List<Path> folders = s.filter(Files::isDirectory).toList();
            assertEquals(1, folders.size(), folders.toString());
            return folders.get(0);
        }
    }

    private static long counter(JsonObject entry, String name) {
        return entry.getAsJsonObject("secondaryMetrics").getAsJsonObject(name).getAsJsonArray("rawData").get(0).getAsJsonArray().get(0)
                .getAsLong();
    }

    @Test
    void countersFollowEachMethodsBatch() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            List<JsonObject> e = run(dir, CELL.formatted("URING_FDATASYNC", 1), CELL.formatted("URING_FDATASYNC", 10),
                    CELL.formatted("URING_DSYNC", 10), CELL.formatted("URING_DIRECT_DSYNC", 1), CELL.formatted("PWRITEV2_DSYNC", 1));
            long w = counter(e.get(0), "writes");
            assertTrue(w > 0);
            assertEquals(w, counter(e.get(0), "syncCalls"), "URING_FDATASYNC QD 1: one fsync SQE per write");
            assertEquals(0, counter(e.get(0), "syncedWrites"));
            // Batches of 10: a region of 8,192 writes recycles with its unfinished batch of 2 synced first: 820 fsyncs a region;
            // the batch still queued when the iteration ends is neither synced nor counted as synced.
            w = counter(e.get(1), "writes");
            long recycled = w == 0 ? 0 : (w - 1) / 8192;
            assertEquals(recycled * 820 + (w - recycled * 8192) / 10, counter(e.get(1), "syncCalls"));
            w = counter(e.get(2), "writes");
            recycled = w == 0 ? 0 : (w - 1) / 8192;
            assertTrue(w > 0);
            assertEquals(w - (w - recycled * 8192) % 10, counter(e.get(2), "syncedWrites"), "URING_DSYNC's writes count when their batch completes");
            for (int i = 2; i < 5; i++) {
                w = counter(e.get(i), "writes");
                assertTrue(w > 0);
                if (i > 2) assertEquals(w, counter(e.get(i), "syncedWrites"), "every write carries RWF_DSYNC: " + e.get(i).get("params"));
                assertEquals(0, counter(e.get(i), "syncCalls"));
                assertEquals(w * 8192, counter(e.get(i), "bytes"));
            }
        }
    }

    @Test
    void straceSeesOneEnterPerBatchAndPwritev2sFlag() throws IOException {
        Requires.strace();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Path out = Files.createTempDirectory(Files.createDirectories(Path.of("target", "twin-test").toAbsolutePath()), "uring-strace-");
            Path list = Files.writeString(out.resolve("cells.txt"), CELL.formatted("URING_FDATASYNC", 10) + "\n"
                    + CELL.formatted("PWRITEV2_DSYNC", 1) + "\n");
            List<String> cmd = List.of("strace", "-ff", "-qq", "-o", out.resolve("strace").toString(), TwinBinary.build().toString(),
                    "--no-lock", "--dir", dir.path().toString(), "--out", out.resolve("o").toString(), "--cells", list.toString(),
                    "-wi", "0", "-i", "1", "-r", "50ms");
            TwinBinary.Run r = TwinBinary.exec(cmd, 120);
            assertEquals(0, r.exitCode(), r.stderr());
            List<String> lines = mainThread(out);
            Pattern setup = Pattern.compile("io_uring_setup\\((\\d+), .*\\) = (\\d+)$");
            Pattern enter = Pattern.compile("io_uring_enter\\((\\d+), (\\d+), (\\d+), IORING_ENTER_GETEVENTS, NULL, 0\\) = (\\d+)$");
            List<String> ringSizes = new ArrayList<>();
            int enters = 0, pwritev2 = 0;
            for (String line : lines) {
                Matcher m = setup.matcher(line);
                if (m.find()) ringSizes.add(m.group(1));
                m = enter.matcher(line);
                if (line.contains("io_uring_enter(")) {
                    assertTrue(m.find(), "not one batch of 10 writes and its fsync: " + line);
                    assertEquals(List.of("11", "11", "11"), List.of(m.group(2), m.group(3), m.group(4)), line);
                    enters++;
                }
                if (line.contains("pwritev2(")) {
                    // The probe's one block of 4 KiB at 0 before the trial, then the workload's 8 KiB blocks.
                    assertTrue(line.matches(".*pwritev2\\(\\d+, \\[\\{iov_base=.*, iov_len=(8192|4096)}], 1, \\d+, RWF_DSYNC\\) = (8192|4096)$"), line);
                    pwritev2++;
                }
                assertTrue(!line.contains("fdatasync(") && !line.contains("pwrite64("), "a plain write or sync: " + line);
            }
            // The probe's ring of 2 before the trial, then the trial's ring of max(2, 10 + 1) entries, set up once.
            assertEquals(List.of("2", "11"), ringSizes);
            assertTrue(enters > 0 && pwritev2 > 1, enters + " enters, " + pwritev2 + " pwritev2 calls");
        }
    }

    @Test
    void aJavaSideAndATwinSideMakeTheSameRingCallsCallForCall() {
        try (IoUring ring = IoUring.open(NativeLayers.current(), 2, "(the test's probe ring)")) {
            assertEquals(2, ring.capacity());
        } catch (KernelRefusal e) {
            assumeTrue(false, "this machine refuses io_uring, so the ring cells are n/a here: " + e.getMessage());
        }
        Cell linked = Cells.syncWrite(SyncMethod.URING_FDATASYNC, 8192, 1, Preallocation.NONE);
        Cell drained = Cells.syncWrite(SyncMethod.URING_FDATASYNC, 8192, 4, Preallocation.ZERO_FILL);
        Cell dsync = Cells.syncWrite(SyncMethod.URING_DSYNC, 8192, 4, Preallocation.NONE);
        Cell direct = Cells.syncWrite(SyncMethod.URING_DIRECT_DSYNC, 8192, 1, Preallocation.NONE);
        Cell pwritev2 = Cells.syncWrite(SyncMethod.PWRITEV2_DSYNC, 8192, 1, Preallocation.NONE);
        List<Cell> all = List.of(linked, drained, dsync, direct, pwritev2);
        List<CellPair> cells = all.stream().map(c -> new CellPair(c, c, 6, DurabenchTwinLockStepTest.SMALL)).toList();
        LockStepSettings s = new LockStepSettings(DurabenchTwinLockStepTest.BLOCKS, 0, 25, 1, Order.ALTERNATE, LockStepSettings.QUIET_BLOCKS,
                50, 6);
        try (ScratchDir dirA = ScratchDir.on(Medium.DISK); ScratchDir dirB = ScratchDir.on(Medium.DISK)) {
            ForkPair.Outcome o = ForkPair.run(SideSetup.of(new ForkPair.Program.Jvm(JvmFacts.current()), dirA.path()),
                    DurabenchTwinLockStepTest.twinSide(dirB), Side.A, cells, s, Placement.lastCpu(), "java A, twin B");
            for (int i = 0; i < cells.size(); i++) DurabenchTwinLockStepTest.assertMeasured(o.a().get(i), o.b().get(i), 6, all.get(i).toString());
            long units = DurabenchTwinLockStepTest.BLOCKS * 6L;
            // A unit is a batch: QD 1 one io_uring_enter per write and one fsync entry each; 4 writes drained behind one.
            Map<String, Long> c = o.b().get(0).counters();
            assertEquals(List.of(units, units, units), List.of(c.get(Counters.WRITES), c.get(Counters.SYNC_CALLS), c.get(Counters.RING_ENTERS)));
            c = o.b().get(1).counters();
            assertEquals(List.of(4 * units, units, units), List.of(c.get(Counters.WRITES), c.get(Counters.SYNC_CALLS), c.get(Counters.RING_ENTERS)));
            c = o.b().get(2).counters();
            assertEquals(List.of(4 * units, 4 * units, 0L, units),
                    List.of(c.get(Counters.WRITES), c.get(Counters.SYNCED_WRITES), c.get(Counters.SYNC_CALLS), c.get(Counters.RING_ENTERS)));
            c = o.b().get(4).counters();
            assertEquals(List.of(units, units, 0L), List.of(c.get(Counters.WRITES), c.get(Counters.SYNCED_WRITES), c.get(Counters.RING_ENTERS)));
            assertEquals(List.of(), dirA.listing());
            assertEquals(List.of(), dirB.listing(), "the twin deleted its files");
        }
    }

    /** The measuring thread's calls (-ff: one file per thread, so the timer thread's never split a line). */
    private static List<String> mainThread(Path out) throws IOException {
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("strace.")).toList()) {
                List<String> lines = Files.readAllLines(f);
                if (!lines.isEmpty() && lines.get(0).startsWith("execve(")) return lines;
            }
        }
        throw new AssertionError("no trace of the main thread in " + out);
    }

}
