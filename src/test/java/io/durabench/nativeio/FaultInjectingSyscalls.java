package io.durabench.nativeio;

import io.durabench.nativeio.CountingSyscalls.Call;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import jnr.constants.platform.Errno;

/**
 * The real system calls, every one recorded in order (1-based index across all kinds), with at most
 * one injected fault: the {@code k}-th call fails as the kernel would fail it.
 * <ul>
 *   <li>An errno fault: the call is not made, -1 is returned and errno is set where the real call
 *       sets it. For open, pwrite, fsync, fdatasync, ftruncate and close that is jnr's per-thread
 *       errno, set through {@link JnrSyscalls}; fallocate and sync_file_range fail inside a
 *       stand-in for libc, so JnrSyscalls' own copying of their errno (LastError, then
 *       posix.errno) is what carries it: the plumbing production relies on runs in the tests.
 *       close is made anyway, as on Linux, which frees the descriptor even when close fails.</li>
 *   <li>A short write (pwrite only): the kernel writes the first half and says so. On an O_DIRECT
 *       descriptor the half is reported but not written (an unaligned half could not be), which
 *       changes nothing: the policy under test must fail the operation and delete the file.</li>
 * </ul>
 * Before each call the counters of the workload under test are snapshotted (when a source is set),
 * so a test can tell what the workload had counted when the injected call failed.
 */
public final class FaultInjectingSyscalls extends ForwardingSyscalls {
    private static final java.util.regex.Pattern RUN_SPECIFIC = java.util.regex.Pattern.compile("(durabench-[a-z0-9_]*[a-z])(?:_[0-9]+)?-[0-9]+");

    /** What the injected call does: fail with an errno, or write short. */
    public record Fault(int errno, boolean shortWrite, boolean noProgress) {
        public static Fault of(Errno e) {
            return new Fault(e.intValue(), false, false);
        }

        /** pwrite writes the first half of what it was asked for. */
        public static final Fault SHORT_WRITE = new Fault(0, true, false);
        /** pwrite writes nothing and returns 0. */
        public static final Fault NO_PROGRESS = new Fault(0, false, true);

        public String name() {
            return shortWrite ? "short write" : noProgress ? "no progress" : NativeCallException.errnoName(errno);
        }

        @Override
        public String toString() {
            return name();
        }
    }

    /**
     * One call as it went: its 1-based index, kind, fd (-1 for open), the file's path, the open
     * flags (of this open, or of the open that made the fd), offset and length where they apply (-1
     * otherwise), the result, the errno when it failed, whether it was the injected one, and the
     * workload's counters just before it (null without a source).
     */
    public record Made(int index, Call call, int fd, String path, int flags, long offset, long length, long result, int errno,
                       boolean injected, Map<String, Long> countersBefore) {
        public boolean throughDirectIo() {
            return (flags & OpenFlags.O_DIRECT) != 0;
        }

        /** The same call in another run: kind, file (its run-specific number aside), offset and length. */
        public boolean sameCallAs(Made o) {
            return call == o.call && file().equals(o.file()) && offset == o.offset && length == o.length;
        }

        /** The path with the run-specific part of a durabench file name (token and number) left out. */
        public String file() {
            return RUN_SPECIFIC.matcher(path).replaceAll("$1-#");
        }

        @Override
        public String toString() {
            return "#" + index + " " + call + "(" + path + (offset >= 0 ? ", off " + offset : "") + (length >= 0 ? ", len " + length : "")
                    + ") = " + result + (errno != 0 ? " " + NativeCallException.errnoName(errno) : "") + (injected ? " [injected]" : "");
        }
    }

    private final StandInLibC libc;
    private final JnrSyscalls jnr;
    private final int failingIndex;
    private final Fault fault;
    private final List<Made> made = new ArrayList<>();
    private final Map<Integer, String> pathByFd = new HashMap<>();
    private final Map<Integer, Integer> flagsByFd = new HashMap<>();
    private volatile Supplier<Map<String, Long>> counters = () -> null;
    private int issued;

    private final boolean persistent;
    private Call failingKind;

    private FaultInjectingSyscalls(int failingIndex, Fault fault, boolean persistent) {
        this(new StandInLibC(), failingIndex, fault, persistent);
    }

    private FaultInjectingSyscalls(StandInLibC libc, int failingIndex, Fault fault, boolean persistent) {
        super(new JnrSyscalls(libc));
        this.libc = libc;
        this.jnr = (JnrSyscalls) real;
        this.failingIndex = failingIndex;
        this.fault = fault;
        this.persistent = persistent;
    }

    /**
     * For other test wrappers: fails a call that was not made the way the kernel fails it, this
     * thread's errno set where {@link JnrSyscalls#errno()} reads it; returns -1.
     */
    public static int failLikeTheKernel(int errno) {
        return JnrSyscalls.get().failWith(errno);
    }

    /** Records every call and injects nothing. */
    public static FaultInjectingSyscalls recording() {
        return new FaultInjectingSyscalls(0, null, false);
    }

    /** Injects {@code fault} into the {@code index}-th call (1-based, every kind counted). */
    public static FaultInjectingSyscalls failing(int index, Fault fault) {
        if (index < 1) throw new IllegalArgumentException("calls are counted from 1");
        return new FaultInjectingSyscalls(index, fault, false);
    }

    /** Injects {@code fault} into the {@code index}-th call and into every later call of the same kind (a fault that persists). */
    public static FaultInjectingSyscalls failingFrom(int index, Fault fault) {
        if (index < 1) throw new IllegalArgumentException("calls are counted from 1");
        return new FaultInjectingSyscalls(index, fault, true);
    }

    /** Where to read the workload's counters before each call (null before the workload is open). */
    public void countersFrom(Supplier<Map<String, Long>> source) {
        this.counters = source;
    }

