package io.durabench.nativeio;

/**
 * One system call that does nothing (getppid), through the same native layer as the calls that
 * matter, errno saved as theirs is: the cost of one Java→libc→kernel round trip, measured on its
 * own so sub-microsecond rows (a plain write on tmpfs) can be read against it, and so the C twin's
 * same row shows what the JVM (and its native layer: jnr or java.lang.foreign) adds per call.
 */
public final class NoOpCall {
    /** A constant the JIT folds: the call inlines as if made on the layer's own class. */
    private static final class Holder {
        static final NativeLayer LAYER = NativeLayers.current();
    }

    private NoOpCall() {
    }

    /** getppid(2); it cannot fail, and a non-positive parent pid would mean the call did not happen. */
    public static int getppid() {
        int ppid = Holder.LAYER.getppid();
        if (ppid <= 0) throw new NativeCallException("getppid", "returned " + ppid, "(no file)");
        return ppid;
    }
}
