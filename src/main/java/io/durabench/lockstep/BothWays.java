package io.durabench.lockstep;

import io.durabench.results.LockStepFile.Block;
import io.durabench.results.LockStepFile.SideRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every cell opened both ways in every fork pair. The side that makes its file first gets the
 * first of the free space, and on a filesystem whose free space a run has carved up (the lab's
 * ext4 and XFS after a profile's cells) that moves a side's cost by several percent for as long as
 * the file lives. Alternating the opener from pair to pair balanced it across pairs but left each
 * pair's ratio off by the same few percent, one way in odd pairs and the other in even ones, and so
 * widened the interval between pairs. So each cell runs twice in a row in one pair, each time with
 * half its blocks, the files closed and made anew with the other side first
 * ({@link LockStepSide#openerOf}); the pair's record joins the two halves, so whatever the first
 * file gets cancels inside the unit of replication.
 */
final class BothWays {
    private BothWays() {
    }

    /** Each cell twice in a row: the first opened by the pair's opener, the second by the other side. */
    static List<ForkPair.CellPair> expand(List<ForkPair.CellPair> cells) {
        List<ForkPair.CellPair> twice = new ArrayList<>(2 * cells.size());
        for (ForkPair.CellPair c : cells) {
            twice.add(c);
            twice.add(c);
        }
        return twice;
    }

    /**
     * Measured blocks per half: half the cell's, rounded up to an even number so that each half starts
     * as many blocks with side A as with side B ({@link Order#ALTERNATE}).
     */
    static int blocksPerHalf(int blocks) {
        int half = (blocks + 1) / 2;
        return Math.max(2, half + half % 2);
    }

    /** The settings each side runs a half with. */
    static LockStepSettings halves(LockStepSettings s) {
        return s.withBlocks(blocksPerHalf(s.blocks()));
    }

    /** Per cell, a side's two halves in one record (index {@code 2k} and {@code 2k + 1} of {@code halves}). */
    static List<SideRecord> join(List<SideRecord> halves) {
        List<SideRecord> joined = new ArrayList<>(halves.size() / 2);
        for (int k = 0; k + 1 < halves.size(); k += 2) joined.add(join(halves.get(k), halves.get(k + 1)));
        return joined;
    }

    /** Units per block of each cell: its first half's (the second sizes its own only if the first did not measure). */
    static List<Integer> units(List<Integer> halves) {
        List<Integer> units = new ArrayList<>(halves.size() / 2);
        for (int k = 0; k + 1 < halves.size(); k += 2) units.add(halves.get(k) > 0 ? halves.get(k) : halves.get(k + 1));
        return units;
    }

    /**
     * One side's cell from its two halves: blocks in order, counters, warmup and compile time added up;
     * failed if either half failed (the first half's error first), since a half alone is not both ways.
     */
    static SideRecord join(SideRecord first, SideRecord second) {
        if (first.error() != null) return first;
        if (second.error() != null) return second;
        List<Block> blocks = new ArrayList<>(first.blocks());
        blocks.addAll(second.blocks());
        Map<String, Long> counters = new HashMap<>(first.counters());
        second.counters().forEach((k, v) -> counters.merge(k, v, Long::sum));
        return new SideRecord(null, false, first.warmupBlocks() + second.warmupBlocks(), first.warmupCapped() || second.warmupCapped(),
                first.compileMillisWhileMeasured() + second.compileMillisWhileMeasured(), first.cellMillis() + second.cellMillis(),
                first.cpus(), blocks, counters, first.testSpinNanos() + second.testSpinNanos());
    }
}
