package io.durabench.nativeio;

import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * An open file descriptor and its path, with every call checked: a return of -1 (or a short
 * write) throws {@link NativeCallException} naming the call, errno and path. No policy here.
 */
public final class NativeFile implements AutoCloseable {
    /** sync_file_range(2): wait for earlier writeback, start it, wait for it. Still no device flush. */
    public static final int SYNC_FILE_RANGE_WAIT_WRITE_WAIT = 1 | 2 | 4;

    private final Syscalls sys;
    private final String path;
    private final int flags;
    private int fd;

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

    public String path() {
        return path;
    }

    public int flags() {
        return flags;
    }

    /** Writes {@code length} bytes from position 0 of a direct buffer; a short write is an error. */
    public void pwrite(ByteBuffer directBuffer, int length, long offset) {
        long n = sys.pwrite(checkOpen(), directBuffer, length, offset);
        if (n < 0) throw new NativeCallException("pwrite", sys.errno(), path);
        if (n != length) {
            throw new NativeCallException("pwrite", "short write of " + n + " of " + length
                    + " bytes at offset " + offset, path);
        }
    }

    public void fsync() {
        if (sys.fsync(checkOpen()) != 0) throw new NativeCallException("fsync", sys.errno(), path);
    }

    public void fdatasync() {
        if (sys.fdatasync(checkOpen()) != 0) throw new NativeCallException("fdatasync", sys.errno(), path);
    }

    public void ftruncate(long length) {
        if (sys.ftruncate(checkOpen(), length) != 0) throw new NativeCallException("ftruncate", sys.errno(), path);
    }

    public void fallocate(long offset, long length) {
        if (sys.fallocate(checkOpen(), 0, offset, length) != 0) {
            throw new NativeCallException("fallocate", sys.errno(), path);
        }
    }

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

    private int checkOpen() {
        if (fd < 0) throw new IllegalStateException(path + " is already closed");
        return fd;
    }
}
