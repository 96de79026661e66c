package io.durabench.nativeio;

import jnr.ffi.LastError;
import jnr.ffi.Runtime;

/**
 * The real libc's fallocate and sync_file_range, except that the next call can be made to fail the
 * way libc fails: -1, with the thread's last error (what {@code @SaveError} keeps) set. Behind a
 * {@link JnrSyscalls}, the errno then travels the same way a real one does.
 */
final class StandInLibC implements JnrSyscalls.LibC {
    private final JnrSyscalls.LibC real = JnrSyscalls.realLibC();
    private final Runtime runtime = Runtime.getSystemRuntime();
    private final ThreadLocal<Integer> failNextWith = ThreadLocal.withInitial(() -> 0);

    /** The next fallocate or sync_file_range on this thread fails with {@code errno}. */
    void failNextWith(int errno) {
        failNextWith.set(errno);
    }

    @Override
    public int fallocate(int fd, int mode, long offset, long len) {
        return failing() ? -1 : real.fallocate(fd, mode, offset, len);
    }

    @Override
    public int sync_file_range(int fd, long offset, long nbytes, int flags) {
        return failing() ? -1 : real.sync_file_range(fd, offset, nbytes, flags);
    }

    private boolean failing() {
        int errno = failNextWith.get();
        if (errno == 0) return false;
        LastError.setLastError(runtime, errno);
        failNextWith.set(0);
        return true;
    }
}
