package io.durabench.nativeio;

import io.durabench.errno.LinuxErrno;

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

    /** The errno's symbolic name ({@link LinuxErrno#name}: 95 is EOPNOTSUPP, as the man pages of fallocate and sync_file_range say). */
    public static String errnoName(int errno) {
        return LinuxErrno.name(errno);
    }

    private static String errnoText(int errno) {
        return LinuxErrno.text(errno);
    }
}
