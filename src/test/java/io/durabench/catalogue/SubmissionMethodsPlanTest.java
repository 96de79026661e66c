package io.durabench.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * pwritev2 and the io_uring methods in the profiles: the quick, standard and compare sweeps measure each at
 * the centre alone (8 KiB, one write per batch, append), like the other methods the profiles do not
 * sweep; the full sweep gives the ring methods every batch, pwritev2 none.
 */
class SubmissionMethodsPlanTest {
    private static final List<SyncMethod> NEW = List.of(SyncMethod.PWRITEV2_DSYNC, SyncMethod.URING_FDATASYNC, SyncMethod.URING_DSYNC,
            SyncMethod.URING_DIRECT_DSYNC);

    @ParameterizedTest
    @EnumSource(value = Sweep.class, names = {"QUICK", "STANDARD", "COMPARE"})
    void eachIsPlannedAtTheCentreOnly(Sweep sweep) {
        List<Cell> cells = Catalogue.SYNC_WRITE_COST.plan(new PlanRequest(sweep, "/unused", n -> Optional.empty()));
        for (SyncMethod m : NEW) {
            assertEquals(List.of("8192 1 NONE"), cells.stream().filter(c -> c.methodValue() == m).map(SubmissionMethodsPlanTest::where).toList(),
                    m + " in " + sweep);
        }
    }

    @ParameterizedTest
    @EnumSource(value = SyncMethod.class, names = {"PWRITEV2_DSYNC", "URING_FDATASYNC", "URING_DSYNC", "URING_DIRECT_DSYNC"})
    void theFullSweepBatchesTheRingMethodsOnly(SyncMethod m) {
        List<Cell> cells = Catalogue.SYNC_WRITE_COST.plan(new PlanRequest(Sweep.FULL, "/unused", n -> Optional.empty()));
        List<Integer> batches = cells.stream().filter(c -> c.methodValue() == m && c.get(SyncWriteCostFamily.BLOCK_SIZE) == 8192
                && c.get(SyncWriteCostFamily.PREALLOCATION) == Preallocation.NONE).map(c -> c.get(SyncWriteCostFamily.WRITES_PER_SYNC)).toList();
        assertEquals(m.throughRing() ? List.of(1, 10, 100) : List.of(1), batches);
    }

    private static String where(Cell c) {
        return c.get(SyncWriteCostFamily.BLOCK_SIZE) + " " + c.get(SyncWriteCostFamily.WRITES_PER_SYNC) + " " + c.get(SyncWriteCostFamily.PREALLOCATION);
    }
}
