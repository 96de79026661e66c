package io.durabench.catalogue;

import io.durabench.workload.WriteCounters;
import java.util.LinkedHashMap;
import java.util.Map;

/** Adapts the write workloads (which count in {@link WriteCounters}) to {@link OperationLoop}. */
final class WriteLoops {
    private WriteLoops() {
    }

    /** The counters under the names IssuedCounters and PgCounters publish them, then the ones they keep to themselves. */
    static Map<String, Long> named(WriteCounters c) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put(Counters.WRITES, c.writes);
        m.put(Counters.BYTES, c.bytes);
        m.put(Counters.SYNC_CALLS, c.syncCalls);
        m.put(Counters.SYNCED_WRITES, c.syncedWrites);
        m.put(Counters.PREALLOC_SYNCS, c.preallocSyncs);
        m.put(Counters.PREALLOC_BYTES, c.preallocBytes);
        m.put(Counters.RECYCLES, c.recycles);
        m.put(Counters.SETTLE_SYNCS, c.settleSyncs);
        m.put(Counters.SHORT_WRITES, c.shortWrites);
        m.put(Counters.INTERRUPTED_WRITES, c.interruptedWrites);
        m.put(Counters.RING_ENTERS, c.ringEnters);
        m.put(Counters.OPERATIONS, c.operations); // pg_test_fsync's multi-call tests (PgCounters); 0 elsewhere
        return m;
    }

    /**
     * @param durablePoint whether the workload is at a durable point now ({@link OperationLoop#atDurablePoint})
     * @param settling     what {@link OperationLoop#settle} does
     */
    record Of(Runnable operation, Runnable ending, WriteCounters counted, Runnable closing, java.util.function.BooleanSupplier durablePoint,
              Runnable settling) implements OperationLoop {
        /** A workload whose every operation ends durable ({@code durable}) or none does, and which leaves nothing to settle. */
        Of(Runnable operation, Runnable ending, WriteCounters counted, Runnable closing, boolean durable) {
            this(operation, ending, counted, closing, () -> durable, () -> { });
        }

        @Override
        public void operate() {
            operation.run();
        }

        @Override
        public boolean atDurablePoint() {
            return durablePoint.getAsBoolean();
        }

        @Override
        public void settle() {
            settling.run();
        }

        @Override
        public void finish() {
            ending.run();
        }

        @Override
        public Map<String, Long> counters() {
            return named(counted);
        }

        @Override
        public void close() {
            closing.run();
        }
    }
}
