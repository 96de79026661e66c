package io.durabench.soak;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SoakStallsTest {

    static SecondStats second(int i, double p99Us) {
        return new SecondStats(i, 1000, p99Us / 3, p99Us, p99Us * 2, p99Us, 0, 0);
    }

    static List<SecondStats> run(double... p99) {
        List<SecondStats> s = new ArrayList<>();
        for (int i = 0; i < p99.length; i++) s.add(second(i, p99[i]));
        return s;
    }

    @Test
    void thresholdIsFiveTimesTheMedianSecondAndAdjacentSecondsAreOneStall() {
        // Median of {1000 x7, 6000, 7000, 20000, 1000} sorted: the 6th of 11 = 1000 µs; threshold 5000 µs.
        Stalls.Result r = Stalls.find(run(1000, 1000, 6000, 7000, 1000, 1000, 1000, 20000, 1000, 1000, 1000));
        assertEquals(1000, r.medianP99Us());
        assertEquals(5000, r.thresholdUs());
        assertEquals(List.of(new Stalls.Stall(2, 4, 7000, 14000), new Stalls.Stall(7, 8, 20000, 40000)), r.stalls());
        assertEquals(3, r.stalledSeconds());
    }

    @Test
    void theFloorKeepsSubMillisecondNoiseFromStalling() {
        // tmpfs-like: a 3 µs median, a hiccup of 50 µs is 16x but under the 1 ms floor.
        Stalls.Result r = Stalls.find(run(3, 3, 3, 50, 3, 3, 900, 3, 2000));
        assertEquals(1000, r.thresholdUs());
        assertEquals(List.of(new Stalls.Stall(8, 9, 2000, 4000)), r.stalls());
    }

    @Test
    void aSecondSpentWaitingOnOneCallStallsThoughNothingCompletedInIt() {
        List<SecondStats> s = run(500, 500, 500, 500, 500);
        s.set(2, new SecondStats(2, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 900_000, 0));
        Stalls.Result r = Stalls.find(s);
        assertArrayEquals(new boolean[] {false, false, true, false, false}, r.stalled());
        assertEquals(900_000, r.stalls().get(0).worstUs());
    }

    @Test
    void aRunWithoutSecondsHasNoStall() {
        assertEquals(List.of(), Stalls.find(List.of()).stalls());
    }
}
