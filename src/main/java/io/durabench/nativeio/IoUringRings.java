package io.durabench.nativeio;

import io.durabench.errno.LinuxErrno;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An io_uring's shared memory as the kernel lays it out (include/uapi/linux/io_uring.h): the ring fd
 * from io_uring_setup, the submission ring (head, tail, mask, the index array), the submission queue
 * entries (64 bytes each) and the completion ring (16-byte entries), each mapped with mmap at its
 * fixed offset, or the two rings in one mapping where the kernel says so (IORING_FEAT_SINGLE_MMAP).
 * The offsets inside each ring come from the kernel in io_uring_params, never assumed.
 */
final class IoUringRings {
    private static final long IORING_OFF_SQ_RING = 0;
    private static final long IORING_OFF_CQ_RING = 0x8000000L;
    private static final long IORING_OFF_SQES = 0x10000000L;
    private static final int IORING_FEAT_SINGLE_MMAP = 1;
    private static final int IORING_REGISTER_PROBE = 8;
    private static final int IO_URING_OP_SUPPORTED = 1;
    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    private static final int MAP_SHARED_POPULATE = 0x01 | 0x8000;
    private static final int PARAMS_BYTES = 120;
    private static final int SQE_BYTES = 64;
    private static final int CQE_BYTES = 16;
    private static final int PROBE_OPS = 256;
    /** What a ring's fd is named in failures: the kernel's name for it (/proc/self/fd, strace -y). */
    static final String RING_NAME = "anon_inode:[io_uring]";

    private final Syscalls sys;
    private final int fd;
    private final String path;
    private final ByteBuffer sqRing;
    private final ByteBuffer cqRing;
    private final ByteBuffer sqes;
    private final int sqTail;
    private final int sqMask;
    private final int sqArray;
    private final int sqEntries;
    private final int cqHead;
    private final int cqTail;
    private final int cqMask;
    private final int cqes;
    private int tail;
    /** The completion {@link #take} consumed last. */
    private long takenUserData;
    private int takenResult;

    private IoUringRings(Syscalls sys, int fd, String path, ByteBuffer params, ByteBuffer sqRing, ByteBuffer cqRing, ByteBuffer sqes) {
        this.sys = sys;
        this.fd = fd;
        this.path = path;
        this.sqRing = sqRing;
        this.cqRing = cqRing;
        this.sqes = sqes;
        sqEntries = params.getInt(0);
        sqTail = params.getInt(44);
        sqMask = sqRing.getInt(params.getInt(48));
        sqArray = params.getInt(64);
        cqHead = params.getInt(80);
        cqTail = params.getInt(84);
        cqMask = cqRing.getInt(params.getInt(88));
        cqes = params.getInt(100);
        tail = sqRing.getInt(sqTail);
    }

    /** io_uring_setup with {@code entries}, the opcodes probed, the rings mapped; everything undone when a step fails. */
    static IoUringRings setUp(Syscalls sys, int entries, String path) {
        ByteBuffer params = ByteBuffer.allocateDirect(PARAMS_BYTES).order(ByteOrder.nativeOrder());
        long fd = sys.syscall(SyscallNumbers.ioUringSetup(), entries, sys.address(params), 0, 0, 0, 0);
        if (fd < 0) throw setupRefused(sys.errno(), path);
        ByteBuffer sq = null;
        ByteBuffer cq = null;
        ByteBuffer sqes = null;
        try {
            probe(sys, (int) fd, path);
            int sqEntries = params.getInt(0);
            int cqEntries = params.getInt(4);
            int sqSize = params.getInt(64) + sqEntries * Integer.BYTES;
            int cqSize = params.getInt(100) + cqEntries * CQE_BYTES;
            boolean single = (params.getInt(20) & IORING_FEAT_SINGLE_MMAP) != 0;
            sq = map(sys, single ? Math.max(sqSize, cqSize) : sqSize, (int) fd, IORING_OFF_SQ_RING, "the submission ring", path);
            cq = single ? sq : map(sys, cqSize, (int) fd, IORING_OFF_CQ_RING, "the completion ring", path);
            sqes = map(sys, sqEntries * SQE_BYTES, (int) fd, IORING_OFF_SQES, "the submission entries", path);
            return new IoUringRings(sys, (int) fd, path, params, sq, cq, sqes);
        } catch (RuntimeException e) {
            release(sys, (int) fd, sq, cq, sqes, e);
            throw e;
        }
    }

    /**
     * Where io_uring_setup's refusal is the platform's: EPERM (kernel.io_uring_disabled, or a seccomp
     * filter), ENOSYS (no io_uring in this kernel, or a seccomp filter). Any other errno is a failure.
     */
    private static RuntimeException setupRefused(int errno, String path) {
        String disabled = readSysctl("/proc/sys/kernel/io_uring_disabled");
        if (errno == LinuxErrno.EPERM) {
            String why = switch (disabled) {
                case "2" -> "kernel.io_uring_disabled = 2: io_uring is disabled for every process";
                case "1" -> "kernel.io_uring_disabled = 1: only processes in kernel.io_uring_group (or with CAP_SYS_ADMIN) may set up a ring";
                default -> "kernel.io_uring_disabled = " + disabled + ": a seccomp filter (a container's default profile) refuses it";
            };
            return new KernelRefusal("io_uring_setup refused with EPERM: " + why);
        }
        if (errno == LinuxErrno.ENOSYS) {
            return new KernelRefusal("io_uring_setup refused with ENOSYS: this kernel has no io_uring, or a seccomp filter refuses it");
        }
        return new NativeCallException("io_uring_setup", errno, path);
    }

