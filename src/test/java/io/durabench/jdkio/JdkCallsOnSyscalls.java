package io.durabench.jdkio;

import io.durabench.nativeio.NativeLayers;
import io.durabench.nativeio.Syscalls;
import java.nio.ByteBuffer;

/**
 * Native calls (the real ones unless given), carrying other JDK calls: what a test opens a workload with so that its JDK
 * path goes through {@code jdk} (the workloads take one seam object; see {@link JdkCalls.Provider}).
 */
public final class JdkCallsOnSyscalls implements Syscalls, JdkCalls.Provider {
    private final Syscalls sys;
    private final JdkCalls jdk;

    public JdkCallsOnSyscalls(JdkCalls jdk) {
        this(NativeLayers.current(), jdk);
    }

    /** {@code sys} for the native calls (e.g. counting ones), {@code jdk} for the JDK's. */
    public JdkCallsOnSyscalls(Syscalls sys, JdkCalls jdk) {
        this.sys = sys;
        this.jdk = jdk;
    }

    @Override
    public JdkCalls jdkCalls() {
        return jdk;
    }

    @Override
    public int open(String path, int flags, int mode) {
        return sys.open(path, flags, mode);
    }

    @Override
    public long pwrite(int fd, ByteBuffer directBuffer, long count, long offset) {
        return sys.pwrite(fd, directBuffer, count, offset);
    }

    @Override
    public int fsync(int fd) {
        return sys.fsync(fd);
    }

    @Override
    public int fdatasync(int fd) {
        return sys.fdatasync(fd);
    }

    @Override
    public int ftruncate(int fd, long length) {
        return sys.ftruncate(fd, length);
    }

    @Override
    public int fallocate(int fd, int mode, long offset, long length) {
        return sys.fallocate(fd, mode, offset, length);
    }

    @Override
    public int syncFileRange(int fd, long offset, long nbytes, int flags) {
        return sys.syncFileRange(fd, offset, nbytes, flags);
    }

    @Override
    public int close(int fd) {
        return sys.close(fd);
    }

    /** The raw calls of pwritev2 and io_uring, passed on as they are. */
    @Override
    public long syscall(long number, long a0, long a1, long a2, long a3, long a4, long a5) {
        return sys.syscall(number, a0, a1, a2, a3, a4, a5);
    }

    @Override
    public long address(java.nio.ByteBuffer directBuffer) {
        return sys.address(directBuffer);
    }

    @Override
    public java.nio.ByteBuffer mmap(int length, int prot, int flags, int fd, long offset) {
        return sys.mmap(length, prot, flags, fd, offset);
    }

    @Override
    public int munmap(java.nio.ByteBuffer mapping) {
        return sys.munmap(mapping);
    }

    @Override
    public int errno() {
        return sys.errno();
    }
}
