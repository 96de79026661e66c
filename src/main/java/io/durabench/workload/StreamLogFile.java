package io.durabench.workload;

import io.durabench.jdkio.JdkFile;
import java.io.FileOutputStream;
import java.nio.ByteBuffer;

/**
 * FileOutputStream.write, made durable by {@code getFD().sync()} (fsync) as the method's sync call:
 * the classic java.io way. The stream writes where its file position is (write(2)); the log writes
 * sequentially, so the position is moved (through the stream's channel, an lseek) only when the
 * next offset is not where the previous write ended: after the region starts over, or when
 * concurrent committers' records complete out of order. The constructor truncates, which does no
 * harm: the log file is empty when its data path is opened and preallocated afterwards.
 *
 * <p>The block is copied into a byte[] first, as an application holding a ByteBuffer does; the JDK
 * continues a short write itself. Position and write are synchronized (one file position); the sync
 * is not, so a sync never waits for a write it does not cover to finish. A failed sync is never retried.
 */
final class StreamLogFile implements LogFile {
    private final JdkFile file;
    private final FileOutputStream stream;
    private byte[] bytes = new byte[0];
    private long position;

    StreamLogFile(JdkFile file) {
        this.file = file;
        this.stream = file.openStream();
    }

    @Override
    public synchronized void write(ByteBuffer block, int length, long offset) {
        if (bytes.length < length) bytes = new byte[length];
        block.get(0, bytes, 0, length);
        if (offset != position) file.position(stream, offset);
        // Until the write returns, the position is unknown (a failed write may have moved it part way).
        position = -1;
        file.write(stream, bytes, length);
        position = offset + length;
    }

    @Override
    public void sync(long fromOffset, long toOffset) {
        file.sync(stream);
    }

    @Override
    public void close() {
        file.close(stream);
    }
}
