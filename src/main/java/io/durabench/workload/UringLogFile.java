package io.durabench.workload;

import io.durabench.nativeio.IoUring;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Payload writes through an io_uring instance, set up once when the file opens and closed with it
 * (the ring's memory unmapped, its fd closed). A write is queued, not submitted; {@link #sync} submits
 * the batch and waits for every completion with one io_uring_enter:
 * <ul>
 *   <li>URING_FDATASYNC: the batch's writes, then an IORING_OP_FSYNC entry with IORING_FSYNC_DATASYNC. One
 *       write is linked to it (IOSQE_IO_LINK: the sync starts when the write completed, and fails with
 *       ECANCELED if it did not); N writes are in flight at once and the sync is drained behind them
 *       (IOSQE_IO_DRAIN: it starts only when every earlier entry completed), so the batch's durable point
 *       covers all N.</li>
 *   <li>URING_DSYNC, URING_DIRECT_DSYNC: each write entry carries RWF_DSYNC, so each is durable when it
 *       completes; N of them are in flight at once.</li>
 * </ul>
 * The ring holds a batch and its sync: max(2, N + 1) entries, the queue depth N.
 */
final class UringLogFile implements LogFile {
    private final NativeFile file;
    private final IoUring ring;
    private final SyncMethod method;
    private final int linkWrites;
    private final int rwFlags;

    UringLogFile(Syscalls sys, Path path, SyncMethod method, int writesPerSync) {
        if (!method.throughRing()) throw new IllegalArgumentException(method + " does not write through io_uring");
        this.method = method;
        this.file = NativeFile.open(sys, path, OpenFlags.O_RDWR | OpenFlags.O_CREAT | method.openFlags(), 0644);
        try {
            this.ring = IoUring.open(sys, Math.max(2, writesPerSync + 1), file.path());
        } catch (RuntimeException e) {
            try {
                file.close();
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        boolean fdatasync = method.sync() == SyncMethod.Sync.RING_FDATASYNC;
        this.linkWrites = fdatasync && writesPerSync == 1 ? IoUring.IOSQE_IO_LINK : 0;
        this.rwFlags = fdatasync ? 0 : IoUring.RWF_DSYNC;
    }

    @Override
    public void write(ByteBuffer block, int length, long offset) {
        ring.queueWrite(file, block, length, offset, rwFlags, linkWrites);
    }

    /** Submits the queued writes (and the data sync, for URING_FDATASYNC) and waits for every completion. */
    @Override
    public void sync(long fromOffset, long toOffset) {
        if (ring.queued() == 0) return;
        if (method.sync() == SyncMethod.Sync.RING_FDATASYNC) {
            ring.queueFsync(file, IoUring.IORING_FSYNC_DATASYNC, linkWrites != 0 ? 0 : IoUring.IOSQE_IO_DRAIN);
        }
        ring.submitAndWait();
    }

    /** io_uring_enter calls since the file opened. */
    @Override
    public long ringEnters() {
        return ring.enters();
    }

    /** Closes the ring, then the file, both attempted; writes still queued were never submitted, so nothing of them reaches the file. */
    @Override
    public void close() {
        try {
            ring.close();
        } finally {
            file.close();
        }
    }
}