    /** Every call so far, in the order they were issued. */
    public synchronized List<Made> calls() {
        return made.stream().sorted(java.util.Comparator.comparingInt(Made::index)).toList();
    }

    /** The call the fault went into; null if the run never made that many calls. */
    public synchronized Made injected() {
        return made.stream().filter(Made::injected).findFirst().orElse(null);
    }

    @Override
    public int open(String path, int flags, int mode) {
        Map<String, Long> before = counters.get();
        int index = reserveIndex();
        boolean inject = injectNow(Call.OPEN, index);
        int fd = inject ? failWithErrno() : real.open(path, flags, mode);
        int errno = fd < 0 ? real.errno() : 0;
        synchronized (this) {
            if (fd >= 0) {
                pathByFd.put(fd, path);
                flagsByFd.put(fd, flags);
            }
            made.add(new Made(index, Call.OPEN, -1, path, flags, -1, -1, fd, errno, inject, before));
        }
        return fd;
    }

    @Override
    public long pwrite(int fd, ByteBuffer directBuffer, long count, long offset) {
        Map<String, Long> before = counters.get();
        int index = reserveIndex();
        boolean inject = injectNow(Call.PWRITE, index);
        long n;
        if (inject && fault.shortWrite()) {
            if (count < 2) throw new IllegalStateException("a write of " + count + " byte cannot be short");
            long half = count / 2;
            n = isDirect(fd) ? half : real.pwrite(fd, directBuffer, half, offset);
        } else if (inject && fault.noProgress()) {
            n = 0;
        } else {
            n = inject ? failWithErrno() : real.pwrite(fd, directBuffer, count, offset);
        }
        return record(index, Call.PWRITE, fd, offset, count, n, inject, before);
    }

    @Override
    public int fsync(int fd) {
        Map<String, Long> before = counters.get();
        int index = reserveIndex();
        boolean inject = injectNow(Call.FSYNC, index);
        return (int) record(index, Call.FSYNC, fd, -1, -1, inject ? failWithErrno() : real.fsync(fd), inject, before);
    }

    @Override
    public int fdatasync(int fd) {
        Map<String, Long> before = counters.get();
        int index = reserveIndex();
        boolean inject = injectNow(Call.FDATASYNC, index);
        return (int) record(index, Call.FDATASYNC, fd, -1, -1, inject ? failWithErrno() : real.fdatasync(fd), inject, before);
    }

    @Override
    public int ftruncate(int fd, long length) {
        Map<String, Long> before = counters.get();
        int index = reserveIndex();
        boolean inject = injectNow(Call.FTRUNCATE, index);
        return (int) record(index, Call.FTRUNCATE, fd, -1, length, inject ? failWithErrno() : real.ftruncate(fd, length), inject, before);
    }

    @Override
    public int fallocate(int fd, int mode, long offset, long length) {
        return viaLibC(Call.FALLOCATE, fd, offset, length, () -> real.fallocate(fd, mode, offset, length));
    }

    @Override
    public int syncFileRange(int fd, long offset, long nbytes, int flags) {
        return viaLibC(Call.SYNC_FILE_RANGE, fd, offset, nbytes, () -> real.syncFileRange(fd, offset, nbytes, flags));
    }

    /** The two calls JnrSyscalls makes through its LibC: an injected errno is set inside the stand-in libc. */
    private int viaLibC(Call kind, int fd, long offset, long length, java.util.function.IntSupplier call) {
        Map<String, Long> before = counters.get();
        int index = reserveIndex();
        boolean inject = injectNow(kind, index);
        if (inject) libc.failNextWith(fault.errno());
        return (int) record(index, kind, fd, offset, length, call.getAsInt(), inject, before);
    }

    @Override
    public int close(int fd) {
        Map<String, Long> before = counters.get();
        int index = reserveIndex();
        boolean inject = injectNow(Call.CLOSE, index);
        int rc = real.close(fd);
        if (inject) rc = failWithErrno();
        long result = record(index, Call.CLOSE, fd, -1, -1, rc, inject, before);
        synchronized (this) {
            pathByFd.remove(fd);
            flagsByFd.remove(fd);
        }
        return (int) result;
    }

    /** The raw calls of pwritev2 and io_uring, passed on as they are. */
    @Override
    public long syscall(long number, long a0, long a1, long a2, long a3, long a4, long a5) {
        long rc = real.syscall(number, a0, a1, a2, a3, a4, a5);
        // A ring's fd is named as the kernel names it, so that its close is the same call in every run whatever its number.
        if (number == SyscallNumbers.ioUringSetup() && rc >= 0) {
            synchronized (this) {
                pathByFd.put((int) rc, IoUringRings.RING_NAME);
            }
        }
        return rc;
    }

    private synchronized boolean injectNow(Call kind, int index) {
        if (index == failingIndex) failingKind = kind;
        return index == failingIndex || (persistent && index > failingIndex && kind == failingKind);
    }

    private synchronized int reserveIndex() {
        return ++issued;
    }

    private synchronized boolean isDirect(int fd) {
        return (flagsByFd.getOrDefault(fd, 0) & OpenFlags.O_DIRECT) != 0;
    }

    private int failWithErrno() {
        return jnr.failWith(fault.errno());
    }

    /** Records a finished call; errno is read here, in the caller's thread, right after the call (reading it changes nothing). */
    private long record(int index, Call call, int fd, long offset, long length, long result, boolean inject, Map<String, Long> before) {
        int errno = result < 0 ? real.errno() : 0;
        synchronized (this) {
            made.add(new Made(index, call, fd, pathByFd.getOrDefault(fd, "fd " + fd), flagsByFd.getOrDefault(fd, 0), offset, length,
                    result, errno, inject, before));
        }
        return result;
    }
}
