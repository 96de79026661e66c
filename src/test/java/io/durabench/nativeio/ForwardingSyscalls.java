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

    @Override
    public int errno() {
        return real.errno();
    }
}
