package io.durabench.nativeio;

import io.durabench.errno.LinuxErrno;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * One io_uring instance serving one file: writes and data syncs queued as submission queue entries,
 * submitted and waited for by one {@code io_uring_enter}, each completion checked. The same code on both
 * native layers: the raw calls ({@link Syscalls#syscall}, {@link Syscalls#mmap}) are the layer's, the
 * rings are plain buffers over the kernel's shared memory ({@link IoUringRings}).
 *
 * <p>No SQPOLL: every submission goes through {@code io_uring_enter}, and a system call is a full
 * barrier, so the plain stores that fill an entry and move the tail happen before the kernel reads
 * them, and the kernel's completions are visible to the plain loads after it returns. Buffers are
 * not registered: each write names its buffer's address, as a pwrite does.
 *
 * <p>What counts as failed, each a {@link NativeCallException} naming the operation, the errno and the
 * path: a completion with a negative result (-errno); a write that completed short; io_uring_enter
 * failing. An fsync linked to a write that failed completes with ECANCELED: the write's failure is the
 * one reported. EINTR from io_uring_enter is waited again (nothing is lost: entries the kernel took
 * are counted by its return, the rest are submitted again), up to {@value #MAX_INTERRUPTS} in a row.
 */
public final class IoUring implements AutoCloseable {
    /** io_uring_enter(2): wait for {@code min_complete} completions. */
    static final int IORING_ENTER_GETEVENTS = 1;
    static final int IORING_OP_FSYNC = 3;
    static final int IORING_OP_WRITE = 23;
    /** Start this entry only when every earlier one has completed. */
    public static final int IOSQE_IO_DRAIN = 1 << 1;
    /** Start the next entry only when this one completed successfully (else the next completes with ECANCELED). */
    public static final int IOSQE_IO_LINK = 1 << 2;
    /** IORING_OP_FSYNC's fsync_flags: fdatasync rather than fsync. */
    public static final int IORING_FSYNC_DATASYNC = 1;
    /** pwritev2's and an io_uring write's rw_flags: this write is durable when it completes, as through an O_DSYNC fd. */
    public static final int RWF_DSYNC = 0x2;
    static final int MAX_INTERRUPTS = 100;

    private final Syscalls sys;
    private final IoUringRings rings;
    private final String path;
    /** Per queued entry, by its user_data (its index in the batch): what it was, for its completion's check. */
    private final int[] opcodes;
    private final int[] lengths;
    private final long[] offsets;
    private final int[] results;
    private final boolean[] completed;
    private int queued;
    private long enters;

    private IoUring(Syscalls sys, IoUringRings rings, String path) {
        this.sys = sys;
        this.rings = rings;
        this.path = path;
        int n = rings.sqEntries();
        opcodes = new int[n];
        lengths = new int[n];
        offsets = new long[n];
        results = new int[n];
        completed = new boolean[n];
    }

    /**
     * A ring of at least {@code entries} entries for the file at {@code path} (named in failures), with
     * IORING_OP_WRITE and IORING_OP_FSYNC probed. A {@link KernelRefusal} where the platform refuses
     * io_uring or the opcodes; a {@link NativeCallException} for any other failure.
     */
    public static IoUring open(Syscalls sys, int entries, String path) {
        return new IoUring(sys, IoUringRings.setUp(sys, entries, path), path);
    }

    /** How many entries one submission can hold. */
    public int capacity() {
        return opcodes.length;
    }

    /** Entries queued and not yet submitted. */
    public int queued() {
        return queued;
    }

    /** io_uring_enter calls made since the ring was set up. */
    public long enters() {
        return enters;
    }

    /** Queues an IORING_OP_WRITE of {@code length} bytes from position 0 of {@code buffer} at {@code offset}. */
    public void queueWrite(NativeFile file, ByteBuffer buffer, int length, long offset, int rwFlags, int sqeFlags) {
        int at = next();
        rings.fill(at, IORING_OP_WRITE, sqeFlags, file.fdForCall(), offset, sys.address(buffer), length, rwFlags);
        opcodes[at] = IORING_OP_WRITE;
        lengths[at] = length;
        offsets[at] = offset;
    }

    /** Queues an IORING_OP_FSYNC of the whole file with {@code fsyncFlags} ({@link #IORING_FSYNC_DATASYNC}: data only). */
    public void queueFsync(NativeFile file, int fsyncFlags, int sqeFlags) {
        int at = next();
        rings.fill(at, IORING_OP_FSYNC, sqeFlags, file.fdForCall(), 0, 0, 0, fsyncFlags);
        opcodes[at] = IORING_OP_FSYNC;
        lengths[at] = 0;
        offsets[at] = 0;
    }

    private int next() {
        if (queued == opcodes.length) {
            throw new IllegalStateException("the ring for " + path + " holds " + opcodes.length + " entries, all queued");
        }
        return queued++;
    }

    /**
     * Submits every queued entry and waits for all their completions: one io_uring_enter when nothing
     * interrupts it. Throws the first failed write's failure, else the sync's.
     */
    public void submitAndWait() {
        int batch = queued;
        queued = 0;
        if (batch == 0) return;
        Arrays.fill(completed, 0, batch, false);
        rings.publish(batch);
        int unsubmitted = batch;
        int outstanding = batch;
        int interrupts = 0;
        while (true) {
            outstanding -= reap(batch);
            if (outstanding == 0 && unsubmitted == 0) break;
            long r = sys.syscall(SyscallNumbers.ioUringEnter(), rings.fd(), unsubmitted, outstanding, IORING_ENTER_GETEVENTS, 0, 0);
            enters++;
            if (r < 0) {
                int errno = sys.errno();
                if (errno == LinuxErrno.EINTR && ++interrupts < MAX_INTERRUPTS) continue;
                throw new NativeCallException("io_uring_enter", errno, path);
            }
            interrupts = 0;
            if (unsubmitted > 0 && r == 0) {
                throw new NativeCallException("io_uring_enter", "the kernel took none of the " + unsubmitted + " entries to submit", path);
            }
            unsubmitted -= (int) r;
        }
        check(batch);
    }

    /** Takes every completion the kernel has posted; returns how many. */
    private int reap(int batch) {
        int n = 0;
        while (rings.take()) {
            long id = rings.takenUserData();
            if (id < 0 || id >= batch || completed[(int) id]) {
                throw new NativeCallException("io_uring", "a completion for no entry in flight (user_data " + id + ")", path);
            }
            completed[(int) id] = true;
            results[(int) id] = rings.takenResult();
            n++;
        }
        return n;
    }

    /** The writes first: a linked or drained sync that failed after a failed write fails because of it. */
    private void check(int batch) {
        for (int i = 0; i < batch; i++) {
            if (opcodes[i] != IORING_OP_WRITE) continue;
            int res = results[i];
            if (res < 0) throw new NativeCallException("io_uring write", -res, path);
            if (res != lengths[i]) {
                throw new NativeCallException("io_uring write", "short write of " + res + " of " + lengths[i] + " bytes at offset "
                        + offsets[i] + ": the write was not completed", path);
            }
        }
        for (int i = 0; i < batch; i++) {
            if (opcodes[i] == IORING_OP_FSYNC && results[i] < 0) throw new NativeCallException("io_uring fsync", -results[i], path);
        }
    }

    /** Unmaps the rings and closes the ring's fd; the first failure is thrown, after both were tried. */
    @Override
    public void close() {
        rings.close();
    }
}
