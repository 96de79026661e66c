package io.durabench.bench;

import io.durabench.workload.WriteCounters;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The counters of pg_test_fsync's multi-call tests (two writes per sync, open_sync write sizes, fsync
 * through another descriptor): like {@link IssuedCounters}, plus {@code operations}, because one
 * operation there is several writes (syncs per operation, not per write, is pg_test_fsync's unit).
 * Names are the catalogue's ({@code io.durabench.catalogue.Counters}); CatalogueConsistencyTest keeps them in step.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class PgCounters {
    public long operations;
    public long writes;
    public long bytes;
    public long syncCalls;
    public long syncedWrites;

    /** Five plain stores per operation: noise next to a syscall. */
    void copy(WriteCounters c) {
        operations = c.operations;
        writes = c.writes;
        bytes = c.bytes;
        syncCalls = c.syncCalls;
        syncedWrites = c.syncedWrites;
    }
}
