package io.durabench.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Cells;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.CommitMode;
import org.junit.jupiter.api.Test;

/** Which pairings the hand-off rule allows, and what a refused one says. */
class HandOffRuleTest {
    private static final Cell FDATASYNC = Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 1, Preallocation.ZERO_FILL);
    private static final Cell FSYNC = Cells.syncWrite(SyncMethod.FSYNC, 8192, 1, Preallocation.ZERO_FILL);
    private static final Cell NONE = Cells.syncWrite(SyncMethod.NONE, 8192, 1, Preallocation.NONE);

    @Test
    void theSameCellPairsWithItselfEvenWhenItNeverEndsDurable() {
        assertEquals(HandOffRule.Kind.SAME_CELL, HandOffRule.kind(NONE, NONE));
        assertEquals(HandOffRule.Kind.SAME_CELL, HandOffRule.kind(FDATASYNC, FDATASYNC));
        assertEquals(HandOffRule.Kind.SAME_CELL, HandOffRule.kind(Cells.syncWrite(SyncMethod.O_DIRECT, 8192, 1, Preallocation.NONE),
                Cells.syncWrite(SyncMethod.O_DIRECT, 8192, 1, Preallocation.NONE)));
    }

    @Test
    void twoCellsThatEachEndDurablePair() {
        Cell appendFdatasync = Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 1, Preallocation.NONE);
        assertEquals(HandOffRule.Kind.TWO_DURABLE_CELLS, HandOffRule.kind(appendFdatasync, Cells.syncWrite(SyncMethod.FSYNC, 8192, 1, Preallocation.NONE)));
        assertEquals(HandOffRule.Kind.TWO_DURABLE_CELLS, HandOffRule.kind(appendFdatasync, Cells.fileCreate(true, 8192)));
        assertEquals(HandOffRule.Kind.TWO_DURABLE_CELLS, HandOffRule.kind(FDATASYNC, Cells.syncWrite(SyncMethod.O_DSYNC, 8192, 1, Preallocation.ZERO_FILL)),
                "two data-only syncs overwriting leave their timestamps alike");
    }

    @Test
    void aSideThatLeavesItsTimestampsPendingIsNotPairedWithOneThatCommitsThem() {
        HandOffRule.RefusedPairingException e = assertThrows(HandOffRule.RefusedPairingException.class, () -> HandOffRule.kind(FDATASYNC, FSYNC));
        assertTrue(e.getMessage().contains("leaves its timestamp change pending"), e.getMessage());
        assertThrows(HandOffRule.RefusedPairingException.class, () -> HandOffRule.kind(Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 100,
                Preallocation.NONE), Cells.syncWrite(SyncMethod.MMAP_FORCE, 8192, 100, Preallocation.NONE)), "a mapping overwrites; an append commits");
        assertThrows(HandOffRule.RefusedPairingException.class, () -> HandOffRule.kind(FDATASYNC, Cells.fileCreate(true, 8192)));
    }

    @Test
    void aCellThatLeavesWritesPendingIsRefusedBesideAnotherCell() {
        HandOffRule.RefusedPairingException e = assertThrows(HandOffRule.RefusedPairingException.class, () -> HandOffRule.kind(FDATASYNC, NONE));
        assertTrue(e.getMessage().startsWith("refused: SyncWriteCost.writeBlock:syncMethod=NONE"), e.getMessage());
        assertTrue(e.getMessage().contains("never ends at a durable point (pwrite only (page cache) does not reach stable storage)"), e.getMessage());
        assertTrue(e.getMessage().contains("pair it only with the same cell, on another JVM or another target"), e.getMessage());
        assertThrows(HandOffRule.RefusedPairingException.class,
                () -> HandOffRule.kind(Cells.syncWrite(SyncMethod.SYNC_FILE_RANGE, 8192, 1, Preallocation.NONE), FSYNC));
        assertThrows(HandOffRule.RefusedPairingException.class, () -> HandOffRule.kind(Cells.fileCreate(false, 8192), FSYNC),
                "a file created without syncing its directory leaves its name pending");
    }

    @Test
    void aCellOfSeveralThreadsCannotTakeTurns() {
        Cell committers = Cells.groupCommit(SyncMethod.FDATASYNC, Preallocation.NONE, 128, CommitMode.GROUP)
                .with(io.durabench.catalogue.GroupCommitFamily.COMMITTERS, 4);
        assertTrue(HandOffRule.cannotTakePart(committers).orElseThrow().contains("runs 4 threads at once"));
        assertThrows(HandOffRule.RefusedPairingException.class, () -> HandOffRule.kind(committers, committers));
    }
}
