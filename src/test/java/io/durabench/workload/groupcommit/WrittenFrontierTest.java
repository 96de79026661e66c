package io.durabench.workload.groupcommit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class WrittenFrontierTest {
    @Test
    void advancesOnlyOverAGaplessPrefixWhenWritesFinishOutOfOrder() {
        WrittenFrontier f = new WrittenFrontier(0);
        f.completed(100, 150);
        f.completed(150, 400);
        assertEquals(0, f.position(), "record [0,100) still being written: nothing beyond it may be synced");
        assertEquals(2, f.pendingCount());
        f.completed(0, 100);
        assertEquals(400, f.position());
        assertEquals(0, f.pendingCount());
    }

    @Test
    void refusesACompletionTwice() {
        WrittenFrontier f = new WrittenFrontier(0);
        f.completed(0, 10);
        assertThrows(IllegalStateException.class, () -> f.completed(0, 10));
    }
}
