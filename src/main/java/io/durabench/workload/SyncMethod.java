package io.durabench.workload;

import io.durabench.nativeio.OpenFlags;

/**
 * How a write is made durable (or not). Each method says whether it reaches stable storage and
 * whether it issues an explicit sync call, to which the batch size ("one sync per N writes") applies.
 */
public enum SyncMethod {
    /** write(2) only: lands in the page cache. The baseline, and not durable. */
    NONE(false, Api.NATIVE, Sync.NONE, "pwrite only (page cache)"),
    FSYNC(true, Api.NATIVE, Sync.FSYNC, "pwrite + fsync"),
    FDATASYNC(true, Api.NATIVE, Sync.FDATASYNC, "pwrite + fdatasync"),
    /** Every write behaves as if followed by fdatasync. */
    O_DSYNC(true, Api.NATIVE, Sync.IN_WRITE, "open(O_DSYNC) + pwrite"),
    O_SYNC(true, Api.NATIVE, Sync.IN_WRITE, "open(O_SYNC) + pwrite"),
    /** Bypasses the page cache, not the device's volatile cache: the trap, not durable. */
    O_DIRECT(false, Api.NATIVE, Sync.NONE, "open(O_DIRECT) + pwrite, no sync"),
    O_DIRECT_DSYNC(true, Api.NATIVE, Sync.IN_WRITE, "open(O_DIRECT|O_DSYNC) + pwrite"),
    /** Starts and waits for writeback but sends no device flush and no metadata: not durable. */
    SYNC_FILE_RANGE(false, Api.NATIVE, Sync.SYNC_FILE_RANGE, "pwrite + sync_file_range(WAIT|WRITE|WAIT)"),
    /** FileChannel.force(false): fdatasync on Linux. */
    CHANNEL_FORCE_DATA(true, Api.CHANNEL, Sync.FORCE_DATA, "FileChannel.write + force(false)"),
    /** FileChannel.force(true): fsync on Linux. */
    CHANNEL_FORCE_ALL(true, Api.CHANNEL, Sync.FORCE_ALL, "FileChannel.write + force(true)"),
    /** StandardOpenOption.DSYNC: O_DSYNC through the JDK. */
    CHANNEL_DSYNC(true, Api.CHANNEL, Sync.IN_WRITE, "FileChannel(DSYNC).write"),
    /** A memory-mapped log: MappedByteBuffer.force(index, length) is msync(MS_SYNC). */
    MMAP_FORCE(true, Api.MMAP, Sync.MSYNC, "MappedByteBuffer.put + force (msync)");

    /** Which API issues the writes. */
    public enum Api { NATIVE, CHANNEL, MMAP }

    /** What "sync" means for this method. */
    public enum Sync { NONE, FSYNC, FDATASYNC, SYNC_FILE_RANGE, IN_WRITE, FORCE_DATA, FORCE_ALL, MSYNC }

    private final boolean durable;
    private final Api api;
    private final Sync sync;
    private final String description;

    SyncMethod(boolean durable, Api api, Sync sync, String description) {
        this.durable = durable;
        this.api = api;
        this.sync = sync;
        this.description = description;
    }

    /** True when a completed write+sync has reached stable storage (on a device that honours flushes). */
    public boolean durable() {
        return durable;
    }

    /** Why a completed write+sync is not on stable storage; null when it is. */
    public String notDurableBecause() {
        return durable ? null : description + " does not reach stable storage";
    }

    public Api api() {
        return api;
    }

    public Sync sync() {
        return sync;
    }

    public String description() {
        return description;
    }

    /** True when the method issues a separate sync call, so "one sync per N writes" applies. */
    public boolean hasExplicitSync() {
        return sync != Sync.NONE && sync != Sync.IN_WRITE;
    }

    /** True when every write is itself synchronous (O_DSYNC family): one flush per write. */
    public boolean syncsInWrite() {
        return sync == Sync.IN_WRITE;
    }

    public boolean usesDirectIo() {
        return this == O_DIRECT || this == O_DIRECT_DSYNC;
    }

    /** Extra open(2) flags for the native methods. */
    public int openFlags() {
        return switch (this) {
            case O_DSYNC -> OpenFlags.O_DSYNC;
            case O_SYNC -> OpenFlags.O_SYNC;
            case O_DIRECT -> OpenFlags.O_DIRECT;
            case O_DIRECT_DSYNC -> OpenFlags.O_DIRECT | OpenFlags.O_DSYNC;
            default -> 0;
        };
    }
}
