package io.durabench.workload;

import io.durabench.nativeio.IoUring;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/** Payload writes through the native layer: pwrite on an fd opened with the method's flags (PWRITEV2_DSYNC: pwritev2 with RWF_DSYNC). */
final class NativeLogFile implements LogFile {
    private final NativeFile file;
    private final SyncMethod method;

    NativeLogFile(Syscalls sys, Path path, SyncMethod method) {
        this.method = method;
        this.file = NativeFile.open(sys, path, OpenFlags.O_RDWR | OpenFlags.O_CREAT | method.openFlags(), 0644);
    }

    /** The descriptor itself (its pwrite retries are counted by the workload). */
    NativeFile file() {
        return file;
    }

    @Override
    public void write(ByteBuffer block, int length, long offset) {
        if (method == SyncMethod.PWRITEV2_DSYNC) file.pwritev2(block, length, offset, IoUring.RWF_DSYNC);
        else file.pwrite(block, length, offset);
    }

    @Override
    public void sync(long fromOffset, long toOffset) {
        switch (method.sync()) {
            case FSYNC -> file.fsync();
            case FDATASYNC -> file.fdatasync();
            case SYNC_FILE_RANGE -> file.syncFileRange(fromOffset, toOffset - fromOffset,
                    NativeFile.SYNC_FILE_RANGE_WAIT_WRITE_WAIT);
            case NONE, IN_WRITE -> { }
            case RING_FDATASYNC -> throw new IllegalStateException(method + " writes through io_uring (UringLogFile)");
            default -> throw new IllegalStateException(method + " is not a native sync");
        }
    }

    @Override
    public void close() {
        file.close();
    }
}
