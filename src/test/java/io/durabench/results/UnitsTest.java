package io.durabench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void unitsBecomeMicrosecondsPerOp() {
        assertEquals(1.5, Units.toMicrosPerOp(1500, "ns/op"), 1e-12);
        assertEquals(1.5, Units.toMicrosPerOp(1.5, "us/op"), 0);
        assertEquals(2000, Units.toMicrosPerOp(2, "ms/op"), 0);
        assertEquals(3e6, Units.toMicrosPerOp(3, "s/op"), 0);
        assertEquals(10, Units.toMicrosPerOp(100_000, "ops/s"), 1e-9);
        assertEquals(0.5, Units.toMicrosPerOp(2000, "ops/ms"), 1e-12);
        assertEquals(0.25, Units.toMicrosPerOp(4, "ops/us"), 0);
        assertTrue(Double.isNaN(Units.toMicrosPerOp(1, "MB/sec")));
        assertTrue(Double.isNaN(Units.toMicrosPerOp(1, "B/op")));
    }
}
