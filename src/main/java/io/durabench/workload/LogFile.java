package io.durabench.workload;

import java.nio.ByteBuffer;

/** The data path of one sync method: where payload writes go and how they are synced. */
public interface LogFile extends AutoCloseable {
    /** Writes {@code length} bytes from position 0 of {@code block} at {@code offset}. */
    void write(ByteBuffer block, int length, long offset);

    /** The method's explicit sync over the bytes written since the last one; a no-op for methods without. */
    void sync(long fromOffset, long toOffset);

    /**
     * How many times a write came back short and was continued to write the rest (each one an extra
     * write call the kernel sees). 0 for paths whose API continues short writes itself or has none.
     */
    default long continuedShortWrites() {
        return 0;
    }

    /** io_uring_enter calls since the file opened; 0 for paths without a ring. */
    default long ringEnters() {
        return 0;
    }

    @Override
    void close();
}
