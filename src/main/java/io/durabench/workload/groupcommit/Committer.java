package io.durabench.workload.groupcommit;

import io.durabench.nativeio.AlignedBuffers;
import java.nio.ByteBuffer;

/**
 * One committing thread's handle on a {@link GroupCommitLog} and its own counters, so that per-thread
 * figures (a benchmark thread's commits, the syncs it issued as leader) add up to the log's totals
 * without double counting. Confined to one thread: plain fields.
 */
public final class Committer {
    private final GroupCommitLog log;
    /** Commits that returned, i.e. whose record is durable. */
    public long commits;
    /** Payload bytes of those commits. */
    public long bytes;
    /** Syncs this committer issued (as leader in GROUP mode, its own in ALONE mode). */
    public long syncs;
    /** Times this committer, as leader, waited commitDelayMicros before syncing. */
    public long delays;
    private ByteBuffer pattern;

    Committer(GroupCommitLog log) {
        this.log = log;
    }

    /**
     * Appends bytes [0, length) of {@code record} and returns once a completed sync covers them.
     * Returns the record's log position (its file offset while the log has not recycled).
     */
    public long commit(ByteBuffer record, int length) {
        return log.commit(record, length, this);
    }

    /** Commits {@code length} bytes of a non-zero pattern (this committer's own buffer). */
    public long commit(int length) {
        if (pattern == null || pattern.capacity() < length) {
            pattern = AlignedBuffers.patterned(length, AlignedBuffers.DEFAULT_ALIGNMENT);
        }
        return log.commit(pattern, length, this);
    }

    public void reset() {
        commits = bytes = syncs = delays = 0;
    }
}
