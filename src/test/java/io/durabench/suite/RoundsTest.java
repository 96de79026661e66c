package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.durabench.catalogue.Cell;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The schedule: every cell once per round, in an order fixed by seed and round, JVMs alternating. */
class RoundsTest {
    private static final List<Cell> CELLS = new SuitePlanner(n -> Optional.empty()).plan(Profile.QUICK, Path.of("/tmp"));

    @Test
    void eachRoundRunsEveryCellOnceInAnOrderOfItsOwnThatTheSeedFixes() {
        Rounds r = new Rounds(3, 42);
        List<List<Cell>> orders = List.of(r.order(CELLS, 0), r.order(CELLS, 1), r.order(CELLS, 2));
        for (List<Cell> o : orders) {
            assertEquals(CELLS.size(), o.size());
            assertEquals(new HashSet<>(CELLS), new HashSet<>(o), "a round runs every cell once");
        }
        assertNotEquals(orders.get(0), orders.get(1), "rounds are shuffled afresh");
        assertNotEquals(CELLS, orders.get(0), "not the plan's order");
        assertEquals(orders.get(1), new Rounds(3, 42).order(CELLS, 1), "the same seed and round give the same order (--resume)");
        assertNotEquals(orders.get(1), new Rounds(3, 43).order(CELLS, 1), "another seed, another order");
    }

    @Test
    void theJvmsOfACellAlternateFromRoundToRound() {
        Rounds r = new Rounds(4, 1);
        assertEquals(List.of("A", "B"), r.slotOrder(List.of("A", "B"), 0));
        assertEquals(List.of("B", "A"), r.slotOrder(List.of("A", "B"), 1));
        assertEquals(List.of("A", "B"), r.slotOrder(List.of("A", "B"), 2));
        assertThrows(IllegalArgumentException.class, () -> new Rounds(0, 1));
    }
}
