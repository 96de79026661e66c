package io.durabench.expectation;

import java.util.Collection;
import java.util.List;
import java.util.StringJoiner;

/**
 * The "how" of a {@link CallKey}: what decides a call's durability beyond its name, spelled once
 * for the rules that expect calls and the witness that reads them from a trace.
 * <ul>
 *   <li>writes, fsync, fdatasync, ftruncate, close: the kind of fd, from the flags of the open that made it
 *       ({@code plain fd}, {@code O_DSYNC fd}, {@code O_SYNC fd}, {@code O_DIRECT fd},
 *       {@code O_DIRECT|O_DSYNC fd}, {@code O_DIRECT|O_SYNC fd}; {@code fd not opened in the trace}
 *       when no traced open made it);</li>
 *   <li>fallocate: the fd kind and the mode argument; sync_file_range: the fd kind and its flags;
 *       pwritev2: the fd kind and its per-write flags ({@code plain fd, RWF_DSYNC});</li>
 *   <li>io_uring_enter: its flags ({@code IORING_ENTER_GETEVENTS});</li>
 *   <li>msync: its flags ({@code MS_SYNC}; {@code MS_ASYNC} would make nothing durable);</li>
 *   <li>opens: the creation and durability flags ({@code O_CREAT|O_TRUNC}, {@code O_DSYNC}, ...).</li>
 * </ul>
 * Flags are named as strace prints them.
 */
public final class CallHow {
    /** An fd opened without O_DSYNC, O_SYNC or O_DIRECT. */
    public static final String PLAIN_FD = "plain fd";
    /** An fd that no traced open made (dup, inherited): reported as such rather than guessed. */
    public static final String UNKNOWN_FD = "fd not opened in the trace";
    /** What strace's -y names an io_uring fd. */
    public static final String IO_URING_FILE = "anon_inode:[io_uring]";
    /** io_uring_enter's flags when it submits and waits for completions. */
    public static final String RING_ENTER_GETEVENTS = "IORING_ENTER_GETEVENTS";
    /** msync's flags for a synchronous flush of the range. */
    public static final String MS_SYNC = "MS_SYNC";
    /** The flags durabench's SYNC_FILE_RANGE passes: wait for earlier writeback, start it, wait for it. */
    public static final String SYNC_FILE_RANGE_FLAGS =
            "SYNC_FILE_RANGE_WAIT_BEFORE|SYNC_FILE_RANGE_WRITE|SYNC_FILE_RANGE_WAIT_AFTER";
    /** The open flags that matter to the witness, in the order they are printed. */
    private static final List<String> OPEN_FLAGS_SHOWN = List.of("O_CREAT", "O_EXCL", "O_TRUNC", "O_APPEND",
            "O_DSYNC", "O_SYNC", "O_DIRECT", "O_DIRECTORY");

    private CallHow() {
    }

    /** The kind of fd an open with these flags makes: {@code plain fd}, {@code O_DIRECT|O_DSYNC fd}, ... */
    public static String fd(Collection<String> openFlags) {
        String sync = openFlags.contains("O_SYNC") ? "O_SYNC" : openFlags.contains("O_DSYNC") ? "O_DSYNC" : null;
        boolean direct = openFlags.contains("O_DIRECT");
        if (sync == null) return direct ? "O_DIRECT fd" : PLAIN_FD;
        return (direct ? "O_DIRECT|" : "") + sync + " fd";
    }

    /**
     * An fsync or fdatasync through a descriptor of a regular file that wrote nothing since it was
     * opened (no write, ftruncate or fallocate through it): a checkpointer's sync of data another
     * descriptor wrote, which is how the witness sees pg_test_fsync's "write, close, fsync".
     */
    public static String unwritten(String fdKind) {
        return fdKind + ", nothing written through it";
    }

    /** An open with these flags, by the flags that matter here: {@code O_CREAT|O_TRUNC}, or {@code no creation or sync flags}. */
    public static String open(Collection<String> openFlags) {
        StringJoiner j = new StringJoiner("|");
        for (String f : OPEN_FLAGS_SHOWN) {
            if (openFlags.contains(f)) j.add(f);
        }
        return j.length() == 0 ? "no creation or sync flags" : j.toString();
    }

    /** fallocate on an fd of that kind with that mode ({@code 0}, {@code FALLOC_FL_KEEP_SIZE}). */
    public static String fallocate(String fdKind, String mode) {
        return fdKind + ", mode " + mode;
    }

    /** pwritev2 on an fd of that kind with those per-write flags ({@code 0}, {@code RWF_DSYNC}). */
    public static String rwFlags(String fdKind, String flags) {
        return fdKind + ", " + flags;
    }

    /** sync_file_range on an fd of that kind with those flags. */
    public static String syncFileRange(String fdKind, String flags) {
        return fdKind + ", " + flags;
    }
}
