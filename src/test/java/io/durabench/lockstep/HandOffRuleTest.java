package io.durabench.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
        allowed(HandOffRule.Kind.SAME_CELL, NONE, NONE);
        allowed(HandOffRule.Kind.SAME_CELL, FDATASYNC, FDATASYNC);
        allowed(HandOffRule.Kind.SAME_CELL, Cells.syncWrite(SyncMethod.O_DIRECT, 8192, 1, Preallocation.NONE),
                Cells.syncWrite(SyncMethod.O_DIRECT, 8192, 1, Preallocation.NONE));
    }

    @Test
    void twoCellsThatEachEndDurablePair() {
        Cell appendFdatasync = Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 1, Preallocation.NONE);
        allowed(HandOffRule.Kind.TWO_DURABLE_CELLS, appendFdatasync, Cells.syncWrite(SyncMethod.FSYNC, 8192, 1, Preallocation.NONE));
        allowed(HandOffRule.Kind.TWO_DURABLE_CELLS, appendFdatasync, Cells.fileCreate(true, 8192));
        // two data-only syncs overwriting leave their timestamps alike
        allowed(HandOffRule.Kind.TWO_DURABLE_CELLS, FDATASYNC, Cells.syncWrite(SyncMethod.O_DSYNC, 8192, 1, Preallocation.ZERO_FILL));
    }

    @Test
    void aSideThatLeavesItsTimestampsPendingIsNotPairedWithOneThatCommitsThem() {
        String why = HandOffRule.refusal(FDATASYNC, FSYNC).orElseThrow();
        assertTrue(why.contains("leaves its timestamp change pending"), why);
        // a mapping overwrites; an append commits
        refused(Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 100, Preallocation.NONE),
                Cells.syncWrite(SyncMethod.MMAP_FORCE, 8192, 100, Preallocation.NONE));
        refused(FDATASYNC, Cells.fileCreate(true, 8192));
    }

    @Test
    void aCellThatLeavesWritesPendingIsRefusedBesideAnotherCell() {
        String why = HandOffRule.refusal(FDATASYNC, NONE).orElseThrow();
        assertTrue(why.startsWith("refused: SyncWriteCost.writeBlock:syncMethod=NONE"), why);
        assertTrue(why.contains("never ends at a durable point (pwrite only (page cache) does not reach stable storage)"), why);
        assertTrue(why.contains("pair it only with the same cell, on another JVM or another target"), why);
        refused(Cells.syncWrite(SyncMethod.SYNC_FILE_RANGE, 8192, 1, Preallocation.NONE), FSYNC);
        refused(Cells.fileCreate(false, 8192), FSYNC); // a file created without syncing its directory leaves its name pending
    }

    @Test
    void aCellOfSeveralThreadsCannotTakeTurns() {
        Cell committers = Cells.groupCommit(SyncMethod.FDATASYNC, Preallocation.NONE, 128, CommitMode.GROUP)
                .with(io.durabench.catalogue.GroupCommitFamily.COMMITTERS, 4);
        assertTrue(HandOffRule.cannotTakePart(committers).orElseThrow().contains("runs 4 threads at once"));
        refused(committers, committers);
    }

    @Test
    void besideAReferenceOrTheTwinIsAPairOrWhyNot() {
        Cell dsync = Cells.syncWrite(SyncMethod.O_DSYNC, 8192, 1, Preallocation.ZERO_FILL);
        HandOffRule.Pairing ref = HandOffRule.beside(dsync, "FDATASYNC");
        assertEquals(FDATASYNC, ref.pair().a());
        assertEquals(dsync, ref.pair().b());
        assertNull(ref.refusal());
        assertEquals(FSYNC, HandOffRule.beside(FSYNC, null).pair().a(), "no reference: the same cell on both sides");
        assertTrue(HandOffRule.beside(FSYNC, "FDATASYNC").refusal().contains("leaves its timestamp change pending"));
        HandOffRule.Pairing none = HandOffRule.beside(NONE, "FDATASYNC");
        assertNull(none.pair());
        assertTrue(none.refusal().contains("never ends at a durable point"), none.refusal());
        assertTrue(HandOffRule.beside(FSYNC, "NO_SUCH").refusal().startsWith("--reference NO_SUCH is not a method of"));
        HandOffRule.Pairing twin = HandOffRule.besideTwin(FDATASYNC);
        assertEquals(FDATASYNC.family().cellInC(FDATASYNC).orElseThrow(), twin.pair().a());
        assertNull(twin.refusal());
    }

    @Test
    void aReferenceThatCannotTakeTheCellsValuesSaysSoAndTheSameCellIsLeftToTheProbe() {
        Cell batched = Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 100, Preallocation.NONE);
        String why = HandOffRule.beside(batched, "O_DSYNC").refusal();
        assertTrue(why.startsWith("--reference O_DSYNC cannot run with the values of SyncWriteCost.writeBlock:syncMethod=FDATASYNC,"), why);
        assertTrue(why.contains("writesPerSync=100 does not apply to O_DSYNC"), why);
        assertTrue(why.endsWith("; give --reference a method that takes them"), why);
        // No reference: a cell whose values do not go together (O_DSYNC has no sync call to batch) is no pairing's
        // business; it pairs with itself and the probe calls it n/a with the family's reason, as in a run in rounds.
        Cell meaningless = Cells.syncWrite(SyncMethod.O_DSYNC, 8192, 100, Preallocation.NONE);
        HandOffRule.Pairing aa = HandOffRule.beside(meaningless, null);
        assertNull(aa.refusal());
        assertEquals(meaningless, aa.pair().a());
        assertEquals(meaningless, aa.pair().b());
    }

    private static void allowed(HandOffRule.Kind kind, Cell a, Cell b) {
        assertEquals(java.util.Optional.empty(), HandOffRule.refusal(a, b));
        assertEquals(kind, HandOffRule.kind(a, b));
    }

    private static void refused(Cell a, Cell b) {
        assertTrue(HandOffRule.refusal(a, b).isPresent(), a.spec() + " beside " + b.spec());
    }
}
