package io.durabench.witness;

import io.durabench.nativeio.JnrSyscalls;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import java.util.regex.Pattern;

/**
 * The two calls that frame a cell's measured operations in the trace: an open(2) of a path that
 * cannot exist, {@code /durabench-witness-<token>/cell-<i>/begin} (and {@code .../end}), which fails
 * with ENOENT at once; and a third, {@code .../closed}, once the cell's workload is closed, whether
 * it ran or failed, so that the next cell's setup is told apart from what this one left (a cell that
 * fails in its setup emits no BEGIN or END, and its created-and-deleted file must not count as the
 * next cell's log). It is cheap, has no effect, and strace prints it with its path, so the parent
 * finds it without any help from the child. The token is random per run, so no other open in the
 * process can be mistaken for a marker.
 */
final class WitnessMarkers {
    static final String BEGIN = "begin";
    static final String END = "end";
    static final String CLOSED = "closed";
    private static final Pattern TOKEN = Pattern.compile("[a-z0-9]{8,64}");

    private WitnessMarkers() {
    }

    static String path(String token, int cell, String which) {
        if (!TOKEN.matcher(token).matches()) throw new IllegalArgumentException("marker token '" + token + "' must be 8-64 of [a-z0-9]");
        return "/durabench-witness-" + token + "/cell-" + cell + "/" + which;
    }

    /** Makes the marker call through the real syscall layer (never through a test's wrapper). */
    static void emit(String token, int cell, String which) {
        String path = path(token, cell, which);
        Syscalls sys = JnrSyscalls.get();
        int fd = sys.open(path, OpenFlags.O_RDONLY, 0);
        if (fd >= 0) {
            sys.close(fd);
            throw new IllegalStateException("the witness marker " + path + " exists; it must not: remove it");
        }
    }
}
