package io.durabench.witness;

import static io.durabench.witness.WitnessAssertions.assumeStrace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.catalogue.Cells;
import io.durabench.nativeio.IoUring;
import io.durabench.nativeio.KernelRefusal;
import io.durabench.nativeio.NativeLayers;
import io.durabench.testing.Requires;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The witness of the io_uring methods for real: strace sees only io_uring_enter, so as root the witnessed JVM traces
 * its ring's ops (io_uring:io_uring_submit_req, io_uring_complete) between each cell's markers, and every count is
 * confirmed: URING_FDATASYNC one write linked to one fsync per operation, a batch of 10 writes with one drained fsync,
 * URING_DSYNC and URING_DIRECT_DSYNC one write per operation and no fsync; every completion whole. Without root the
 * same cells pass on strace's count alone, each saying that its ops were not traced (tracefs is root's).
 */
class RingWitnessTest {
    private static final int OPS = 100;
    private static final List<SizedCell> CELLS = List.of(
            SizedCell.of(Cells.syncWrite(SyncMethod.URING_FDATASYNC, 8192, 1, Preallocation.NONE)),
            SizedCell.of(Cells.syncWrite(SyncMethod.URING_FDATASYNC, 8192, 10, Preallocation.ZERO_FILL)),
            SizedCell.of(Cells.syncWrite(SyncMethod.URING_DSYNC, 8192, 1, Preallocation.NONE)),
            SizedCell.of(Cells.syncWrite(SyncMethod.URING_DSYNC, 4096, 10, Preallocation.NONE)),
            SizedCell.of(Cells.syncWrite(SyncMethod.URING_DIRECT_DSYNC, 8192, 1, Preallocation.NONE)));

    private static WitnessReport witness(ScratchDir dir) {
        assumeStrace();
        try (IoUring ring = IoUring.open(NativeLayers.current(), 2, "(the test's probe ring)")) {
            assertEquals(2, ring.capacity());
        } catch (KernelRefusal e) {
            assumeTrue(false, "this machine refuses io_uring, so its cells are n/a: " + e.getMessage());
        }
        WitnessReport report = SyscallWitness.in(dir.path()).withOps(OPS, 10).verify(CELLS);
        System.out.println(report.describe());
        assertTrue(report.passed(), report.describe());
        assertEquals(List.of(), dir.listing());
        return report;
    }

    /** As root (CI's first runs) the ops are traced and held to the counts; without root (CI's last run) each cell says they were not. */
    @Test
    void asRootTheTracepointsConfirmEveryRingOpWithoutRootEachCellSaysTheyWereNotTraced() {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            WitnessReport report = witness(dir);
            if (!Requires.isRoot()) {
                for (CellVerdict v : report.verdicts()) {
                    assertEquals(1, v.notes().size(), v.describe());
                    assertTrue(v.notes().get(0).startsWith("io_uring ops not traced ("), v.describe());
                }
                return;
            }
            for (CellVerdict v : report.verdicts()) assertEquals(List.of(), v.notes(), v.describe());
            // The counts the rules held the trace to: 100 operations each.
            Map<String, Long> linked = report.verdicts().get(0).counters();
            assertEquals(List.of((long) OPS, (long) OPS), List.of(linked.get("writes"), linked.get("syncCalls")));
            assertEquals(OPS / 10, report.verdicts().get(1).counters().get("syncCalls"));
            assertEquals(OPS, report.verdicts().get(4).counters().get("syncedWrites"));
        }
    }
}
