package io.durabench.workload;

/**
 * What a workload issued, counted by the workload itself so every result can state syncs per write
 * (that ratio is defined once, by the benchmark catalogue's Counters).
 * Plain fields, single-threaded by design (one counter set per JMH thread).
 */
public final class WriteCounters {
    /**
     * Operations of a test whose one operation is several calls (pg_test_fsync's two writes per sync,
     * 16 kB as k open_sync writes, write + fsync through another descriptor); 0 where one write is one operation.
     */
    public long operations;
    /** Payload writes issued (the measured operations, where one write is one operation). */
    public long writes;
    /** Payload bytes written. */
    public long bytes;
    /** Explicit sync calls of the method: fsync, fdatasync, sync_file_range, force, msync. */
    public long syncCalls;
    /** Writes that were themselves synchronous (O_DSYNC, O_SYNC, O_DIRECT|O_DSYNC, DSYNC channel). */
    public long syncedWrites;
    /** Bytes written by the preallocation strategy (ZERO_FILL's zeros). */
    public long preallocBytes;
    /** Syncs issued to make the preallocation durable. */
    public long preallocSyncs;
    /** Times the bounded region was used up and the file started over. */
    public long recycles;
    /**
     * Untimed fsyncs of the control descriptor a lock-step side made after a unit that started the
     * file over ({@link DurableWriteLoop#settle}), so that nothing of it is pending when the other
     * side measures; 0 outside lock-step.
     */
    public long settleSyncs;
    /** pwrites the kernel cut short that were continued to write the rest (NativeFile's policy); 0 on a healthy run. */
    public long shortWrites;
    /** pwrites interrupted by a signal (EINTR) and made again; 0 on a healthy run. */
    public long interruptedWrites;
    /** io_uring_enter calls of a method that writes through io_uring (one per batch when none is interrupted); 0 for the others. */
    public long ringEnters;

    public void reset() {
        operations = writes = bytes = syncCalls = syncedWrites = preallocBytes = preallocSyncs = recycles = settleSyncs = shortWrites = interruptedWrites = ringEnters = 0;
    }
}
