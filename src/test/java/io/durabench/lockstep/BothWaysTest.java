package io.durabench.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.durabench.results.LockStepFile.Block;
import io.durabench.results.LockStepFile.SideRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each cell in two halves per fork pair, opened both ways, joined into the pair's one record. */
class BothWaysTest {
    @Test
    void theOpenerAlternatesFromCellToCellStartingWithThePairs() {
        assertEquals(Side.A, LockStepSide.openerOf(0, Side.A));
        assertEquals(Side.B, LockStepSide.openerOf(1, Side.A));
        assertEquals(Side.B, LockStepSide.openerOf(2, Side.B));
        assertEquals(Side.A, LockStepSide.openerOf(3, Side.B));
    }

    @Test
    void eachHalfHasAnEvenNumberOfBlocksSoBothSidesOpenAsManyBlocks() {
        assertEquals(6, BothWays.blocksPerHalf(10));
        assertEquals(6, BothWays.blocksPerHalf(12));
        assertEquals(16, BothWays.blocksPerHalf(30));
        assertEquals(2, BothWays.blocksPerHalf(2));
        assertEquals(2, BothWays.blocksPerHalf(3));
        assertEquals(6, BothWays.halves(LockStepSettings.REFERENCE_PAIRS).blocks());
    }

    @Test
    void everyCellIsListedTwiceInARow() {
        ForkPair.CellPair x = new ForkPair.CellPair(null, null, 3, null), y = new ForkPair.CellPair(null, null, 5, null);
        assertEquals(List.of(x, x, y, y), BothWays.expand(List.of(x, y)));
        assertEquals(List.of(3, 7), BothWays.units(List.of(3, 3, 0, 7)));
    }

    @Test
    void twoHalvesJoinTheirBlocksInOrderAndAddTheirCounts() {
        Block b1 = new Block(1000, 10, 10, 200, 0, 0, 0), b2 = new Block(2000, 10, 10, 300, 0, 0, 0), b3 = new Block(3000, 10, 10, 400, 1, 900, 1);
        SideRecord first = new SideRecord(null, false, 4, false, 0, 100, "1", List.of(b1, b2), Map.of("writes", 20L, "syncCalls", 20L), 5);
        SideRecord second = new SideRecord(null, false, 5, true, 2, 120, "1", List.of(b3), Map.of("writes", 10L), 7);
        SideRecord j = BothWays.join(first, second);
        assertEquals(List.of(b1, b2, b3), j.blocks());
        assertEquals(Map.of("writes", 30L, "syncCalls", 20L), j.counters());
        assertEquals(9, j.warmupBlocks());
        assertEquals(true, j.warmupCapped());
        assertEquals(220, j.cellMillis());
        assertEquals(12, j.testSpinNanos());
        assertEquals(List.of(j), BothWays.join(List.of(first, second)));
    }

    @Test
    void aHalfThatFailedFailsTheCellForAHalfAloneIsNotBothWays() {
        SideRecord ok = new SideRecord(null, false, 4, false, 0, 100, "1", List.of(), Map.of());
        SideRecord failed = SideRecord.failed("fdatasync failed: EIO on /d/f", false);
        assertSame(failed, BothWays.join(ok, failed));
        assertSame(failed, BothWays.join(failed, ok));
    }
}
