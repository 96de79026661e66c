package io.durabench.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static io.durabench.witness.WitnessAssertions.assertMismatches;
import static io.durabench.witness.WitnessAssertions.assumeStrace;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cells;
import io.durabench.testing.Requires;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.CommitMode;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The witness for real: workloads in a separate JVM under strace on real files under target/. Every
 * valid cell is confirmed by the kernel; workloads that lie (a dropped sync, a counter one too high,
 * a flag quietly left out) are caught with the lie named; a hung process is killed and cleaned up.
 */
class SyscallWitnessTest {
    private static final int OPS = 100;

    @Test
    void everyValidCellIsConfirmedByTheKernel() {
        assumeStrace();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            WitnessReport report = SyscallWitness.in(dir.path()).withOps(OPS, 10).verify(WitnessedCells.allValid());
            System.out.println(report.describe().lines().findFirst().orElseThrow());
            assertTrue(report.passed(), report.describe());
            assertEquals(WitnessedCells.allValid().size(), report.verdicts().size());
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void everyBenchmarkWithSyscallRulesIsConfirmedByTheKernel() {
        assumeStrace();
        List<SizedCell> cells = WitnessedCells.firstOfEachBenchmark();
        assertEquals(Catalogue.benchmarks().stream().filter(b -> b.family().syscallRules().isPresent()).map(b -> b.shortName()).toList(),
                cells.stream().map(c -> c.cell().benchmark().shortName()).toList(), "one cell of each benchmark the witness has rules for");
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            WitnessReport report = SyscallWitness.in(dir.path()).withOps(OPS, 10).verify(cells);
            System.out.println(report.describe().lines().findFirst().orElseThrow());
            assertTrue(report.passed(), report.describe());
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void lyingWorkloadsAreCaughtAndTheLieIsNamed() throws Exception {
        assumeStrace();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            String d = dir.path().toRealPath().toString();
            List<SizedCell> cells = List.of(
                    SizedCell.of(Cells.syncWrite(SyncMethod.FDATASYNC, 4096, 1, Preallocation.NONE)),
                    SizedCell.of(Cells.syncWrite(SyncMethod.CHANNEL_FORCE_DATA, 4096, 10, Preallocation.NONE)),
                    SizedCell.of(Cells.syncWrite(SyncMethod.O_DSYNC, 4096, 1, Preallocation.NONE)),
                    SizedCell.of(Cells.fileCreate(true, 4096)),
                    WitnessedCells.small(Cells.groupCommit(SyncMethod.FDATASYNC, Preallocation.ZERO_FILL, 1000, CommitMode.GROUP)),
                    SizedCell.of(Cells.syncWrite(SyncMethod.MMAP_FORCE, 4096, 10, Preallocation.NONE)),
                    SizedCell.of(Cells.pgTestFsync(PgTestFsyncLoop.Method.FSYNC)),
                    SizedCell.of(Cells.syncWrite(SyncMethod.CHANNEL_DSYNC, 4096, 1, Preallocation.NONE)),
                    WitnessedCells.small(Cells.syncWrite(SyncMethod.FDATASYNC, 4096, 1, Preallocation.ZERO_FILL)),
                    SizedCell.of(Cells.syncWrite(SyncMethod.O_DIRECT, 100, 1, Preallocation.NONE)));
            WitnessReport report = LyingWitnesses.running(SyscallWitness.in(dir.path()).withOps(OPS, 10), LyingWitnessMain.class.getName(),
                    "--lie", "0=drop-fdatasync:60",        // 10 warmup fdatasyncs, then the 50th measured one is not made
                    "--lie", "1=count-one-more:syncCalls",
                    "--lie", "2=strip-o_dsync",
                    "--lie", "3=drop-fsync:42",            // file, directory, file, ...: the 42nd fsync is the 11th measured directory fsync
                    "--lie", "4=drop-fdatasync:61",        // 1 zero fill in setup, 10 warmup commits, then the 50th measured
                    "--lie", "5=count-one-more:syncCalls",
                    "--lie", "6=count-one-more:writes",
                    "--lie", "7=count-one-more:syncedWrites").verify(cells);
            assertFalse(report.passed());
            List<CellVerdict> v = report.verdicts();
            String log = Pattern.quote(d) + "/durabench-%s-\\d+\\.log";

            assertMismatches(v.get(0), "counters say 100 fdatasync on " + log.formatted("fdatasync") + " \\(plain fd; syncCalls 100\\), the kernel saw 99");
            assertMismatches(v.get(1), "counters say 11 fdatasync on " + log.formatted("channel_force_data") + " \\(plain fd; syncCalls 11\\), the kernel saw 10");
            assertMismatches(v.get(2),
                    "counters say 100 pwrite64 on " + log.formatted("o_dsync") + " \\(O_DSYNC fd; writes 100\\), the kernel saw 0",
                    "counters say 0 pwrite64 on " + log.formatted("o_dsync") + " \\(plain fd; nothing counted\\), the kernel saw 100 \\(the first at trace line \\d+\\)",
                    "counters say 100 synchronous writes \\(syncedWrites\\), the kernel saw 0 writes through an O_DSYNC or O_SYNC fd or with RWF_DSYNC or RWF_SYNC");
            assertMismatches(v.get(3), "counters say 100 fsync on the directory " + Pattern.quote(d) + " \\(plain fd; syncCalls - writes 100\\), the kernel saw 99");
            assertMismatches(v.get(4), "counters say (\\d+) fdatasync on " + log.formatted("fdatasync")
                    + " \\(plain fd; zeroFillSyncs \\d+ \\+ syncs 100\\), the kernel saw \\d+");
            assertMismatches(v.get(5), "counters say 11 msync on " + log.formatted("mmap_force") + " \\(MS_SYNC; syncCalls 11\\), the kernel saw 10");
            assertMismatches(v.get(6),
                    "counters say 101 writes, but the witness ran 100 operations",
                    "counters say 101 pwrite64 on " + Pattern.quote(d) + "/durabench-pg-\\d+\\.out \\(plain fd; writes 101\\), the kernel saw 100");
            assertMismatches(v.get(7), "counters say 101 synchronous writes \\(syncedWrites\\), the kernel saw 100 writes through an O_DSYNC or O_SYNC fd or with RWF_DSYNC or RWF_SYNC");
            assertTrue(v.get(8).passed(), "an honest cell in the same JVM passes: " + v.get(8).describe());
            assertTrue(v.get(9).error().startsWith("its workload failed: pwrite failed: EINVAL"), v.get(9).describe());
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void aDirectoryWithSpacesCommasAndNonAsciiIsFollowedThroughStracesEscapes() throws Exception {
        assumeStrace();
        Requires.fileName("wé ird,dir)");
        try (ScratchDir scratch = ScratchDir.on(Medium.DISK)) {
            Path odd = Files.createDirectory(scratch.path().resolve("wé ird,dir)"));
            try {
                WitnessReport r = SyscallWitness.in(odd).withOps(20, 2).verify(
                        WitnessedCells.small(Cells.syncWrite(SyncMethod.O_DSYNC, 4096, 1, Preallocation.ZERO_FILL)),
                        SizedCell.of(Cells.fileCreate(true, 4096)));
                assertTrue(r.passed(), r.describe());
                try (Stream<Path> left = Files.list(odd)) {
                    assertEquals(List.of(), left.toList());
                }
            } finally {
                Files.delete(odd);
            }
        }
    }

    @Test
    void aCellThatFailsAfterCreatingItsLogDoesNotDisturbTheNextCellsVerdict() {
        // The first cell's setup creates and deletes its log, then fails at its first write: no BEGIN or END of its own.
        assumeStrace();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            WitnessReport r = SyscallWitness.in(dir.path()).withOps(20, 2).verify(
                    SizedCell.of(Cells.syncWrite(SyncMethod.O_DIRECT, 100, 1, Preallocation.NONE)),
                    SizedCell.of(Cells.syncWrite(SyncMethod.FDATASYNC, 4096, 1, Preallocation.NONE)));
            assertTrue(r.verdicts().get(0).error().startsWith("its workload failed: pwrite failed: EINVAL"), r.describe());
            assertTrue(r.verdicts().get(1).passed(), r.describe());
            assertEquals(List.of(), dir.listing());
        }
    }

    /** strace sees a ring method's io_uring_enter calls alone: a count of them one too high is caught, and so is a batch of 10 counted as more. */
    @Test
    void aRingMethodsEntersAreHeldToTheKernel() {
        assumeStrace();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            WitnessReport r = LyingWitnesses.running(SyscallWitness.in(dir.path()).withOps(OPS, 10), LyingWitnessMain.class.getName(),
                    "--lie", "0=count-one-more:ringEnters")
                    .verify(SizedCell.of(Cells.syncWrite(SyncMethod.URING_FDATASYNC, 4096, 1, Preallocation.NONE)),
                            SizedCell.of(Cells.syncWrite(SyncMethod.URING_DSYNC, 4096, 10, Preallocation.NONE)),
                            SizedCell.of(Cells.syncWrite(SyncMethod.PWRITEV2_DSYNC, 4096, 1, Preallocation.NONE)));
            assertMismatches(r.verdicts().get(0),
                    "counters say 100 syncCalls, but one io_uring_enter submits a batch and its sync and waits for both",
                    "counters say 100 writes, but at one write per batch, one io_uring_enter per write",
                    "counters say 101 io_uring_enter on the io_uring \\(IORING_ENTER_GETEVENTS; ringEnters 101\\), the kernel saw 100");
            assertTrue(r.verdicts().get(1).passed(), r.describe());
            assertEquals(10L, r.verdicts().get(1).counters().get("ringEnters"), "100 writes in batches of 10: " + r.describe());
            assertTrue(r.verdicts().get(2).passed(), r.describe());
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void theGroupCommitDropIsOneFewerThanCounted() {
        // Spelled out: the regex above cannot say that "saw" is exactly one less than "say".
        assumeStrace();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            WitnessReport r = LyingWitnesses.running(SyscallWitness.in(dir.path()).withOps(OPS, 10), LyingWitnessMain.class.getName(),
                    "--lie", "0=drop-fdatasync:61")
                    .verify(WitnessedCells.small(Cells.groupCommit(SyncMethod.FDATASYNC, Preallocation.ZERO_FILL, 1000, CommitMode.ALONE)));
            CellVerdict v = r.verdicts().get(0);
            long zeroFills = v.counters().get("zeroFillSyncs");
            assertEquals(1, v.mismatches().size(), v.describe());
            assertTrue(v.mismatches().get(0).endsWith("(plain fd; zeroFillSyncs " + zeroFills + " + syncs 100), the kernel saw "
                    + (100 + zeroFills - 1)), v.describe());
        }
    }

    @Test
    void aHungWitnessedJvmIsKilledAndItsLeftoverRemoved() throws Exception {
        assumeStrace();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            SyscallWitness w = LyingWitnesses.running(SyscallWitness.in(dir.path()), HangingWitnessMain.class.getName())
                    .withTimeout(Duration.ofSeconds(8));
            WitnessUnavailableException e = assertThrows(WitnessUnavailableException.class,
                    () -> w.verify(SizedCell.of(Cells.fileCreate(false, 4096))));
            assertTrue(e.getMessage().startsWith("the witnessed JVM did not finish within 8 s; killed it"), e.getMessage());
            assertTrue(Pattern.compile("the witnessed process left " + Pattern.quote(dir.path().toRealPath().toString())
                    + "/durabench-hang-\\d+\\.log behind; the witness deleted it").matcher(e.getMessage()).find(), e.getMessage());
            String d = dir.path().toString();
            assertTrue(ProcessHandle.allProcesses().noneMatch(p -> p.info().commandLine().orElse("").contains(d)),
                    "no process of the witnessed run is left");
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void aWitnessedJvmThatCannotStartIsNamedWithItsOwnWords() throws Exception {
        assumeStrace();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            WitnessUnavailableException e = assertThrows(WitnessUnavailableException.class, () -> LyingWitnesses.running(
                    SyscallWitness.in(dir.path()), "io.durabench.witness.NoSuchMain").verify(SizedCell.of(Cells.fileCreate(false, 4096))));
            assertTrue(e.getMessage().startsWith("the witnessed JVM (under strace) exited with 1: "
                    + "Error: Could not find or load main class io.durabench.witness.NoSuchMain"), e.getMessage());
        }
    }

    @Test
    void withoutStraceItSaysHowToInstallIt() throws Exception {
        Path empty = Files.createTempDirectory("no-strace-here");
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            WitnessUnavailableException e = assertThrows(WitnessUnavailableException.class, () -> LyingWitnesses.searchingStraceIn(
                    SyscallWitness.in(dir.path()), empty + File.pathSeparator + "/nonexistent").verify(SizedCell.of(Cells.fileCreate(false, 4096))));
            assertEquals("strace not found: apt-get install strace", e.getMessage());
        } finally {
            Files.delete(empty);
        }
    }

    @Test
    void aMissingTargetDirectoryIsNamed() {
        assumeStrace();
        Path missing = Path.of("target", "no-such-witness-dir").toAbsolutePath();
        WitnessUnavailableException e = assertThrows(WitnessUnavailableException.class,
                () -> SyscallWitness.in(missing).verify(SizedCell.of(Cells.fileCreate(false, 4096))));
        assertEquals("target directory " + missing + " does not exist or is not a directory: create it or pass another", e.getMessage());
    }
}
