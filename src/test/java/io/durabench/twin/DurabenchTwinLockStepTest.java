package io.durabench.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Cells;
import io.durabench.catalogue.Counters;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.env.JvmFacts;
import io.durabench.lockstep.ForkPair;
import io.durabench.lockstep.ForkPair.CellPair;
import io.durabench.lockstep.ForkPair.SideSetup;
import io.durabench.lockstep.LockStepSettings;
import io.durabench.lockstep.Order;
import io.durabench.lockstep.Placement;
import io.durabench.lockstep.Side;
import io.durabench.results.LockStepFile.Block;
import io.durabench.results.LockStepFile.SideRecord;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The C twin as a lock-step side in a real fork pair with a Java side, on a directory of this disk:
 * both sides measure every cell, the blocks and units are what the settings say, the counters per
 * operation are what the cell implies (and the same on both sides, call for call), and the C side's
 * result lines read back through LockStepFile.sideRecord (ForkPair reads them so) with their stall,
 * settle and cpus fields. Once with the twin as side B, once as side A.
 */
class DurabenchTwinLockStepTest {
    /** A region of 8 blocks: the append cells start their file over every 8 writes, so the settle fsync runs. */
    static final WorkloadSize SMALL = new WorkloadSize(8 * 8192, 16384);
    static final int BLOCKS = 4;

    @Test
    void aJavaSideAAndATwinSideBMeasureTheSameCellsCallForCall() {
        Cell append = Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 1, Preallocation.NONE);
        Cell batched = Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 4, Preallocation.ZERO_FILL);
        Cell dsync = Cells.syncWrite(SyncMethod.O_DSYNC, 8192, 1, Preallocation.NONE);
        List<CellPair> cells = List.of(new CellPair(append, append, 6, SMALL), new CellPair(batched, batched, 6, SMALL),
                new CellPair(dsync, dsync, 6, SMALL));
        LockStepSettings s = new LockStepSettings(BLOCKS, 0, 25, 1, Order.ALTERNATE, LockStepSettings.QUIET_BLOCKS, 50, 6);
        try (ScratchDir dirA = ScratchDir.on(Medium.DISK); ScratchDir dirB = ScratchDir.on(Medium.DISK)) {
            ForkPair.Outcome o = ForkPair.run(SideSetup.of(new ForkPair.Program.Jvm(JvmFacts.current()), dirA.path()), twinSide(dirB),
                    Side.A, cells, s, Placement.lastCpu(), "java A, twin B");
            for (int i = 0; i < cells.size(); i++) {
                assertMeasured(o.a().get(i), o.b().get(i), 6, "cell " + i);
                assertEquals(6, o.units().get(i));
                assertEquals(0, o.b().get(i).compileMillisWhileMeasured(), "the twin has no JIT");
            }
            // One write per unit and one fdatasync per write; the 8-block region started over every 8 writes, each settled untimed.
            Map<String, Long> c = o.b().get(0).counters();
            long writes = c.get(Counters.WRITES);
            assertEquals(BLOCKS * 6, writes);
            assertEquals(writes, c.get(Counters.SYNC_CALLS));
            assertEquals(writes * 8192, c.get(Counters.BYTES));
            assertTrue(c.get(Counters.RECYCLES) > 0);
            assertEquals(c.get(Counters.RECYCLES), c.get(Counters.SETTLE_SYNCS), "one settle fsync after each unit that started the file over");
            // writesPerSync 4: a unit is 4 writes and one fdatasync; ZERO_FILL's synced 16 KiB chunks, two blocks each.
            c = o.b().get(1).counters();
            assertEquals(BLOCKS * 6 * 4, c.get(Counters.WRITES));
            assertEquals(c.get(Counters.WRITES) / 4, c.get(Counters.SYNC_CALLS));
            assertEquals(c.get(Counters.WRITES) / 2, c.get(Counters.PREALLOC_SYNCS));
            assertEquals(4L * BLOCKS * 6, o.b().get(1).blocks().stream().mapToLong(Block::operations).sum());
            // O_DSYNC: every write synchronous, no sync call.
            c = o.b().get(2).counters();
            assertEquals(c.get(Counters.WRITES), c.get(Counters.SYNCED_WRITES));
            assertEquals(0, c.get(Counters.SYNC_CALLS));
            assertEquals(List.of(), dirA.listing());
            assertEquals(List.of(), dirB.listing(), "the twin deleted its files");
        }
    }

    @Test
    void aTwinSideAAndAJavaSideBSizeTheirBlocksTogetherInTurnsOfTwo() {
        Cell append = Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 1, Preallocation.NONE);
        // Units 0: sized from the warmup (the 8-byte swap); grain 2; B opens the cell and every block.
        LockStepSettings s = new LockStepSettings(BLOCKS, 0, 5, 2, Order.B_FIRST, LockStepSettings.QUIET_BLOCKS, 50, 6);
        try (ScratchDir dirA = ScratchDir.on(Medium.DISK); ScratchDir dirB = ScratchDir.on(Medium.DISK)) {
            ForkPair.Outcome o = ForkPair.run(twinSide(dirA), SideSetup.of(new ForkPair.Program.Jvm(JvmFacts.current()), dirB.path()), Side.B,
                    List.of(new CellPair(append, append, 0, SMALL)), s, Placement.lastCpu(), "twin A, java B");
            int units = o.units().get(0);
            assertTrue(units >= LockStepSettings.MIN_UNITS && units <= LockStepSettings.MAX_UNITS && units % 2 == 0, "units " + units);
            assertMeasured(o.a().get(0), o.b().get(0), units, "the sized cell");
            assertEquals(0, o.a().get(0).compileMillisWhileMeasured(), "the twin has no JIT");
            assertEquals(BLOCKS * (long) units, o.a().get(0).counters().get(Counters.SYNC_CALLS));
            assertEquals(List.of(), dirA.listing());
        }
    }

    static SideSetup twinSide(ScratchDir dir) {
        return SideSetup.of(new ForkPair.Program.Twin(TwinBinary.build()), dir.path());
    }

    /** Both sides measured the cell: blocks of {@code units} units, the same warmup and the same counters, on the pinned CPU. */
    static void assertMeasured(SideRecord a, SideRecord b, int units, String what) {
        assertNull(a.error(), what + ": side A: " + a.error());
        assertNull(b.error(), what + ": side B: " + b.error());
        for (SideRecord r : List.of(a, b)) {
            assertEquals(BLOCKS, r.blocks().size(), what);
            for (Block k : r.blocks()) {
                assertEquals(units, k.units(), what);
                assertTrue(k.operations() >= units && k.maxUnitNanos() > 0 && k.maxUnitNanos() <= k.nanos(), what + ": " + k.text());
                assertTrue(k.stalls() <= units && k.stalledNanos() <= k.nanos() && k.stalledOperations() <= k.operations(), what + ": " + k.text());
            }
            assertTrue(r.warmupBlocks() >= LockStepSettings.QUIET_BLOCKS, what);
            assertEquals(Placement.lastCpu().cpus(), r.cpus(), what + ": the measuring thread pinned and read back");
        }
        assertEquals(a.warmupBlocks(), b.warmupBlocks(), what + ": the sides warm up together");
        assertEquals(a.counters(), b.counters(), what + ": the twin's calls are the Java workload's");
    }
}
