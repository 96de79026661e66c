package io.durabench.nativeio;

import java.nio.ByteBuffer;

/**
 * The real system calls, except that the n-th call of one kind fails as a dying disk would make
 * it fail: it is not made, returns -1, and errno is EIO (or the errno given), set where the real
 * call sets it (jnr's per-thread errno; for fallocate and sync_file_range inside a stand-in libc, so
 * {@link JnrSyscalls}' own errno copying runs). Every other call is real, so the failure path runs
 * against real files (and cleanup must work).
 */
public final class FailingSyscalls extends ForwardingSyscalls {
    public static final int EIO = 5;

    private final StandInLibC libc;
    private final JnrSyscalls jnr;
    private final CountingSyscalls.Call failing;
    private final int failingOccurrence;
    private final int errno;
    private int seen;
    private int injected;

    /** Fails the {@code occurrence}-th (1-based) call of kind {@code failing}; later ones succeed again. */
    public FailingSyscalls(CountingSyscalls.Call failing, int occurrence) {
        this(failing, occurrence, EIO);
    }

    public FailingSyscalls(CountingSyscalls.Call failing, int occurrence, int errno) {
        this(new StandInLibC(), failing, occurrence, errno);
    }

    private FailingSyscalls(StandInLibC libc, CountingSyscalls.Call failing, int occurrence, int errno) {
        super(new JnrSyscalls(libc));
        if (occurrence < 1) throw new IllegalArgumentException("occurrence is 1-based");
        this.libc = libc;
        this.jnr = (JnrSyscalls) real;
        this.failing = failing;
        this.failingOccurrence = occurrence;
        this.errno = errno;
    }

    /** How many failures were injected (a test asserts 1, or its failure path was never reached). */
    public int injected() {
        return injected;
    }

    private boolean failNow(CountingSyscalls.Call call) {
        boolean now = call == failing && ++seen == failingOccurrence;
        if (now) injected++;
        return now;
    }

    private int fail() {
        return jnr.failWith(errno);
    }

    @Override
    public int open(String path, int flags, int mode) {
        return failNow(CountingSyscalls.Call.OPEN) ? fail() : real.open(path, flags, mode);
    }

    @Override
    public long pwrite(int fd, ByteBuffer directBuffer, long count, long offset) {
        return failNow(CountingSyscalls.Call.PWRITE) ? fail() : real.pwrite(fd, directBuffer, count, offset);
    }

    @Override
    public int fsync(int fd) {
        return failNow(CountingSyscalls.Call.FSYNC) ? fail() : real.fsync(fd);
    }

    @Override
    public int fdatasync(int fd) {
        return failNow(CountingSyscalls.Call.FDATASYNC) ? fail() : real.fdatasync(fd);
    }

    @Override
    public int ftruncate(int fd, long length) {
        return failNow(CountingSyscalls.Call.FTRUNCATE) ? fail() : real.ftruncate(fd, length);
    }

    @Override
    public int fallocate(int fd, int mode, long offset, long length) {
        if (failNow(CountingSyscalls.Call.FALLOCATE)) libc.failNextWith(errno);
        return real.fallocate(fd, mode, offset, length);
    }

    @Override
    public int syncFileRange(int fd, long offset, long nbytes, int flags) {
        if (failNow(CountingSyscalls.Call.SYNC_FILE_RANGE)) libc.failNextWith(errno);
        return real.syncFileRange(fd, offset, nbytes, flags);
    }

    /** A failing close still releases the fd, as Linux does (close(2): the fd is freed even on EIO). */
    @Override
    public int close(int fd) {
        int rc = real.close(fd);
        return failNow(CountingSyscalls.Call.CLOSE) ? fail() : rc;
    }
}
