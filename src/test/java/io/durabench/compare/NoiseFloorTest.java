package io.durabench.compare;

import static io.durabench.compare.VerdictTest.BASE;
import static io.durabench.compare.VerdictTest.scaled;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class NoiseFloorTest {

    @Test
    void theLargestAbsoluteChangeBetweenTheTwoRunsOfOneSetup() {
        NoiseFloor floor = NoiseFloor.of(List.of(
                new RowInput("a", BASE, scaled(BASE, 1.03), Direction.LOWER_IS_BETTER),
                new RowInput("b", BASE, scaled(BASE, 0.94), Direction.LOWER_IS_BETTER),
                new RowInput("c", BASE, BASE, Direction.LOWER_IS_BETTER)));
        assertEquals(6.0, floor.percent(), 1e-9);
        assertEquals("b", floor.row());
    }
}
