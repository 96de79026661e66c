package io.durabench.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.OperationLoop;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The lock-step protocol on a real socket between two threads, with workloads that record who ran
 * when: strict alternation, turns of {@code grain} units, each unit ending at a durable point, the
 * block's first side from the order, and a failure on one side ending the cell on both while the
 * next cell still runs. The expected sequence is written out from the rules, not taken from a run.
 */
class SideCellProtocolTest {
    /** Every operation of either side, in the order they ran: "A" or "B". */
    private final List<String> ran = Collections.synchronizedList(new ArrayList<>());
    /** The test hook per side: B's timed spin per operation, and A's untimed pad (B's spin mirrored). */
    private long spinB, padA;

    @Test
    void theKnownEffectIsTimedOnBAndMirroredUntimedOnA() throws Exception {
        spinB = 300_000;
        padA = 300_000;
        LockStepSettings s = settings(1, Order.ALTERNATE, 3, 4);
        List<SideCell.Outcome> o = pair(s, 1, -1, -1);
        double a = nanosPerOperation(o.get(0)), b = nanosPerOperation(o.get(1));
        assertTrue(b >= 300_000, "B's spin is inside its timed unit: " + b + " ns per operation");
        assertTrue(a < 150_000, "A's pad (the same spin) is outside its timed unit: " + a + " ns per operation");
    }

    private static double nanosPerOperation(SideCell.Outcome o) {
        return o.blocks().stream().mapToLong(b -> b.nanos()).sum() / (double) o.blocks().stream().mapToLong(b -> b.operations()).sum();
    }

    @Test
    void sidesAlternateOneUnitAtATimeAndEachBlockOpensWithTheOrdersSide() throws Exception {
        LockStepSettings s = settings(1, Order.ALTERNATE, 3, 4);
        List<SideCell.Outcome> o = pair(s, 1, -1, -1);
        List<String> measured = measuredOps(s, 1);
        // Block 0 opens with A, block 1 with B (ABBA), then A, then B; each turn one unit of one operation.
        assertEquals(List.of("A", "B", "A", "B", "A", "B", "B", "A", "B", "A", "B", "A", "A", "B", "A", "B", "A", "B",
                "B", "A", "B", "A", "B", "A"), measured);
        assertEquals(4, o.get(0).blocks().size());
        assertEquals(3, o.get(0).blocks().get(0).units());
        assertNull(o.get(0).error());
        assertNull(o.get(1).error());
    }

    @Test
    void aGrainOfTwoHandsOverAfterTwoUnitsAndAUnitRunsUntilItsWorkloadIsDurable() throws Exception {
        LockStepSettings s = settings(2, Order.A_FIRST, 4, 2);
        List<SideCell.Outcome> o = pair(s, 3, -1, -1);
        List<String> measured = measuredOps(s, 3);
        // Units of 3 operations (durable every 3rd), turns of 2 units: 6 operations per turn, A always first.
        List<String> expected = new ArrayList<>();
        for (int block = 0; block < 2; block++) {
            for (int turn = 0; turn < 4; turn++) expected.addAll(Collections.nCopies(6, turn % 2 == 0 ? "A" : "B"));
        }
        assertEquals(expected, measured);
        assertEquals(12, o.get(0).blocks().get(0).operations(), "4 units of 3 operations per side per block");
    }

    @Test
    void aFailedUnitEndsTheCellOnBothSidesAndTheNextCellStillRuns() throws Exception {
        LockStepSettings s = settings(1, Order.ALTERNATE, 3, 4);
        // Side B's 5th measured-phase operation fails (after the warmup's).
        int warmupOps = s.warmupMinBlocks() * s.warmupUnits();
        List<List<SideCell.Outcome>> cells = pair(s, 1, new int[] {-1, -1}, new int[] {warmupOps + 5, -1});
        List<SideCell.Outcome> first = cells.get(0), second = cells.get(1);
        assertTrue(first.get(1).error().contains("injected failure"), first.get(1).error());
        assertTrue(!first.get(1).partnerFailed());
        assertEquals("the other side's unit failed", first.get(0).error());
        assertTrue(first.get(0).partnerFailed());
        assertNull(second.get(0).error(), "the next cell runs on the same line");
        assertNull(second.get(1).error());
        assertEquals(4, second.get(1).blocks().size());
    }

