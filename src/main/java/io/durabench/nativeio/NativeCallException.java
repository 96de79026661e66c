package io.durabench.nativeio;

import jnr.constants.platform.Errno;

/** A system call failed: names the call, the errno and the path, so a failed sync never hides. */
public final class NativeCallException extends RuntimeException {
    private final String call;
    private final int errno;
    private final String path;

    public NativeCallException(String call, int errno, String path) {
        super(call + " failed: " + errnoName(errno) + " (" + errnoText(errno) + ") on " + path);
        this.call = call;
        this.errno = errno;
        this.path = path;
    }

    public NativeCallException(String call, String problem, String path) {
        super(call + " failed: " + problem + " on " + path);
        this.call = call;
        this.errno = 0;
        this.path = path;
    }

    public String call() {
        return call;
    }

    public int errno() {
        return errno;
    }

    public String errnoName() {
        return errnoName(errno);
    }

    public String path() {
        return path;
    }

    /**
     * The errno's symbolic name. Linux defines ENOTSUP as EOPNOTSUPP (95) and the man pages of the
     * calls durabench makes (fallocate, sync_file_range) name it EOPNOTSUPP, so that is its name here.
     */
    public static String errnoName(int errno) {
        Errno e = Errno.valueOf(errno);
        if (e == Errno.ENOTSUP || e == Errno.EOPNOTSUPP) return "EOPNOTSUPP";
        return e == null || e == Errno.__UNKNOWN_CONSTANT__ ? "errno " + errno : e.name();
    }

    private static String errnoText(int errno) {
        Errno e = Errno.valueOf(errno);
        return e == null || e == Errno.__UNKNOWN_CONSTANT__ ? "unknown" : e.description();
    }
}
