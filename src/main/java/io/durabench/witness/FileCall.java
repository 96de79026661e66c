package io.durabench.witness;

import java.util.Collection;
import java.util.List;
import java.util.StringJoiner;

/**
 * One system call on a file as the kernel saw it: which call, on which file, and how, where "how"
 * is what decides durability beyond the call's name:
 * <ul>
 *   <li>writes, fsync, fdatasync, ftruncate: the kind of fd, from the flags of the open that made it
 *       ({@code plain fd}, {@code O_DSYNC fd}, {@code O_SYNC fd}, {@code O_DIRECT fd},
 *       {@code O_DIRECT|O_DSYNC fd}, {@code O_DIRECT|O_SYNC fd}; {@code fd not opened in the trace}
 *       when no traced open made it);</li>
 *   <li>fallocate: the fd kind and the mode argument; sync_file_range: the fd kind and its flags;</li>
 *   <li>msync: its flags ({@code MS_SYNC}; {@code MS_ASYNC} would make nothing durable);</li>
 *   <li>opens: the creation and durability flags ({@code O_CREAT|O_TRUNC}, {@code O_DSYNC}, ...).</li>
 * </ul>
 *
 * @param event   the call as strace printed it
 * @param call    the syscall name; opens are all named {@code openat} (open, creat and openat2 included)
 * @param path    the file's absolute path as the kernel resolved it; null when unknown
 * @param how     see above
 * @param bytes   for a successful write, the bytes the kernel reports written; else 0
 * @param creates an open that succeeded with O_CREAT (the file may or may not have existed)
 */
public record FileCall(SyscallEvent event, String call, String path, String how, long bytes, boolean creates) {

    static final String UNKNOWN_FD = "fd not opened in the trace";
    static final List<String> WRITES = List.of("write", "pwrite64", "writev", "pwritev", "pwritev2");
    /** The open flags that matter to the witness, in the order they are printed. */
    private static final List<String> OPEN_FLAGS_SHOWN = List.of("O_CREAT", "O_EXCL", "O_TRUNC", "O_APPEND",
            "O_DSYNC", "O_SYNC", "O_DIRECT", "O_DIRECTORY");

    public boolean succeeded() {
        return event.succeeded();
    }

    /** The kind of fd an open with these flags makes, as used in {@code how}. */
    static String fdKind(Collection<String> openFlags) {
        String sync = openFlags.contains("O_SYNC") ? "O_SYNC" : openFlags.contains("O_DSYNC") ? "O_DSYNC" : null;
        boolean direct = openFlags.contains("O_DIRECT");
        if (sync == null) return direct ? "O_DIRECT fd" : "plain fd";
        return (direct ? "O_DIRECT|" : "") + sync + " fd";
    }

    /** The flags of an open that matter here, e.g. {@code O_CREAT|O_TRUNC}, or {@code no creation or sync flags}. */
    static String openHow(Collection<String> openFlags) {
        StringJoiner j = new StringJoiner("|");
        for (String f : OPEN_FLAGS_SHOWN) {
            if (openFlags.contains(f)) j.add(f);
        }
        return j.length() == 0 ? "no creation or sync flags" : j.toString();
    }
}
