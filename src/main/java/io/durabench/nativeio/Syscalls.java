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

    /**
     * syscall(2): the system call {@code number} with six arguments (0 where it takes fewer), for the
     * calls that have no libc wrapper everywhere (io_uring's, pwritev2 with flags). -1 and errno on failure.
     */
    long syscall(long number, long a0, long a1, long a2, long a3, long a4, long a5);

    /** The address of a direct buffer's first byte, for a structure the kernel reads or writes by pointer. */
    long address(ByteBuffer directBuffer);

    /**
     * mmap(2) of {@code length} bytes of {@code fd} at {@code offset}, with {@code prot} and {@code flags}
     * (io_uring's rings): the mapping as a native-order buffer, or null and errno on failure.
     */
    ByteBuffer mmap(int length, int prot, int flags, int fd, long offset);

    /** munmap(2) of a whole mapping {@link #mmap} returned; -1 and errno on failure. */
    int munmap(ByteBuffer mapping);

    /** errno of the last failed call on this thread. */
    int errno();
}
