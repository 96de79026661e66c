package io.durabench.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A run's placement says the run's own CPU limit where it had one: it moves a Java-over-C comparison. */
class PlacementTest {
    @Test
    void aRunHeldToFewerCpusThanTheMachineHasSaysSo() {
        Placement cpu0 = Placement.parse("0");
        assertEquals("both measuring threads pinned to CPU 0 (JIT and GC threads free)", cpu0.words("0-1", "0-1"));
        assertEquals("both measuring threads pinned to CPU 0 (JIT and GC threads free); every thread of both sides held to CPU 0 of 0-1"
                + " (the run's own CPU affinity, inherited)", cpu0.words("0", "0-1"));
        assertEquals("unpinned", Placement.UNPINNED.words("unknown", "0-1"));
    }
}
