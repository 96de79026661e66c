package io.durabench.workload.groupcommit;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One group-commit log: where, which durable sync, how the space is prepared, group or alone, and
 * PostgreSQL's two knobs: {@code commitDelayMicros} (how long a leader waits for companions before
 * it syncs) and {@code commitSiblings} (it waits only when at least this many other committers are
 * inside a commit at that moment).
 *
 * <p>Only methods with a separate sync call can be grouped (fsync, fdatasync, FileChannel.force,
 * FileDescriptor.sync()): where every write is itself a flush (O_DSYNC, O_SYNC, DSYNC channels,
 * "rwd"/"rws") committers have no shared sync to wait on, and coalescing records into one write is
 * another mechanism (PostgreSQL's WAL writer). msync is left out as elsewhere (no append, no
 * preallocation), and so are the methods that hand every call to another thread, which would queue
 * every committer's calls behind that one thread.
 */
public record GroupCommitConfig(Path dir, SyncMethod method, Preallocation preallocation, CommitMode mode,
                                long commitDelayMicros, int commitSiblings, long regionBytes,
                                int zeroFillChunkBytes, int alignmentBytes) {

    public static final long DEFAULT_REGION_BYTES = 64L << 20;
    public static final int DEFAULT_ZERO_FILL_CHUNK_BYTES = 4 << 20;
    /** PostgreSQL's default commit_siblings. */
    public static final int DEFAULT_COMMIT_SIBLINGS = 5;

    /** Methods with a sync call that concurrent committers can share. */
    public static final Set<SyncMethod> GROUPABLE = Collections.unmodifiableSet(EnumSet.of(SyncMethod.FSYNC, SyncMethod.FDATASYNC,
            SyncMethod.CHANNEL_FORCE_DATA, SyncMethod.CHANNEL_FORCE_ALL, SyncMethod.STREAM_FD_SYNC));

    /** How the log's space can be prepared: append, or rolling synced zeros. */
    public static final Set<Preallocation> PREALLOCATIONS = Collections.unmodifiableSet(EnumSet.of(Preallocation.NONE, Preallocation.ZERO_FILL));

    public GroupCommitConfig {
        if (!GROUPABLE.contains(method)) throw new IllegalArgumentException(whyNotGroupable(method));
        if (!PREALLOCATIONS.contains(preallocation)) {
            throw new IllegalArgumentException("preallocation " + preallocation + " is not supported by the group-commit log: use NONE or ZERO_FILL");
        }
        if (commitDelayMicros < 0) throw new IllegalArgumentException("commitDelayMicros must be >= 0, not " + commitDelayMicros);
        if (commitSiblings < 0) throw new IllegalArgumentException("commitSiblings must be >= 0, not " + commitSiblings);
        if (mode == CommitMode.ALONE && commitDelayMicros != 0) {
            throw new IllegalArgumentException("commitDelayMicros=" + commitDelayMicros
                    + " applies to GROUP mode only: in ALONE mode every committer syncs at once (use 0)");
        }
        if (regionBytes <= 0) throw new IllegalArgumentException("regionBytes must be positive, not " + regionBytes);
        if (zeroFillChunkBytes <= 0 || zeroFillChunkBytes % alignmentBytes != 0) {
            throw new IllegalArgumentException("zero-fill chunk must be a positive multiple of " + alignmentBytes + " B");
        }
    }

    public static GroupCommitConfig of(Path dir, SyncMethod method, Preallocation preallocation, CommitMode mode,
                                       long commitDelayMicros, int commitSiblings) {
        return new GroupCommitConfig(dir, method, preallocation, mode, commitDelayMicros, commitSiblings,
                DEFAULT_REGION_BYTES, DEFAULT_ZERO_FILL_CHUNK_BYTES, AlignedBuffers.DEFAULT_ALIGNMENT);
    }

    public GroupCommitConfig withRegionBytes(long bytes, int zeroFillChunk) {
        return new GroupCommitConfig(dir, method, preallocation, mode, commitDelayMicros, commitSiblings, bytes, zeroFillChunk, alignmentBytes);
    }

    public static String whyNotGroupable(SyncMethod method) {
        String allowed = "use " + GROUPABLE.stream().map(Enum::name).collect(Collectors.joining(", "));
        if (!method.durable()) return "sync method " + method + " is not durable, so there is nothing to commit: " + allowed;
        if (method.syncsInWrite()) {
            return "sync method " + method + " makes every write its own flush, so committers have no shared sync to group: " + allowed;
        }
        if (method.caller() != SyncMethod.Caller.CALLING_THREAD) {
            return "sync method " + method + " hands every call to another thread, and group commit measures committers"
                    + " that sync on their own threads: " + allowed;
        }
        return "sync method " + method + " is not supported by the group-commit log: " + allowed;
    }
}
