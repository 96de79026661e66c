package io.durabench.witness;

import java.util.Comparator;

/**
 * What is counted: one kind of call ({@code fdatasync}) on one file of the cell ({@link Role}),
 * done one way ({@code plain fd}; see {@link FileCall} for what "how" holds per call).
 */
record CallKey(Role role, String call, String how) implements Comparable<CallKey> {

    /** Which of the cell's files a call touched, told apart from the trace alone. */
    enum Role {
        /** The one file the cell's setup created in the directory (the log, pg_test_fsync's file). */
        LOG,
        /** The target directory itself (its fsync makes new names durable). */
        DIRECTORY,
        /** A file first opened with O_CREAT between the markers (file creation's files). */
        NEW_FILE,
        /** Anything else in the directory: the workload has no business touching it while measured. */
        OTHER
    }

    private static final Comparator<CallKey> ORDER = Comparator.comparing(CallKey::role)
            .thenComparing(CallKey::call).thenComparing(CallKey::how);

    @Override
    public int compareTo(CallKey o) {
        return ORDER.compare(this, o);
    }
}
