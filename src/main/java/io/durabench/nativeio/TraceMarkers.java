package io.durabench.nativeio;

import java.util.regex.Pattern;

/**
 * The calls that frame a cell's measured operations in an strace trace: an open(2) of a path that
 * cannot exist, {@code /durabench-witness-<token>/cell-<i>/begin} (and {@code .../end}, and
 * {@code .../closed} once the cell's workload is closed, whether it ran or failed, so that the next
 * cell's setup is told apart from what this one left), which fails with ENOENT at once. Cheap, no
 * effect, and strace prints it with its path, so the witness finds it without help from the child.
 * The token is random per run, so no other open can be mistaken for a marker. Made by the witnessed
 * JVM (witness.WitnessMain) and by a lock-step side under the witness (lockstep.LockStepSide).
 */
public final class TraceMarkers {
    public static final String BEGIN = "begin";
    public static final String END = "end";
    public static final String CLOSED = "closed";
    private static final Pattern TOKEN = Pattern.compile("[a-z0-9]{8,64}");

    private TraceMarkers() {
    }

    public static String path(String token, int cell, String which) {
        if (!TOKEN.matcher(token).matches()) throw new IllegalArgumentException("marker token '" + token + "' must be 8-64 of [a-z0-9]");
        return "/durabench-witness-" + token + "/cell-" + cell + "/" + which;
    }

    /** Makes the marker call through the real syscall layer (never through a test's wrapper). */
    public static void emit(String token, int cell, String which) {
        String path = path(token, cell, which);
        Syscalls sys = NativeLayers.current();
        int fd = sys.open(path, OpenFlags.O_RDONLY, 0);
        if (fd >= 0) {
            sys.close(fd);
            throw new IllegalStateException("the witness marker " + path + " exists; it must not: remove it");
        }
    }
}
