package io.durabench.lockstep;

import io.durabench.catalogue.OperationLoop;
import io.durabench.child.ResultLines;
import io.durabench.results.LockStepFile.Block;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One cell on one side of a lock-step pair, from opening its workload to closing it, in strict
 * alternation with the other side over the {@link HandOff}. Both sides run the same schedule, so
 * each knows whose turn comes next without being told:
 * <ol>
 *   <li><b>Open</b>, in turn, the cell's opener first (a file made first gets the first of the free space, so
 *       each cell is opened both ways in a pair: {@link BothWays}); a side that could not open ends the cell on both.</li>
 *   <li><b>Warmup</b>: discarded blocks of {@code warmupUnits} units per side until neither side's JIT
 *       compiled anything for {@link LockStepSettings#QUIET_BLOCKS} blocks in a row, within the minimum and
 *       maximum of blocks (the waiting side's JIT compiles while the other measures, so the sides swap
 *       that at each block's end).</li>
 *   <li><b>Size</b>: unless given, units per block from both sides' unit times in the last warmup
 *       block ({@link LockStepSettings#sizedUnits}).</li>
 *   <li><b>Measure</b>: the blocks, the sides alternating turns of {@code grain} units, the block's
 *       first turn the order's ({@link Order}). Each unit is timed alone: operations until the workload
 *       is at a durable point ({@link OperationLoop#atDurablePoint}), then, untimed,
 *       {@link OperationLoop#settle} and the hand-over, so nothing of this side is pending while the
 *       other measures. A workload that is never durable (NONE) has units of one operation.</li>
 * </ol>
 * A unit that fails sends FAILED, so the other side ends the cell too; both go on with the next cell.
 */
final class SideCell {
    /** A durable workload that is still not at a durable point after this many operations is broken. */
    static final int MAX_OPERATIONS_PER_UNIT = 1 << 21;

    private final HandOff line;
    private final Side me;
    private final Side opener;
    private final LockStepSettings settings;
    private final UnitWork work;
    private final Marks marks;
    /** The warmup block's unit times (null while measuring), for the stall threshold. */
    private long[] unitTimes;
    /** A measured unit above this is a stall: {@link #STALL_FACTOR} x the median unit of the last warmup block. */
    private long stallNanos = Long.MAX_VALUE;
    /** The test spin's real time in this cell's measured, stall-free units. */
    private long measuredSpinNanos;
    private final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();

    /**
     * What the side runs per unit: the workload, whether it ever ends durable, and the test hook's
     * extra work: a spin per operation timed (the known effect) and one untimed (the pad: the other
     * side's spin mirrored, so both sides leave each other the same gap before every unit and only
     * whether the spin is timed differs, since the next durable write's cost depends on the gap before it).
     */
    record UnitWork(Supplier<OperationLoop> opener, boolean durable, long busyWaitNanosPerOperation, long padNanosPerOperation) {
    }

    /** A unit longer than this many times the median unit of the side's last warmup block is a stall. */
    static final int STALL_FACTOR = 20;

    /**
     * Calls made at the measurement's edges, for the syscall witness: before the first measured
     * block, after the last, and once the workload is closed (whether the cell ran or failed).
     */
    record Marks(Runnable begin, Runnable end, Runnable closed) {
        static final Marks NONE = new Marks(() -> { }, () -> { }, () -> { });
    }

    /**
     * The cell as this side saw it. {@code error} is null when it was measured; {@code partnerFailed}
     * says the error was the other side's. {@code compileMillis}: what this side's JIT spent while
     * the blocks were measured (0 after a warmup that did its job). {@code cellMillis}: the cell's wall
     * time on this side, from opening its workload to closing it (what one row costs a fork pair).
     * {@code testSpinNanos}: what the test hook's timed spin really took in the measured, stall-free
     * units (a preemption can outlast its deadline).
     */
    record Outcome(int warmupBlocks, boolean warmupCapped, int unitsPerBlock, List<Block> blocks, Map<String, Long> counters,
                   long compileMillis, String error, boolean partnerFailed, long cellMillis, long testSpinNanos) {
        Outcome took(long millis) {
            return new Outcome(warmupBlocks, warmupCapped, unitsPerBlock, blocks, counters, compileMillis, error, partnerFailed, millis, testSpinNanos);
        }
    }

    /** @param opener the side that opens its workload first in this fork pair */
    SideCell(HandOff line, Side me, Side opener, LockStepSettings settings, UnitWork work, Marks marks) {
        this.line = line;
        this.me = me;
        this.opener = opener;
        this.settings = settings;
        this.work = work;
        this.marks = marks;
    }

    Outcome run() {
        long start = System.nanoTime();
        return runCell().took((System.nanoTime() - start) / 1_000_000);
    }

    private Outcome runCell() {
        // Open, in turn: the cell's opener first (its file is made first, so it gets the first of the free space), then the other.
        boolean partnerReady = true;
        if (me != opener) partnerReady = line.receive() == HandOff.READY;
        OperationLoop loop = null;
        String openError = null;
        try {
            loop = work.opener().get();
        } catch (RuntimeException e) {
            openError = "opening the workload failed: " + ResultLines.oneLine(e);
        }
        line.send(loop != null ? HandOff.READY : HandOff.NOT_READY);
        if (me == opener) partnerReady = line.receive() == HandOff.READY;
        Outcome outcome;
        if (openError != null) outcome = failed(openError, false);
        else if (!partnerReady) outcome = failed("the other side could not open its workload", true);
        else {
            try {
                outcome = measure(loop);
            } catch (UnitFailed e) {
                outcome = failed(e.getMessage(), false);
            } catch (PartnerFailed e) {
                outcome = failed("the other side's unit failed", true);
            }
        }
        String closeError = close(loop);
        marks.closed().run();
        return closeError == null || outcome.error() != null ? outcome : failed("closing the workload failed: " + closeError, false);
    }

    private Outcome measure(OperationLoop loop) {
        // Warmup: discarded blocks until neither JIT compiles.
        int warmup = 0, quiet = 0;
        long lastUnitNanos = 0;
        boolean capped = false;
        while (true) {
            long compiledBefore = compileMillis();
            unitTimes = new long[settings.warmupUnits()];
            Block b = block(loop, warmup, settings.warmupUnits(), Order.ALTERNATE);
            // The median, not the mean: one stalled unit in the last warmup block made a cell's blocks a third the size (40 units, not 100).
            lastUnitNanos = median(unitTimes, b.units());
            stallNanos = STALL_FACTOR * lastUnitNanos;
            boolean bothQuiet = endBlock(Order.ALTERNATE.firstIn(warmup).other(), compileMillis() == compiledBefore);
            warmup++;
            quiet = bothQuiet ? quiet + 1 : 0;
            if (warmup >= settings.warmupMinBlocks() && quiet >= LockStepSettings.QUIET_BLOCKS) break;
            if (warmup >= settings.warmupMaxBlocks()) {
                capped = true;
                break;
            }
        }
        int units = settings.unitsPerBlock();
        if (units == 0) {
            long theirs = line.swap(lastUnitNanos, me == Side.A);
            units = me == Side.A ? settings.sizedUnits(lastUnitNanos, theirs) : settings.sizedUnits(theirs, lastUnitNanos);
        }
        Map<String, Long> start = loop.counters();
        long compiledBefore = compileMillis();
        unitTimes = null;
        measuredSpinNanos = 0;
        List<Block> blocks = new ArrayList<>();
        marks.begin().run();
        for (int i = 0; i < settings.blocks(); i++) {
            blocks.add(block(loop, i, units, settings.order()));
            endBlock(settings.order().firstIn(i).other(), true);
        }
        marks.end().run();
        return new Outcome(warmup, capped, units, blocks, OperationLoop.difference(loop.counters(), start), compileMillis() - compiledBefore, null, false, 0,
                measuredSpinNanos);
    }

    /**
     * One block of {@code units} units per side: turns alternate from the order's first side; this
     * side waits for the other's hand-over before each of its turns but the block's first.
     */
    private Block block(OperationLoop loop, int index, int units, Order order) {
        Side first = order.firstIn(index);
        int turns = 2 * units / settings.grain();
        long nanos = 0, ops = 0, max = 0, stalledNanos = 0, stalledOps = 0;
        int done = 0, stalls = 0;
        for (int t = 0; t < turns; t++) {
            Side owner = t % 2 == 0 ? first : first.other();
            if (owner != me) continue;
            if (t > 0) awaitTurn();
            for (int g = 0; g < settings.grain(); g++) {
                long[] unit = unit(loop);
                if (unitTimes != null) unitTimes[done] = unit[0];
                nanos += unit[0];
                ops += unit[1];
                max = Math.max(max, unit[0]);
                if (unitTimes == null && unit[0] > stallNanos) {
                    stalls++;
                    stalledNanos += unit[0];
                    stalledOps += unit[1];
                } else if (unitTimes == null) {
                    measuredSpinNanos += unit[2];
                }
                done++;
            }
            if (t < turns - 1) line.send(HandOff.GO);
        }
        return new Block(nanos, done, ops, max, stalls, stalledNanos, stalledOps);
    }

    /** One unit, timed: operations until a durable point (one operation for a workload that never reaches one); then settled, untimed. */
    private long[] unit(OperationLoop loop) {
        long ops = 0, padded = 0, spun = 0;
        long start = System.nanoTime();
        try {
            do {
                loop.operate();
                spun += busyWait(work.busyWaitNanosPerOperation());
                padded += busyWait(work.padNanosPerOperation());
                ops++;
            } while (work.durable() && !loop.atDurablePoint() && ops < MAX_OPERATIONS_PER_UNIT);
            long nanos = System.nanoTime() - start - padded;
            if (work.durable() && !loop.atDurablePoint()) {
                throw new IllegalStateException("the workload is not at a durable point after " + ops + " operations: it never syncs");
            }
            loop.settle();
            return new long[] {nanos, ops, spun};
        } catch (RuntimeException e) {
            line.send(HandOff.FAILED);
            throw new UnitFailed(ResultLines.oneLine(e));
        }
    }

    /** Waits for the other side's hand-over; its failure ends the cell here too. */
    private void awaitTurn() {
        byte b = line.receive();
        if (b == HandOff.FAILED) throw new PartnerFailed();
        if (b != HandOff.GO) throw new IllegalStateException("lock-step protocol: expected a hand-over, got '" + (char) b + "'");
    }

    /**
     * The block's end, where the sides swap whether their JIT was quiet: the side that took the last
     * turn ({@code last}) says first, the other answers. Returns whether both were quiet.
     */
    private boolean endBlock(Side last, boolean quiet) {
        byte mine = quiet ? HandOff.END_QUIET : HandOff.END_COMPILING;
        byte theirs;
        if (me == last) {
            line.send(mine);
            theirs = line.receive();
        } else {
            theirs = line.receive();
            if (theirs == HandOff.FAILED) throw new PartnerFailed();
            line.send(mine);
        }
        if (theirs != HandOff.END_QUIET && theirs != HandOff.END_COMPILING) {
            throw new IllegalStateException("lock-step protocol: expected a block's end, got '" + (char) theirs + "'");
        }
        return quiet && theirs == HandOff.END_QUIET;
    }

    private long compileMillis() {
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0;
    }

    private static long median(long[] times, int n) {
        if (n == 0) return Long.MAX_VALUE / STALL_FACTOR;
        long[] sorted = java.util.Arrays.copyOf(times, n);
        java.util.Arrays.sort(sorted);
        return sorted[n / 2];
    }

    /** Spins for the test hook's extra work per operation (none for 0); how long it really spun, by the clock that stopped it. */
    private static long busyWait(long nanos) {
        if (nanos <= 0) return 0;
        long start = System.nanoTime(), end = start + nanos;
        long now;
        while ((now = System.nanoTime()) < end) Thread.onSpinWait();
        return now - start;
    }

    private static Outcome failed(String why, boolean partner) {
        return new Outcome(0, false, 0, List.of(), Map.of(), 0, why, partner, 0, 0);
    }

    /** Closes the workload (deleting its files); why not, or null. */
    private static String close(OperationLoop loop) {
        if (loop == null) return null;
        try {
            loop.close();
            return null;
        } catch (RuntimeException e) {
            return ResultLines.oneLine(e);
        }
    }

    /** This side's unit failed; FAILED was sent. */
    private static final class UnitFailed extends RuntimeException {
        UnitFailed(String message) {
            super(message);
        }
    }

    /** The other side's unit failed. */
    private static final class PartnerFailed extends RuntimeException {
        PartnerFailed() {
            super("the other side's unit failed");
        }
    }
}
