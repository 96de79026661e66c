package io.durabench.compare;

import static io.durabench.compare.VerdictTest.BASE;
import static io.durabench.compare.VerdictTest.scaled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class NoiseFloorTest {

    @Test
    void eachRowsAbsoluteChangeBetweenTheTwoRunsOfOneSetup() {
        NoiseFloor floor = NoiseFloor.of(List.of(
                new RowInput("a", BASE, scaled(BASE, 1.03), Direction.LOWER_IS_BETTER),
                new RowInput("b", BASE, scaled(BASE, 0.94), Direction.LOWER_IS_BETTER),
                new RowInput("c", BASE, BASE, Direction.LOWER_IS_BETTER)));
        assertEquals(3.0, floor.percentFor("a"), 1e-9);
        assertEquals(6.0, floor.percentFor("b"), 1e-9);
        assertEquals(0.0, floor.percentFor("c"), 1e-9);
        assertTrue(Double.isNaN(floor.percentFor("not measured twice")));
        assertEquals(6.0, floor.largestPercent(), 1e-9);
    }

    @Test
    void aUniformFloorAndNone() {
        assertEquals(4.0, NoiseFloor.uniform(4).percentFor("anything"), 0);
        assertTrue(NoiseFloor.NONE.isEmpty() && Double.isNaN(NoiseFloor.NONE.largestPercent()));
        assertThrows(IllegalArgumentException.class, () -> NoiseFloor.uniform(-1));
    }
}
