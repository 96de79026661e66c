package io.durabench.catalogue;

/** What one measured JMH operation of a family is, so summaries can say "µs per write" or "commits/s". */
public enum Operation {
    /** One payload write (SyncWriteCost, PgTestFsyncEquivalent). */
    WRITE("write"),
    /** One file created, written and synced (FileCreateCost). */
    FILE("file"),
    /** One commit that returned durable (GroupCommit). */
    COMMIT("commit"),
    /** One system call that writes nothing (NativeCallCost). */
    CALL("call"),
    /** One pg_test_fsync operation of several calls: two writes and their sync, 16 kB as k writes, write + fsync through two descriptors. */
    PG_OPERATION("operation");

    private final String noun;

    Operation(String noun) {
        this.noun = noun;
    }

    public String noun() {
        return noun;
    }
}
