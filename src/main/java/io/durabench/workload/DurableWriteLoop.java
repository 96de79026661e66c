package io.durabench.workload;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The durable-write loop: one block per {@link #writeOne()}, sequentially through a bounded
 * region of one file, made durable per the sync method once every {@code writesPerSync} writes (an
 * io_uring method's batch: its writes queued, then submitted together and waited for at the sync).
 *
 * <p>Two file descriptors: the method's own data path ({@link LogFile}) for payload writes, and a
 * plain control fd for preallocation (ftruncate, fallocate, zero-fill), so that the control work
 * never borrows the method's flags (an O_DSYNC fd would sync every zero block).
 *
 * <p>When the region is used up the file starts over: the writes of an incomplete batch are synced
 * first (they must be durable before the truncate discards them, and that sync is counted), then
 * the file is truncated to zero and preallocated again, inside the measured time but amortised
 * over {@code region/block} writes, so append stays append.
 *
 * <p><b>Fails closed.</b> When any step throws (a failed write or sync, anything), the loop closes
 * both descriptors and deletes its file before the exception leaves, and refuses every later call:
 * no caller (JMH, whose trial teardown is not a finally; the probe; a test) has to remember to
 * clean up after a failure, and nothing it could do would make a failed sync count.
 */
public final class DurableWriteLoop implements AutoCloseable {
    private final WorkloadConfig cfg;
    private final Path path;
    private final NativeFile control;
    private final LogFile log;
    private final ByteBuffer block;
    private final ZeroFiller zeroFiller;
    private final WriteCounters counters = new WriteCounters();
    private final WriteRetries retries;

    private long offset;
    private long syncedUpTo;
    private int writesSinceSync;
    /** A recycle happened since the last {@link #settle}: what settle makes durable (a flag, not a count: counters are reset per JMH iteration). */
    private boolean recycledSinceSettle;
    private final FailClosed state;
    /** Null unless {@link #timeCalls} turned timing on: the untimed loop reads no clock. */
    private CallLatencySink latencies;
    private long lastWriteEnd;
    /** The log's io_uring_enter count already added to the counters (which JMH resets per iteration). */
    private long ringEntersSeen;

    private DurableWriteLoop(WorkloadConfig cfg, Path path, NativeFile control, LogFile log) {
        this.cfg = cfg;
        this.path = path;
        this.control = control;
        this.log = log;
        this.state = new FailClosed("the durable-write loop on " + path, "failed earlier and deleted its file");
        this.block = AlignedBuffers.patterned(cfg.blockSizeBytes(), cfg.alignmentBytes());
        this.zeroFiller = cfg.preallocation() == Preallocation.ZERO_FILL
                ? new ZeroFiller(control, cfg.zeroFillChunkBytes(), cfg.regionBytes(), cfg.alignmentBytes()) : null;
        this.retries = WriteRetries.forLog(control, log);
    }

    /**
     * Creates a fresh log file in {@code cfg.dir()} and prepares it. Fails before any write when
     * the directory is missing or lacks space for the region, naming the fix; a failure while
     * preparing deletes the file again.
     */
    public static DurableWriteLoop open(Syscalls sys, WorkloadConfig cfg) {
        Path path = RegionLogFiles.create(cfg.dir(), cfg.method(), cfg.regionBytes(), cfg.zeroFillChunkBytes());
        NativeFile control = null;
        LogFile log = null;
        try {
            control = NativeFile.open(sys, path, OpenFlags.O_RDWR, 0);
            log = RegionLogFiles.openDataPath(sys, path, cfg.method(), cfg.regionBytes(), cfg.writesPerSync());
            DurableWriteLoop loop = new DurableWriteLoop(cfg, path, control, log);
            loop.prepare();
            return loop;
        } catch (RuntimeException | Error e) {
            WorkloadFiles.discard(e, path, log, control);
            throw e;
        }
    }

    /** Writes one block at the current offset; syncs when the batch is complete. */
    public void writeOne() {
        ensureUsable();
        try {
            int len = cfg.blockSizeBytes();
            if (offset + len > cfg.regionBytes()) recycle();
            if (zeroFiller != null) zeroFillAhead(offset + len);
            if (latencies == null) log.write(block, len, offset);
            else timedWrite(len);
            TestSlowdown.afterWrite();
            offset += len;
            counters.writes++;
            counters.bytes += len;
            if (cfg.method().syncsInWrite() && !cfg.method().throughRing()) counters.syncedWrites++;
            retries.addTo(counters);
            if (cfg.method().takesBatches() && ++writesSinceSync == cfg.writesPerSync()) syncNow();
        } catch (RuntimeException | Error e) {
            throw failClosed(e);
        }
    }

    /**
     * Times each write call and each sync call into {@code into} from now on (null: stop timing).
     * Only a method with a separate sync call is timed, since only there do write and sync differ;
     * for the others timing stays off, so their op times carry no clock reads.
     * Returns whether timing is on.
     */
    public boolean timeCalls(CallLatencySink into) {
        latencies = into != null && cfg.method().hasExplicitSync() ? into : null;
        return latencies != null;
    }

    /**
     * Whether nothing this loop wrote waits for a sync now: the method is durable and the last write
     * completed its batch (or synced itself). The point where a lock-step side may hand over; a
     * method that never syncs (NONE, O_DIRECT alone, sync_file_range) is never at one.
     */
    public boolean atDurablePoint() {
        return cfg.method().durable() && writesSinceSync == 0;
    }

    /**
     * Makes durable, untimed, what the loop did beside its method's own syncs since the last call: a
     * file started over (truncated, then prepared again) is fsynced through the control descriptor,
     * so its metadata cannot wait in the journal for someone else's commit. Counted as a settle sync.
     * A lock-step side calls it after every unit, outside the timed region; nothing else needs it.
     */
    public void settle() {
        failingClosed(() -> {
            if (!recycledSinceSettle) return;
            control.fsync();
            counters.settleSyncs++;
            recycledSinceSettle = false;
        });
    }

    /** Makes any writes of an incomplete batch durable (for an orderly end of a trial). */
    public void syncPending() {
        failingClosed(this::syncPendingBatch);
    }

    /** Starts the file over: used between JMH iterations so each begins from the same state. */
    public void restart() {
        failingClosed(this::recycle);
    }

    /** Runs a step outside the measured loop (writeOne spells the same out, allocation-free). */
    private void failingClosed(Runnable step) {
        ensureUsable();
        try {
            step.run();
        } catch (RuntimeException | Error e) {
            throw failClosed(e);
        }
    }

    private void syncPendingBatch() {
        if (cfg.method().takesBatches() && writesSinceSync > 0) syncNow();
    }

    /** The write timed on its own; a sync that follows at once starts its clock where the write's stopped. */
    private void timedWrite(int len) {
        long start = System.nanoTime();
        log.write(block, len, offset);
        lastWriteEnd = System.nanoTime();
        latencies.write(lastWriteEnd - start);
    }

    private void syncNow() {
        if (latencies == null) {
            log.sync(syncedUpTo, offset);
        } else {
            // Right after a timed write its end is the sync's start (one clock read saved); otherwise read it now.
            long start = writesSinceSync == cfg.writesPerSync() ? lastWriteEnd : System.nanoTime();
            log.sync(syncedUpTo, offset);
            latencies.sync(System.nanoTime() - start);
        }
        syncedUpTo = offset;
        // A ring's RWF_DSYNC writes are synchronous when their batch completes, here; its sync entry is the sync call.
        if (cfg.method().hasExplicitSync()) counters.syncCalls++;
        else counters.syncedWrites += writesSinceSync;
        writesSinceSync = 0;
        if (cfg.method().throughRing()) {
            long enters = log.ringEnters();
            counters.ringEnters += enters - ringEntersSeen;
            ringEntersSeen = enters;
        }
    }

    /**
     * ZERO_FILL: keeps real, synced zeros ahead of every write, extending in whole chunks as the
     * log reaches the end of what is zeroed, so payload writes stay in-place overwrites.
     */
    private void zeroFillAhead(long end) {
        // Chunk by chunk rather than fillUpTo: each completed chunk is counted even if a later one fails.
        while (zeroFiller.needsFillFor(end)) {
            counters.preallocBytes += zeroFiller.fillNextChunk();
            counters.preallocSyncs++;
        }
    }

    /**
     * Region used up: sync the incomplete batch (its writes were never made durable, and the
     * truncate is about to discard them), then truncate to zero and prepare again, so appends stay appends.
     */
    private void recycle() {
        syncPendingBatch();
        if (cfg.method().api() == SyncMethod.Api.MMAP) {
            // A Java mapping cannot be unmapped or shrunk safely (SIGBUS): the mapped log wraps in place.
            offset = syncedUpTo = 0;
            counters.recycles++;
            return; // nothing truncated, nothing to settle
        }
        control.ftruncate(0);
        offset = syncedUpTo = 0;
        if (zeroFiller != null) zeroFiller.forgetZeroed();
        counters.recycles++;
        recycledSinceSettle = true;
        prepare();
    }

    private void prepare() {
        switch (cfg.preallocation()) {
            case NONE -> { }
            case FTRUNCATE -> {
                control.ftruncate(cfg.regionBytes());
                control.fsync();
                counters.preallocSyncs++;
            }
            case FALLOCATE -> {
                control.fallocate(0, cfg.regionBytes());
                control.fsync();
                counters.preallocSyncs++;
            }
            case FALLOCATE_KEEP_SIZE -> {
                control.fallocate(NativeFile.FALLOC_FL_KEEP_SIZE, 0, cfg.regionBytes());
                control.fsync();
                counters.preallocSyncs++;
            }
            case ZERO_FILL -> zeroFillAhead(Math.min(cfg.zeroFillChunkBytes(), cfg.regionBytes()));
        }
        retries.addTo(counters);
    }

    /** Closes and deletes everything, keeps {@code e} as the reason later calls are refused, and returns it to be thrown. */
    private RuntimeException failClosed(Throwable e) {
        if (state.failed(e)) WorkloadFiles.discard(e, path, log, control);
        if (e instanceof Error err) throw err;
        return (RuntimeException) e;
    }

    private void ensureUsable() {
        state.ensureUsable();
    }

    /** False once closed, or once an operation failed (and the loop deleted its file). */
    public boolean isOpen() {
        return state.isOpen();
    }

    public WriteCounters counters() {
        return counters;
    }

    public WorkloadConfig config() {
        return cfg;
    }

    public Path path() {
        return path;
    }

    /** Offset of the next write within the region. */
    public long offset() {
        return offset;
    }

    /** End of the zero-filled space (ZERO_FILL only). */
    public long zeroedUpTo() {
        return zeroFiller == null ? 0 : zeroFiller.zeroedUpTo();
    }

    /** Closes both descriptors and deletes the file: each trial's files are gone after it. Idempotent; a no-op after a failure (already done). */
    @Override
    public void close() {
        if (state.closeOnce()) WorkloadFiles.closeAndDelete(path, log, control);
    }
}
