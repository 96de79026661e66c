package io.durabench.nativeio;

import java.nio.ByteBuffer;

/**
 * The real system calls, except that the n-th call of one kind fails as a dying disk would make
 * it fail: it is not made, returns -1, and {@link #errno()} reports EIO (or the errno given).
 * Every other call is real, so the failure path runs against real files (and cleanup must work).
 */
public final class FailingSyscalls implements Syscalls {
    public static final int EIO = 5;

    private final Syscalls real = JnrSyscalls.get();
    private final CountingSyscalls.Call failing;
    private final int failingOccurrence;
    private final int errno;
    private int seen;
    private boolean lastCallFailed;
    private int injected;

    /** Fails the {@code occurrence}-th (1-based) call of kind {@code failing}; later ones succeed again. */
    public FailingSyscalls(CountingSyscalls.Call failing, int occurrence) {
        this(failing, occurrence, EIO);
    }

    public FailingSyscalls(CountingSyscalls.Call failing, int occurrence, int errno) {
        if (occurrence < 1) throw new IllegalArgumentException("occurrence is 1-based");
        this.failing = failing;
        this.failingOccurrence = occurrence;
        this.errno = errno;
    }

    /** How many failures were injected (a test asserts 1, or its failure path was never reached). */
    public int injected() {
        return injected;
    }

    private boolean failNow(CountingSyscalls.Call call) {
        lastCallFailed = call == failing && ++seen == failingOccurrence;
        if (lastCallFailed) injected++;
        return lastCallFailed;
    }

    @Override
    public int open(String path, int flags, int mode) {
        return failNow(CountingSyscalls.Call.OPEN) ? -1 : real.open(path, flags, mode);
    }

    @Override
    public long pwrite(int fd, ByteBuffer directBuffer, long count, long offset) {
        return failNow(CountingSyscalls.Call.PWRITE) ? -1 : real.pwrite(fd, directBuffer, count, offset);
    }

    @Override
    public int fsync(int fd) {
        return failNow(CountingSyscalls.Call.FSYNC) ? -1 : real.fsync(fd);
    }

    @Override
    public int fdatasync(int fd) {
        return failNow(CountingSyscalls.Call.FDATASYNC) ? -1 : real.fdatasync(fd);
    }

    @Override
    public int ftruncate(int fd, long length) {
        return failNow(CountingSyscalls.Call.FTRUNCATE) ? -1 : real.ftruncate(fd, length);
    }

    @Override
    public int fallocate(int fd, int mode, long offset, long length) {
        return failNow(CountingSyscalls.Call.FALLOCATE) ? -1 : real.fallocate(fd, mode, offset, length);
    }

    @Override
    public int syncFileRange(int fd, long offset, long nbytes, int flags) {
        return failNow(CountingSyscalls.Call.SYNC_FILE_RANGE) ? -1 : real.syncFileRange(fd, offset, nbytes, flags);
    }

    /** A failing close still releases the fd, as Linux does (close(2): the fd is freed even on EIO). */
    @Override
    public int close(int fd) {
        int rc = real.close(fd);
        return failNow(CountingSyscalls.Call.CLOSE) ? -1 : rc;
    }

    @Override
    public int errno() {
        return lastCallFailed ? errno : real.errno();
    }
}
