package io.durabench.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The disturbance test's tolerance for stalls outside its window, worked by hand (binomial tails). */
class SoakDisturbanceToleranceTest {
    @Test
    void twoUndisturbedStallsAllowNineInTheFortyEightSecondsOutside() {
        // p = 48/108: P(X >= 9 | n = 11) = 0.0133 >= 0.01, P(X >= 10 | n = 12) = 0.0070 < 0.01.
        assertEquals(0.0133, SoakITDisturbanceIT.upperTail(11, 9, 48.0 / 108), 0.0005);
        assertEquals(0.0070, SoakITDisturbanceIT.upperTail(12, 10, 48.0 / 108), 0.0005);
        assertEquals(9, SoakITDisturbanceIT.allowedOutside(2, 60, 48));
    }

    @Test
    void aLeakedDisturbanceFailsAndAQuieterBaselineAllowsLess() {
        int withNone = SoakITDisturbanceIT.allowedOutside(0, 60, 48);
        int withFive = SoakITDisturbanceIT.allowedOutside(5, 60, 48);
        assertEquals(true, withNone < 9 && 9 < withFive, withNone + " " + withFive);
        assertEquals(true, SoakITDisturbanceIT.allowedOutside(2, 60, 48) < 15, "15 stalls outside a window fail");
    }
}
