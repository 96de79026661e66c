package io.durabench.catalogue;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The secondary metrics a benchmark family publishes (JMH {@code @AuxCounters} fields), which of
 * them counts the operations and which count flushes, so that "syncs per operation" has one
 * definition: the flush counters summed, over the operation counter.
 *
 * @param names      every counter field, in declaration order
 * @param operations the counter of measured operations (writes, commits)
 * @param flushes    the counters of flushes those operations issued
 */
public record Counters(List<String> names, String operations, List<String> flushes) {
    public static final String OPERATIONS = "operations";
    public static final String WRITES = "writes";
    public static final String BYTES = "bytes";
    public static final String SYNC_CALLS = "syncCalls";
    public static final String SYNCED_WRITES = "syncedWrites";
    public static final String PREALLOC_SYNCS = "preallocSyncs";
    public static final String COMMITS = "commits";
    public static final String SYNCS = "syncs";
    public static final String DELAYS = "delays";
    /** Kept by the workloads but not published by the benchmarks (the syscall witness reads them). */
    public static final String PREALLOC_BYTES = "preallocBytes";
    public static final String RECYCLES = "recycles";
    /** Untimed fsyncs a lock-step side made after a unit that started its file over (DurableWriteLoop.settle). */
    public static final String SETTLE_SYNCS = "settleSyncs";
    public static final String ZERO_FILL_SYNCS = "zeroFillSyncs";
    /** pwrites the kernel cut short and the workload continued (NativeFile's retry policy); 0 on a healthy run. */
    public static final String SHORT_WRITES = "shortWrites";
    /** pwrites interrupted (EINTR) and made again; 0 on a healthy run. */
    public static final String INTERRUPTED_WRITES = "interruptedWrites";
    /** io_uring_enter calls of a method that writes through io_uring; 0 for the others. */
    public static final String RING_ENTERS = "ringEnters";

    /** What the write workloads publish (IssuedCounters): explicit syncs plus synchronous writes are the flushes. */
    static final Counters ISSUED = new Counters(List.of(WRITES, BYTES, SYNC_CALLS, SYNCED_WRITES, PREALLOC_SYNCS),
            WRITES, List.of(SYNC_CALLS, SYNCED_WRITES));

    /** What pg_test_fsync's multi-call tests publish (PgCounters): as ISSUED, per operation rather than per write. */
    static final Counters PG_OPERATIONS = new Counters(List.of(OPERATIONS, WRITES, BYTES, SYNC_CALLS, SYNCED_WRITES),
            OPERATIONS, List.of(SYNC_CALLS, SYNCED_WRITES));

    /** What a group-commit committer publishes: payload syncs per commit. */
    static final Counters COMMITTER = new Counters(List.of(COMMITS, SYNCS, BYTES, DELAYS), COMMITS, List.of(SYNCS));

    /** A benchmark that counts nothing beyond its operations (NativeCallCost). */
    static final Counters NONE = new Counters(List.of(), null, List.of());

    public Counters {
        names = List.copyOf(names);
        flushes = List.copyOf(flushes);
    }

    /**
     * Flushes per operation from counter scores ({@code score} gives NaN for a missing counter);
     * NaN when the operation counter is missing or zero. A missing flush counter counts as 0.
     */
    public double flushesPerOperation(ToDoubleFunction<String> score) {
        if (operations == null) return Double.NaN;
        double ops = score.applyAsDouble(operations);
        if (!(ops > 0)) return Double.NaN;
        double flushed = 0;
        for (String f : flushes) {
            double v = score.applyAsDouble(f);
            if (!Double.isNaN(v)) flushed += v;
        }
        return flushed / ops;
    }
}
