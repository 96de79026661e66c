package io.durabench.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static io.durabench.witness.WitnessAssertions.assertMismatches;
import static io.durabench.witness.WitnessAssertions.assumeStrace;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.catalogue.Cells;
import io.durabench.child.JvmProbe;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.testing.TestJdks;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.CommitMode;
import io.durabench.workload.groupcommit.GroupCommitConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The kernel's view of every JDK path, on each JDK: the workloads run in a child JVM of that JDK
 * under strace, and every count is checked against the system calls the kernel saw
 * ({@link SyscallExpectation}'s rules: RandomAccessFile "rwd" writes through an O_DSYNC fd, "rws"
 * and SYNC through O_SYNC, DIRECT through O_DIRECT, FileDescriptor.sync is fsync, the hand-offs make
 * the same calls from other threads). A method the child JVM cannot run (virtual threads on JDK 17)
 * is refused by that JVM with the one-line reason, whatever JVM runs this test. And JDK-path
 * workloads that lie (a sync not made, a durability option left out) are caught with the lie named.
 */
class JdkPathsWitnessTest {
    private static final int OPS = 100;

    /** Every JDK-path method with NONE and ZERO_FILL (a mapping: NONE), and one-committer group commit for the groupable ones. */
    static List<SizedCell> jdkPathCells() {
        List<SizedCell> cells = new ArrayList<>();
        for (SyncMethod m : SyncMethod.values()) {
            if (m.api() == SyncMethod.Api.NATIVE) continue;
            for (Preallocation p : m.api() == SyncMethod.Api.MMAP ? List.of(Preallocation.NONE) : List.of(Preallocation.NONE, Preallocation.ZERO_FILL)) {
                cells.add(WitnessedCells.small(Cells.syncWrite(m, 4096, m.hasExplicitSync() ? 10 : 1, p)));
            }
        }
        for (SyncMethod m : GroupCommitConfig.GROUPABLE) {
            if (m.api() == SyncMethod.Api.NATIVE) continue;
            for (CommitMode mode : CommitMode.values()) {
                cells.add(WitnessedCells.small(Cells.groupCommit(m, Preallocation.ZERO_FILL, 1000, mode)));
            }
        }
        return cells;
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk17", "temurin25"})
    void everyJdkPathIsConfirmedByTheKernelOnThisJdk(String label) {
        assumeStrace();
        TestJdks.Result found = TestJdks.find(label);
        assumeTrue(found.jdk().isPresent(), found.whyMissing());
        TestJdks.Jdk jdk = found.jdk().get();
        List<SizedCell> cells = jdkPathCells();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            WitnessReport report = SyscallWitness.in(dir.path()).withJvm(JvmProbe.of(jdk.java())).withOps(OPS, 10).verify(cells);
            System.out.println(jdk + ": " + report.describe().lines().findFirst().orElseThrow());
            assertEquals(cells.size(), report.verdicts().size());
            int refused = 0;
            for (CellVerdict v : report.verdicts()) {
                SyncMethod m = method(v.cell());
                Optional<String> cannot = m.unavailableOn(jdk.version());
                if (cannot.isPresent()) {
                    refused++;
                    assertEquals("its workload failed: " + cannot.get(), v.error(), "the child JVM decides: " + v.describe());
                } else {
                    assertTrue(v.passed(), v.describe());
                }
            }
            assertEquals(jdk.version().feature() < 21 ? 6 : 0, refused, "the virtual-thread cells (3 methods x 2 preallocations) refused only below JDK 21");
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void lyingJdkPathsAreCaughtAndTheLieIsNamed() throws Exception {
        assumeStrace();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            String d = Pattern.quote(dir.path().toRealPath().toString());
            List<SizedCell> cells = List.of(
                    SizedCell.of(Cells.syncWrite(SyncMethod.STREAM_FD_SYNC, 4096, 1, Preallocation.NONE)),
                    SizedCell.of(Cells.syncWrite(SyncMethod.RAF_RWD, 4096, 1, Preallocation.NONE)),
                    SizedCell.of(Cells.syncWrite(SyncMethod.CHANNEL_SYNC, 4096, 1, Preallocation.NONE)),
                    SizedCell.of(Cells.syncWrite(SyncMethod.CHANNEL_FORCE_ALL_PLATFORM, 4096, 1, Preallocation.NONE)),
                    SizedCell.of(Cells.syncWrite(SyncMethod.MMAP_FORCE, 4096, 10, Preallocation.NONE)),
                    SizedCell.of(Cells.syncWrite(SyncMethod.RAF_RWS, 4096, 1, Preallocation.NONE)));
            WitnessReport report = LyingWitnesses.running(SyscallWitness.in(dir.path()).withOps(OPS, 10), LyingWitnessMain.class.getName(),
                    "--lie", "0=drop-jdk-sync:60",       // 10 warmup syncs, then the 50th measured one is not made
                    "--lie", "1=strip-jdk-sync-options",
                    "--lie", "2=strip-jdk-sync-options",
                    "--lie", "3=drop-jdk-sync:60",
                    "--lie", "4=drop-jdk-sync:2").verify(cells); // 1 warmup msync, then the first measured one
            assertFalse(report.passed());
            List<CellVerdict> v = report.verdicts();
            String log = d + "/durabench-%s-\\d+\\.log";
            assertMismatches(v.get(0), "counters say 100 fsync on " + log.formatted("stream_fd_sync") + " \\(plain fd; syncCalls 100\\), the kernel saw 99");
            assertMismatches(v.get(1),
                    "counters say 100 write on " + log.formatted("raf_rwd") + " \\(O_DSYNC fd; writes 100\\), the kernel saw 0",
                    "counters say 0 write on " + log.formatted("raf_rwd") + " \\(plain fd; nothing counted\\), the kernel saw 100 \\(the first at trace line \\d+\\)",
                    "counters say 100 synchronous writes \\(syncedWrites\\), the kernel saw 0 writes through an O_DSYNC or O_SYNC fd or with RWF_DSYNC or RWF_SYNC");
            assertMismatches(v.get(2),
                    "counters say 100 pwrite64 on " + log.formatted("channel_sync") + " \\(O_SYNC fd; writes 100\\), the kernel saw 0",
                    "counters say 0 pwrite64 on " + log.formatted("channel_sync") + " \\(plain fd; nothing counted\\), the kernel saw 100 \\(the first at trace line \\d+\\)",
                    "counters say 100 synchronous writes \\(syncedWrites\\), the kernel saw 0 writes through an O_DSYNC or O_SYNC fd or with RWF_DSYNC or RWF_SYNC");
            assertMismatches(v.get(3), "counters say 100 fsync on " + log.formatted("channel_force_all_platform") + " \\(plain fd; syncCalls 100\\), the kernel saw 99");
            assertMismatches(v.get(4), "counters say 10 msync on " + log.formatted("mmap_force") + " \\(MS_SYNC; syncCalls 10\\), the kernel saw 9");
            assertTrue(v.get(5).passed(), "an honest JDK-path cell in the same JVM passes: " + v.get(5).describe());
            assertEquals(List.of(), dir.listing());
        }
    }

    /** Both families' method axis is a SyncMethod. */
    private static SyncMethod method(SizedCell cell) {
        return (SyncMethod) cell.cell().methodValue();
    }
}