    /** Warmup needs QUIET_BLOCKS quiet blocks after its minimum; the JIT is quiet in these tiny loops soon enough. */
    private static LockStepSettings settings(int grain, Order order, int units, int blocks) {
        return new LockStepSettings(blocks, units, 25, grain, order, LockStepSettings.QUIET_BLOCKS, 500, grain == 1 ? 2 : 2 * grain);
    }

    /** The measured operations: what ran after the warmup, the warmup being every side's first warmup blocks' worth. */
    private List<String> measuredOps(LockStepSettings s, int opsPerUnit) {
        int perSide = s.blocks() * s.unitsPerBlock() * opsPerUnit;
        return List.copyOf(ran.subList(ran.size() - 2 * perSide, ran.size()));
    }

    /** Runs one cell on both sides; side X fails at its k-th operation when failX >= 0. */
    private List<SideCell.Outcome> pair(LockStepSettings s, int opsPerUnit, int failA, int failB) throws Exception {
        return pair(s, opsPerUnit, new int[] {failA}, new int[] {failB}).get(0);
    }

    /** Runs cells one after another on one line (cell i fails on side X at operation failX[i] when that is >= 0); per cell, A's and B's outcome. */
    private List<List<SideCell.Outcome>> pair(LockStepSettings s, int opsPerUnit, int[] failA, int[] failB) throws Exception {
        Path dir = Files.createTempDirectory("durabench-protocol-");
        Path socket = dir.resolve("s");
        // A thread of its own per side: both block on the socket, and the common pool has one worker on 2 CPUs
        // (side B never started on JDK 25 while side A waited for it).
        java.util.concurrent.ExecutorService sides = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<List<SideCell.Outcome>> a = CompletableFuture.supplyAsync(() -> side(Side.A, socket, s, opsPerUnit, failA), sides);
            CompletableFuture<List<SideCell.Outcome>> b = CompletableFuture.supplyAsync(() -> side(Side.B, socket, s, opsPerUnit, failB), sides);
            List<SideCell.Outcome> oa = a.get(60, TimeUnit.SECONDS), ob = b.get(60, TimeUnit.SECONDS);
            List<List<SideCell.Outcome>> out = new ArrayList<>();
            for (int i = 0; i < oa.size(); i++) out.add(List.of(oa.get(i), ob.get(i)));
            return out;
        } finally {
            sides.shutdownNow();
            Files.deleteIfExists(socket);
            Files.delete(dir);
        }
    }

    private List<SideCell.Outcome> side(Side me, Path socket, LockStepSettings s, int opsPerUnit, int[] failAt) {
        try (HandOff line = me == Side.A ? HandOff.listen(socket, Duration.ofSeconds(30)) : HandOff.connect(socket, Duration.ofSeconds(30))) {
            List<SideCell.Outcome> out = new ArrayList<>();
            for (int k : failAt) {
                SideCell.UnitWork work = new SideCell.UnitWork(() -> new Recording(me.name(), opsPerUnit, k), true,
                        me == Side.B ? spinB : 0, me == Side.A ? padA : 0);
                out.add(new SideCell(line, me, Side.A, s, work, SideCell.Marks.NONE).run());
            }
            return out;
        }
    }

    /** A workload that writes down each operation, is durable every {@code opsPerUnit} operations, and fails at operation {@code failAt}. */
    private final class Recording implements OperationLoop {
        private final String side;
        private final int opsPerUnit;
        private final int failAt;
        private long ops;

        Recording(String side, int opsPerUnit, int failAt) {
            this.side = side;
            this.opsPerUnit = opsPerUnit;
            this.failAt = failAt;
        }

        @Override
        public void operate() {
            if (ops + 1 == failAt) throw new IllegalStateException("injected failure at operation " + failAt);
            ops++;
            ran.add(side);
        }

        @Override
        public boolean atDurablePoint() {
            return ops % opsPerUnit == 0;
        }

        @Override
        public void finish() {
        }

        @Override
        public Map<String, Long> counters() {
            return Map.of("writes", ops);
        }

        @Override
        public void close() {
        }
    }
}
