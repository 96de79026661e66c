package io.durabench.workload;

import io.durabench.jdkio.JdkFile;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;

/**
 * RandomAccessFile opened "rwd" (O_DSYNC: every write waits for its data) or "rws" (O_SYNC: data
 * and metadata), written the way applications that chose these modes write: {@code seek} to the
 * offset, then {@code write(byte[], 0, length)} (lseek + write(2); the JDK continues a short write
 * itself). Not the file's channel: that would be FileChannel's pwrite path, measured by the CHANNEL
 * methods already. The block is copied from the caller's buffer into a byte[] first, as an
 * application holding a ByteBuffer does; the JDK copies it once more into native memory.
 *
 * <p>seek + write is one file-position update: synchronized, so concurrent callers cannot interleave.
 * Nothing to sync separately: each write is synchronous.
 */
final class RandomAccessLogFile implements LogFile {
    private final JdkFile file;
    private final RandomAccessFile raf;
    private byte[] bytes = new byte[0];

    RandomAccessLogFile(JdkFile file, SyncMethod method) {
        this.file = file;
        this.raf = file.openRandomAccess(mode(method));
    }

    static String mode(SyncMethod method) {
        return switch (method) {
            case RAF_RWD -> "rwd";
            case RAF_RWS -> "rws";
            default -> throw new IllegalArgumentException(method + " is not a RandomAccessFile method");
        };
    }

    @Override
    public synchronized void write(ByteBuffer block, int length, long offset) {
        if (bytes.length < length) bytes = new byte[length];
        block.get(0, bytes, 0, length);
        file.seek(raf, offset);
        file.write(raf, bytes, length);
    }

    @Override
    public void sync(long fromOffset, long toOffset) {
        // "rwd"/"rws": every write was synchronous.
    }

    @Override
    public void close() {
        file.close(raf);
    }
}
