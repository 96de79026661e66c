package io.durabench.expectation;

import java.util.Comparator;
import java.util.List;

/**
 * What is counted: one kind of call ({@code fdatasync}) on one file of the cell ({@link Role}),
 * done one way ({@code plain fd}; {@link CallHow} says what "how" holds per call).
 */
public record CallKey(Role role, String call, String how) implements Comparable<CallKey> {

    /** The calls that write: the bytes the kernel reports written are counted for them. */
    public static final List<String> WRITES = List.of("write", "pwrite64", "writev", "pwritev", "pwritev2");

    /** Which of the cell's files a call touched, told apart from the trace alone. */
    public enum Role {
        /** The one file the cell's setup created in the directory (the log, pg_test_fsync's file). */
        LOG,
        /** The target directory itself (its fsync makes new names durable). */
        DIRECTORY,
        /** A file first opened with O_CREAT between the markers (file creation's files). */
        NEW_FILE,
        /** Anything else in the directory: the workload has no business touching it while measured. */
        OTHER,
        /**
         * An io_uring instance (strace's {@code anon_inode:[io_uring]}): its io_uring_enter calls submit and
         * wait for the writes and syncs of a ring method, which strace cannot see inside.
         */
        RING
    }

    private static final Comparator<CallKey> ORDER = Comparator.comparing(CallKey::role)
            .thenComparing(CallKey::call).thenComparing(CallKey::how);

    /** Whether the call writes (its bytes count). */
    public boolean writes() {
        return WRITES.contains(call);
    }

    @Override
    public int compareTo(CallKey o) {
        return ORDER.compare(this, o);
    }
}
