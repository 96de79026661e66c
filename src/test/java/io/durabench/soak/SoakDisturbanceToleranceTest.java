package io.durabench.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The disturbance test's tolerance for stalls after its window, worked by hand (binomial tails). */
class SoakDisturbanceToleranceTest {
    @Test
    void oneStallInTheTwentyFiveSecondsBeforeAllowsEightInTheTwentyThreeAfter() {
        // p = 23/48: P(X >= 8 | n = 9) = 0.0144 >= 0.01, P(X >= 9 | n = 10) = 0.0076 < 0.01.
        assertEquals(0.0144, SoakITDisturbanceIT.upperTail(9, 8, 23.0 / 48), 0.0005);
        assertEquals(0.0076, SoakITDisturbanceIT.upperTail(10, 9, 23.0 / 48), 0.0005);
        assertEquals(8, SoakITDisturbanceIT.allowedOutside(1, 25, 23));
    }

    @Test
    void twoUndisturbedStallsAllowNineInTheFortyEightSecondsOutside() {
        // p = 48/108: P(X >= 9 | n = 11) = 0.0133 >= 0.01, P(X >= 10 | n = 12) = 0.0070 < 0.01.
        assertEquals(0.0133, SoakITDisturbanceIT.upperTail(11, 9, 48.0 / 108), 0.0005);
        assertEquals(0.0070, SoakITDisturbanceIT.upperTail(12, 10, 48.0 / 108), 0.0005);
        assertEquals(9, SoakITDisturbanceIT.allowedOutside(2, 60, 48));
    }

    @Test
    void aLeakedDisturbanceFailsAndAQuieterBaselineAllowsLess() {
        int withNone = SoakITDisturbanceIT.allowedOutside(0, 25, 23);
        int withFour = SoakITDisturbanceIT.allowedOutside(4, 25, 23);
        assertEquals(true, withNone < 8 && 8 < withFour, withNone + " " + withFour);
        assertEquals(true, withFour < 15, "15 stalls after a window fail even after four before it: " + withFour);
    }
}
