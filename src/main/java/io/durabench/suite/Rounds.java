package io.durabench.suite;

import io.durabench.catalogue.Cell;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The one schedule of every profile: a cell's forks are spread over the run, one per round, each
 * round running every cell once in an order shuffled from the run's seed (the seed is in run.json,
 * so a resumed run takes the same order), and the JVMs of a cell alternating A B, B A, A B ... from
 * round to round. Why: the disk drifts over minutes more than a fork's iterations vary; forks run
 * back to back share that moment and look more alike than two runs of the tool would, and a fixed
 * order puts one cell (or one JVM, measured second ~9 s later) always at the same place in the drift.
 */
public record Rounds(int count, long seed) {
    public Rounds {
        if (count < 1) throw new IllegalArgumentException("rounds must be 1 or more, not " + count);
    }

    /** The cells in the order round {@code round} (0-based) runs them: a permutation fixed by seed and round. */
    public List<Cell> order(List<Cell> cells, int round) {
        List<Cell> order = new ArrayList<>(cells);
        Collections.shuffle(order, new Random(seed * 31 + round));
        return order;
    }

    /** The JVM slots in the order round {@code round} runs a cell on them: as given in even rounds, reversed in odd ones. */
    public <T> List<T> slotOrder(List<T> slots, int round) {
        List<T> order = new ArrayList<>(slots);
        if (round % 2 == 1) Collections.reverse(order);
        return order;
    }
}
