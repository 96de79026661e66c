package io.durabench.nativeio;

import jnr.ffi.LibraryLoader;
import jnr.ffi.annotations.SaveError;

/**
 * One system call that does nothing (getppid), through the same jnr-ffi path as the calls that
 * matter, errno saved as theirs is: the cost of one Java→libc→kernel round trip, measured on its
 * own so sub-microsecond rows (a plain write on tmpfs) can be read against it, and so the C twin's
 * same row shows what the JVM adds per call.
 */
public final class NoOpCall {
    /** {@code @SaveError} like the calls jnr-posix makes for pwrite and fsync: the same per-call work. */
    public interface LibC {
        @SaveError
        int getppid();
    }

    private static final class Holder {
        static final LibC LIBC = LibraryLoader.create(LibC.class).load("c");
    }

    private NoOpCall() {
    }

    /** getppid(2); it cannot fail, and a non-positive parent pid would mean the call did not happen. */
    public static int getppid() {
        int ppid = Holder.LIBC.getppid();
        if (ppid <= 0) throw new NativeCallException("getppid", "returned " + ppid, "(no file)");
        return ppid;
    }
}
