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
        // alignedSlice rounds the start up AND the end down to the alignment, so the raw buffer
        // must hold a whole aligned multiple past the worst-case start, or a capacity that is not
        // a multiple of the alignment (512 B blocks, 4 KiB alignment) comes back with nothing.
        int rounded = (capacity + alignment - 1) & -alignment;
        ByteBuffer raw = ByteBuffer.allocateDirect(rounded + alignment);
        ByteBuffer aligned = raw.alignedSlice(alignment);
        aligned.limit(capacity);
        return aligned.slice();
    }

    /** A buffer of {@code capacity} bytes filled with a non-zero pattern (zeros could be special-cased by a device). */
    public static ByteBuffer patterned(int capacity, int alignment) {
        ByteBuffer b = allocate(capacity, alignment);
        // Byte i is 'a' + i % 26; copied in runs of a whole number of alphabets, since
        // pg_test_fsync's 16 MiB prewrite buffer is made anew by every workload that opens.
        byte[] run = new byte[Math.min(capacity, 26 * 2520)];
        for (int i = 0; i < run.length; i++) run[i] = (byte) ('a' + i % 26);
        for (int at = 0; at < capacity; at += run.length) b.put(at, run, 0, Math.min(run.length, capacity - at));
        return b;
    }
}
