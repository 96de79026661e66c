package io.durabench.nativeio;

import java.nio.ByteBuffer;

/**
 * A syscall layer that passes every call to another (the real one by default): a test double
 * extends it and overrides only the calls it watches or changes. Test code only.
 */
public abstract class ForwardingSyscalls implements Syscalls {
    protected final Syscalls real;

    protected ForwardingSyscalls() {
        this(NativeLayers.current());
    }

    protected ForwardingSyscalls(Syscalls real) {
        this.real = real;
    }

    @Override
    public int open(String path, int flags, int mode) {
        return real.open(path, flags, mode);
    }

    @Override
    public long pwrite(int fd, ByteBuffer directBuffer, long count, long offset) {
        return real.pwrite(fd, directBuffer, count, offset);
    }

    @Override
    public int fsync(int fd) {
        return real.fsync(fd);
    }

    @Override
    public int fdatasync(int fd) {
        return real.fdatasync(fd);
    }

    @Override
    public int ftruncate(int fd, long length) {
        return real.ftruncate(fd, length);
    }

    @Override
    public int fallocate(int fd, int mode, long offset, long length) {
        return real.fallocate(fd, mode, offset, length);
    }

    @Override
    public int syncFileRange(int fd, long offset, long nbytes, int flags) {
        return real.syncFileRange(fd, offset, nbytes, flags);
    }

    @Override
    public int close(int fd) {
        return real.close(fd);
    }

    /** The raw calls of pwritev2 and io_uring, passed on as they are. */
    @Override
    public long syscall(long number, long a0, long a1, long a2, long a3, long a4, long a5) {
        return real.syscall(number, a0, a1, a2, a3, a4, a5);
    }

    @Override
    public long address(java.nio.ByteBuffer directBuffer) {
        return real.address(directBuffer);
    }

    @Override
    public java.nio.ByteBuffer mmap(int length, int prot, int flags, int fd, long offset) {
        return real.mmap(length, prot, flags, fd, offset);
    }

    @Override
    public int munmap(java.nio.ByteBuffer mapping) {
        return real.munmap(mapping);
    }

    @Override
    public int errno() {
        return real.errno();
    }
}
