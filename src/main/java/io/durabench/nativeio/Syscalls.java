package io.durabench.nativeio;

import java.nio.ByteBuffer;

/**
 * The raw system calls durabench makes, with the kernel's own conventions: -1 on failure and
 * the reason in {@link #errno()}. No checking and no policy here; {@link NativeFile} checks.
 *
 * <p>An interface so that tests can count the calls a workload really makes, or inject a
 * failing call (an fdatasync returning -1 with EIO) without a faulty disk.
 */
public interface Syscalls {
    int open(String path, int flags, int mode);

    /** pwrite(2) of {@code count} bytes from a direct buffer's position 0. */
    long pwrite(int fd, ByteBuffer directBuffer, long count, long offset);

    int fsync(int fd);

    int fdatasync(int fd);

    int ftruncate(int fd, long length);

    /** fallocate(2); mode 0 allocates (unwritten extents) and extends the size. */
    int fallocate(int fd, int mode, long offset, long length);

    int syncFileRange(int fd, long offset, long nbytes, int flags);

    int close(int fd);

    /** errno of the last failed call on this thread. */
    int errno();
}
