package io.durabench.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Buffers for O_DIRECT: exactly the capacity asked for, at an aligned address, whatever the size. */
class AlignedBuffersTest {

    @ParameterizedTest
    @CsvSource({"512,4096", "1000,4096", "4096,4096", "8192,4096", "12288,4096", "65536,4096", "512,512", "100,512", "4194304,4096"})
    void capacityIsExactAndTheAddressIsAligned(int capacity, int alignment) {
        for (int i = 0; i < 50; i++) { // malloc hands out differently aligned memory: try several
            ByteBuffer b = AlignedBuffers.allocate(capacity, alignment);
            assertTrue(b.isDirect());
            assertEquals(capacity, b.capacity());
            assertEquals(0, b.position());
            assertEquals(capacity, b.limit());
            assertEquals(0, b.alignmentOffset(0, alignment), "address aligned to " + alignment);
        }
    }

    @ParameterizedTest
    @CsvSource({"1", "512", "8192", "65520", "65521", "200000"})
    void patternedIsNonZeroAndRepeatsTheAlphabet(int capacity) {
        ByteBuffer b = AlignedBuffers.patterned(capacity, 4096);
        for (int i = 0; i < capacity; i++) assertEquals((byte) ('a' + i % 26), b.get(i));
    }

    @ParameterizedTest
    @CsvSource({"0", "3", "4097"})
    void alignmentMustBeAPowerOfTwo(int alignment) {
        assertThrows(IllegalArgumentException.class, () -> AlignedBuffers.allocate(4096, alignment));
    }
}