    /** IORING_REGISTER_PROBE: the kernel lists its opcodes; a kernel without WRITE or FSYNC cannot run these methods. */
    private static void probe(Syscalls sys, int fd, String path) {
        ByteBuffer probe = ByteBuffer.allocateDirect(16 + PROBE_OPS * 8).order(ByteOrder.nativeOrder());
        long rc = sys.syscall(SyscallNumbers.ioUringRegister(), fd, IORING_REGISTER_PROBE, sys.address(probe), PROBE_OPS, 0, 0);
        if (rc < 0) {
            int errno = sys.errno();
            if (errno == LinuxErrno.EINVAL) {
                throw new KernelRefusal("io_uring_register(IORING_REGISTER_PROBE) refused with EINVAL: a kernel before 5.6, "
                        + "which has no IORING_OP_WRITE");
            }
            throw new NativeCallException("io_uring_register(IORING_REGISTER_PROBE)", errno, path);
        }
        int opsLen = Byte.toUnsignedInt(probe.get(1));
        for (int op : new int[] {IoUring.IORING_OP_WRITE, IoUring.IORING_OP_FSYNC}) {
            boolean supported = op < opsLen && (Short.toUnsignedInt(probe.getShort(16 + op * 8 + 2)) & IO_URING_OP_SUPPORTED) != 0;
            if (!supported) {
                throw new KernelRefusal("this kernel's io_uring has no " + (op == IoUring.IORING_OP_WRITE ? "IORING_OP_WRITE" : "IORING_OP_FSYNC")
                        + " (IORING_REGISTER_PROBE lists " + opsLen + " opcodes)");
            }
        }
    }

    private static ByteBuffer map(Syscalls sys, int length, int fd, long offset, String what, String path) {
        ByteBuffer b = sys.mmap(length, PROT_READ_WRITE, MAP_SHARED_POPULATE, fd, offset);
        if (b == null) throw new NativeCallException("mmap of " + what + " of an io_uring", sys.errno(), path);
        return b;
    }

    private static String readSysctl(String file) {
        try {
            return Files.readString(Path.of(file)).trim();
        } catch (IOException e) {
            return "unreadable (" + e.getMessage() + ")";
        }
    }

    int fd() {
        return fd;
    }

    int sqEntries() {
        return sqEntries;
    }

    /** Fills entry {@code index} of the batch (zeroed first: no stale field from an earlier batch). */
    void fill(int index, int opcode, int sqeFlags, int fileFd, long offset, long address, int length, int opFlags) {
        int slot = (tail + index) & sqMask;
        int at = slot * SQE_BYTES;
        for (int i = 0; i < SQE_BYTES; i += Long.BYTES) sqes.putLong(at + i, 0);
        sqes.put(at, (byte) opcode);
        sqes.put(at + 1, (byte) sqeFlags);
        sqes.putInt(at + 4, fileFd);
        sqes.putLong(at + 8, offset);
        sqes.putLong(at + 16, address);
        sqes.putInt(at + 24, length);
        sqes.putInt(at + 28, opFlags);
        sqes.putLong(at + 32, index);
        sqRing.putInt(sqArray + slot * Integer.BYTES, slot);
    }

    /** Makes the first {@code count} filled entries visible to the kernel: the tail moves past them. */
    void publish(int count) {
        tail += count;
        sqRing.putInt(sqTail, tail);
    }

    /**
     * Consumes the next completion the kernel posted (the head moves past it), its user_data and result
     * (bytes written, 0, or -errno) then read with {@link #takenUserData} and {@link #takenResult};
     * false when there is none.
     */
    boolean take() {
        int head = cqRing.getInt(cqHead);
        if (head == cqRing.getInt(cqTail)) return false;
        int at = cqes + (head & cqMask) * CQE_BYTES;
        takenUserData = cqRing.getLong(at);
        takenResult = cqRing.getInt(at + 8);
        cqRing.putInt(cqHead, head + 1);
        return true;
    }

    long takenUserData() {
        return takenUserData;
    }

    int takenResult() {
        return takenResult;
    }

    /** Unmaps what was mapped and closes the fd, all attempted; the first failure is thrown. */
    void close() {
        RuntimeException first = release(sys, fd, sqRing, cqRing, sqes, null);
        if (first != null) throw first;
    }

    /** Undoes setUp's steps; failures are added to {@code primary} when there is one, else the first is returned. */
    private static RuntimeException release(Syscalls sys, int fd, ByteBuffer sq, ByteBuffer cq, ByteBuffer sqes, RuntimeException primary) {
        RuntimeException first = null;
        String path = RING_NAME;
        for (ByteBuffer b : cq == sq ? new ByteBuffer[] {sqes, sq} : new ByteBuffer[] {sqes, cq, sq}) {
            if (b != null && sys.munmap(b) != 0) {
                RuntimeException e = new NativeCallException("munmap", sys.errno(), path);
                if (primary != null) primary.addSuppressed(e); else if (first == null) first = e;
            }
        }
        if (sys.close(fd) != 0) {
            RuntimeException e = new NativeCallException("close", sys.errno(), path);
            if (primary != null) primary.addSuppressed(e); else if (first == null) first = e;
        }
        return first;
    }
}
