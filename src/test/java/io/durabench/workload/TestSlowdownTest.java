package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** A normal build carries no test slowdown: the filtered resource says 0, and nothing warns. */
class TestSlowdownTest {
    @Test
    void aNormalBuildSpinsNothing() {
        assertEquals(0, TestSlowdown.NANOS_PER_WRITE, "built with -Ddurabench.testSlowdownNanos? then every Java write is slower");
        assertNull(TestSlowdown.warning());
    }
}
