package io.durabench.bench;

import io.durabench.workload.WriteCounters;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What the workload issued in the iteration, as JMH secondary metrics, so every result states its
 * syncs per write. The field names are the counter names of the benchmark catalogue
 * ({@code io.durabench.catalogue.Counters}); CatalogueConsistencyTest keeps the two in step.
 * The workload resets its own counters at each iteration start; this copies them after each op.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class IssuedCounters {
    public long writes;
    public long bytes;
    public long syncCalls;
    public long syncedWrites;
    public long preallocSyncs;

    /** Five plain stores per operation: noise next to a syscall. */
    void copy(WriteCounters c) {
        writes = c.writes;
        bytes = c.bytes;
        syncCalls = c.syncCalls;
        syncedWrites = c.syncedWrites;
        preallocSyncs = c.preallocSyncs;
    }
}
