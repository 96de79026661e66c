package io.durabench.nativeio;

import io.durabench.errno.LinuxErrno;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An open file descriptor and its path, with every call checked: a return of -1 throws
 * {@link NativeCallException} naming the call, the errno and the path.
 *
 * <p><b>The retry policy</b>, the one piece of policy in this layer, here so that every workload
 * follows the same one:
 * <ul>
 *   <li>A short buffered pwrite is continued until the whole block is written, as databases do (the
 *       kernel may write part of a request and say how much); each continuation is counted
 *       ({@link #shortWrites()}), and one that makes no progress fails rather than loop.</li>
 *   <li>A short O_DIRECT write fails the operation: the rest would start unaligned, which O_DIRECT
 *       refuses (or silently turns into buffered I/O).</li>
 *   <li>EINTR on pwrite is retried (nothing was written), counted in {@link #interruptedWrites()},
 *       and fails after {@value #MAX_INTERRUPTS} in a row.</li>
 *   <li>A failed fsync, fdatasync or sync_file_range is never retried, EINTR included: the kernel
 *       may already have marked the dirty pages clean, so a retry would "succeed" without making the
 *       data durable (PostgreSQL's "fsyncgate"). The operation, and with it the trial, fails.</li>
 *   <li>close is never retried: Linux frees the descriptor even when close(2) fails, so a retry
 *       could close one another thread has just been given.</li>
 *   <li>Every other failing call (open, ftruncate, fallocate) throws at once, EINTR included.</li>
 * </ul>
 */
public final class NativeFile implements AutoCloseable {
    /** sync_file_range(2): wait for earlier writeback, start it, wait for it. Still no device flush. */
    public static final int SYNC_FILE_RANGE_WAIT_WRITE_WAIT = 1 | 2 | 4;
    /** linux/falloc.h: allocate without changing st_size. */
    public static final int FALLOC_FL_KEEP_SIZE = 1;
    /** Interruptions in a row after which a pwrite gives up. */
    static final int MAX_INTERRUPTS = 100;
    private static final int EINTR = LinuxErrno.EINTR;

    private final Syscalls sys;
    private final String path;
    private final int flags;
    private final AtomicLong shortWrites = new AtomicLong();
    private final AtomicLong interruptedWrites = new AtomicLong();
    private int fd;
    /** struct iovec {base, length} for pwritev2, made on its first use. */
    private ByteBuffer iovec;
    private static final int IOVEC_BYTES = 16;

    private NativeFile(Syscalls sys, String path, int flags, int fd) {
        this.sys = sys;
        this.path = path;
        this.flags = flags;
        this.fd = fd;
    }

    public static NativeFile open(Syscalls sys, Path path, int flags, int mode) {
        String p = path.toString();
        int fd = sys.open(p, flags | OpenFlags.O_CLOEXEC, mode);
        if (fd < 0) {
            throw new NativeCallException("open(" + OpenFlags.describe(flags) + ")", sys.errno(), p);
        }
        return new NativeFile(sys, p, flags, fd);
    }

    /** Opens a directory read-only, to fsync it: a new file's name is durable only after that. */
    public static NativeFile openDirectory(Syscalls sys, Path dir) {
        return open(sys, dir, OpenFlags.O_RDONLY | OpenFlags.O_DIRECTORY, 0);
    }

    /**
     * Writes {@code length} bytes from position 0 of a direct buffer at {@code offset}, continuing
     * a short buffered write and retrying EINTR (see the class comment); returns only when every
     * byte is written. Thread-safe as far as the kernel's pwrite is (the group-commit log's
     * committers write disjoint ranges through one descriptor).
     */
    public void pwrite(ByteBuffer directBuffer, int length, long offset) {
        write(directBuffer, length, offset, 0);
    }

    /**
     * pwritev2(2) of one iovec with {@code rwFlags} ({@link IoUring#RWF_DSYNC}: this write alone is
     * durable when it returns, as through an O_DSYNC fd), through the raw system call, under the same
     * retry policy as {@link #pwrite}: a short write is continued with the same flags. One iovec per
     * file: not for writers sharing a descriptor (the group-commit log's committers pwrite).
     */
    public void pwritev2(ByteBuffer directBuffer, int length, long offset, int rwFlags) {
        if (rwFlags == 0) throw new IllegalArgumentException("pwritev2 without flags is pwrite: call pwrite");
        write(directBuffer, length, offset, rwFlags);
    }

    private void write(ByteBuffer directBuffer, int length, long offset, int rwFlags) {
        int fdNow = checkOpen();
        String call = rwFlags == 0 ? "pwrite" : "pwritev2";
        int done = 0;
        int interrupts = 0;
        while (done < length) {
            ByteBuffer from = done == 0 ? directBuffer : directBuffer.slice(done, length - done);
            long n = rwFlags == 0 ? sys.pwrite(fdNow, from, length - done, offset + done)
                    : pwritev2(fdNow, from, length - done, offset + done, rwFlags);
            if (n < 0) {
                int errno = sys.errno();
                if (errno != EINTR) throw new NativeCallException(call, errno, path);
                interruptedWrites.incrementAndGet();
                if (++interrupts == MAX_INTERRUPTS) {
                    throw new NativeCallException(call, "interrupted (EINTR) " + MAX_INTERRUPTS
                            + " times in a row at offset " + (offset + done), path);
                }
                continue;
            }
            interrupts = 0;
            if (n == length - done) return;
            if (n == 0) {
                throw new NativeCallException(call, "no progress: 0 of the remaining " + (length - done) + " bytes written at offset "
                        + (offset + done) + " (" + done + " of " + length + " written before)", path);
            }
            if ((flags & OpenFlags.O_DIRECT) != 0) {
                throw new NativeCallException(call, "short write of " + n + " of " + (length - done) + " bytes at offset "
                        + (offset + done) + " through O_DIRECT: the rest would be unaligned, so the block cannot be completed", path);
            }
            shortWrites.incrementAndGet();
            done += (int) n;
        }
    }

    /** The raw pwritev2(fd, iov, 1, offset, 0, flags): the iovec in this file's own buffer, the offset's high half 0 on 64 bits. */
    private long pwritev2(int fdNow, ByteBuffer from, long count, long at, int rwFlags) {
        if (iovec == null) iovec = ByteBuffer.allocateDirect(IOVEC_BYTES).order(ByteOrder.nativeOrder());
        iovec.putLong(0, sys.address(from));
        iovec.putLong(Long.BYTES, count);
        return sys.syscall(SyscallNumbers.pwritev2(), fdNow, sys.address(iovec), 1, at, 0, rwFlags);
    }

    /** pwrites that wrote part of their block and were continued, since this file was opened. */
    public long shortWrites() {
        return shortWrites.get();
    }

    /** pwrites interrupted (EINTR) and made again, since this file was opened. */
    public long interruptedWrites() {
        return interruptedWrites.get();
    }

    /** fsync(2); a failure is thrown and never retried (see the class comment). */
    public void fsync() {
        if (sys.fsync(checkOpen()) != 0) throw new NativeCallException("fsync", sys.errno(), path);
    }

    /** fdatasync(2); a failure is thrown and never retried. */
    public void fdatasync() {
        if (sys.fdatasync(checkOpen()) != 0) throw new NativeCallException("fdatasync", sys.errno(), path);
    }

    public void ftruncate(long length) {
        if (sys.ftruncate(checkOpen(), length) != 0) throw new NativeCallException("ftruncate", sys.errno(), path);
    }

    /** fallocate(2) with mode 0: allocates (unwritten extents) and extends the size. */
    public void fallocate(long offset, long length) {
        fallocate(0, offset, length);
    }

    /** fallocate(2) with {@code mode} (e.g. {@link #FALLOC_FL_KEEP_SIZE}). */
    public void fallocate(int mode, long offset, long length) {
        if (sys.fallocate(checkOpen(), mode, offset, length) != 0) {
            throw new NativeCallException("fallocate", sys.errno(), path);
        }
    }

    /** sync_file_range(2); a failure is thrown and never retried. */
    public void syncFileRange(long offset, long nbytes, int syncFlags) {
        if (sys.syncFileRange(checkOpen(), offset, nbytes, syncFlags) != 0) {
            throw new NativeCallException("sync_file_range", sys.errno(), path);
        }
    }

    @Override
    public void close() {
        if (fd < 0) return;
        int old = fd;
        fd = -1;
        // close(2) can report a deferred write error (NFS, some FUSE): it must not vanish.
        if (sys.close(old) != 0) throw new NativeCallException("close", sys.errno(), path);
    }

    /** The descriptor, for a call made elsewhere in this package (an io_uring entry); fails when closed. */
    int fdForCall() {
        return checkOpen();
    }

    /** The path this descriptor was opened with. */
    public String path() {
        return path;
    }

    private int checkOpen() {
        if (fd < 0) throw new IllegalStateException(path + " is already closed");
        return fd;
    }
}
