package io.durabench.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class AlignedBuffersTest {
    @Test
    void anyCapacityComesBackWholeAndAligned() {
        // Direct buffers start at arbitrary malloc addresses: repeat so unlucky ones occur.
        for (int round = 0; round < 200; round++) {
            for (int capacity : new int[] {1, 16, 128, 512, 4095, 4096, 5000, 8192}) {
                ByteBuffer b = AlignedBuffers.allocate(capacity, 4096);
                assertEquals(capacity, b.capacity());
                assertEquals(0, b.alignmentOffset(0, 4096));
            }
        }
    }
}
