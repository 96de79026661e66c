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

    @Override
    public int errno() {
        return sys.errno();
    }
}
