package io.durabench.nativeio;

import java.nio.ByteBuffer;

/** Direct buffers whose address is aligned, as O_DIRECT demands (address, offset and length). */
public final class AlignedBuffers {
    /** Covers every logical block size up to 4 KiB, the usual maximum (and the page size). */
    public static final int DEFAULT_ALIGNMENT = 4096;

    private AlignedBuffers() {
    }

    public static ByteBuffer allocate(int capacity, int alignment) {
        if (Integer.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("alignment must be a power of two, not " + alignment);
        }
        // alignedSlice rounds the end down to the alignment too: reserve whole aligned units, or a
        // capacity that is not a multiple of the alignment (a 128 B record) can come back empty.
        int wholeUnits = (capacity + alignment - 1) / alignment * alignment;
        ByteBuffer raw = ByteBuffer.allocateDirect(wholeUnits + alignment);
        ByteBuffer aligned = raw.alignedSlice(alignment);
        aligned.limit(capacity);
        return aligned.slice();
    }

    /** A buffer of {@code capacity} bytes filled with a non-zero pattern (zeros could be special-cased by a device). */
    public static ByteBuffer patterned(int capacity, int alignment) {
        ByteBuffer b = allocate(capacity, alignment);
        for (int i = 0; i < capacity; i++) b.put(i, (byte) ('a' + i % 26));
        return b;
    }
}
