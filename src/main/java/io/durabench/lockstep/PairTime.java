package io.durabench.lockstep;

import io.durabench.results.LockStepFile.CellRecord;
import io.durabench.results.LockStepFile.PairRecord;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a fork pair of some cells will take, from the fork pairs so far: what a pair took beyond its cells (its two
 * JVMs' start and end: the mean over the pairs so far), plus each cell's own time in a pair (the slower side's, open
 * to close, both halves: the mean over its measured pairs). For the budget of fork pairs to a precision.
 */
final class PairTime {
    private PairTime() {
    }

    /** Seconds a fork pair measuring the cells {@code cells} (indices into {@code records}) should take. */
    static double seconds(List<CellRecord> records, List<Integer> cells) {
        // Per pair number: its wall time, and the time its cells took.
        Map<Integer, long[]> pairs = new TreeMap<>();
        for (CellRecord c : records) {
            for (PairRecord p : c.forkPairs()) {
                long[] t = pairs.computeIfAbsent(p.pair(), k -> new long[2]);
                t[0] = p.pairMillis();
                t[1] += cellMillis(p);
            }
        }
        double overhead = pairs.values().stream().mapToDouble(t -> Math.max(0, t[0] - t[1])).average().orElse(0);
        double total = overhead;
        for (int i : cells) total += records.get(i).measured().stream().mapToLong(PairTime::cellMillis).average().orElse(0);
        return total / 1000;
    }

    private static long cellMillis(PairRecord p) {
        return Math.max(p.a().cellMillis(), p.b().cellMillis());
    }
}
