package io.durabench.nativeio;

import java.nio.ByteBuffer;
import jnr.ffi.LastError;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Runtime;
import jnr.ffi.annotations.SaveError;
import jnr.posix.POSIX;
import jnr.posix.POSIXFactory;

/** The real system calls: jnr-posix for what it has, jnr-ffi straight to libc for the rest. */
public final class JnrSyscalls implements Syscalls {

    /** The calls jnr-posix lacks. {@code @SaveError} makes jnr-ffi keep errno for us. */
    public interface LibC {
        @SaveError
        int fallocate(int fd, int mode, long offset, long len);

        @SaveError
        int sync_file_range(int fd, long offset, long nbytes, int flags);
    }

    private static final class Holder {
        static final JnrSyscalls INSTANCE = new JnrSyscalls();
    }

    private final POSIX posix;
    private final LibC libc;
    private final Runtime runtime;

    private JnrSyscalls() {
        posix = POSIXFactory.getNativePOSIX();
        // The pure-Java fallback's "fsync" is not the syscall: a number measured through it would lie.
        if (!posix.isNative()) {
            throw new IllegalStateException("jnr-posix could not load native libc on this platform; "
                    + "durabench measures real syscalls and will not run on the Java fallback");
        }
        libc = LibraryLoader.create(LibC.class).load("c");
        runtime = Runtime.getSystemRuntime();
    }

    /** The process-wide instance; loading libc happens once. */
    public static JnrSyscalls get() {
        return Holder.INSTANCE;
    }

    @Override
    public int open(String path, int flags, int mode) {
        return posix.open(path, flags, mode);
    }

    @Override
    public long pwrite(int fd, ByteBuffer directBuffer, long count, long offset) {
        return posix.pwrite(fd, directBuffer, count, offset);
    }

    @Override
    public int fsync(int fd) {
        return posix.fsync(fd);
    }

    @Override
    public int fdatasync(int fd) {
        return posix.fdatasync(fd);
    }

    @Override
    public int ftruncate(int fd, long length) {
        return posix.ftruncate(fd, length);
    }

    @Override
    public int fallocate(int fd, int mode, long offset, long length) {
        int rc = libc.fallocate(fd, mode, offset, length);
        if (rc == -1) posix.errno(LastError.getLastError(runtime));
        return rc;
    }

    @Override
    public int syncFileRange(int fd, long offset, long nbytes, int flags) {
        int rc = libc.sync_file_range(fd, offset, nbytes, flags);
        if (rc == -1) posix.errno(LastError.getLastError(runtime));
        return rc;
    }

    @Override
    public int close(int fd) {
        return posix.close(fd);
    }

    @Override
    public int errno() {
        return posix.errno();
    }
}
