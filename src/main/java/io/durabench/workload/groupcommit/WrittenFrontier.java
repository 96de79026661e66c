package io.durabench.workload.groupcommit;

import java.util.TreeMap;

/**
 * How far the log is written without a gap. Records are reserved in order but their pwrites may
 * finish out of order; a sync may only claim to cover the prefix whose every pwrite has returned,
 * so completions past a gap wait here until the gap closes. Not thread-safe: used under the log's lock.
 */
final class WrittenFrontier {
    /** start -> end of completed records beyond the frontier. */
    private final TreeMap<Long, Long> pending = new TreeMap<>();
    private long frontier;

    WrittenFrontier(long start) {
        this.frontier = start;
    }

    /** Every byte before this position has been written (its pwrite returned). */
    long position() {
        return frontier;
    }

    /** Records that [start, end) was written; advances the frontier over every closed gap. */
    void completed(long start, long end) {
        if (start < frontier || pending.containsKey(start)) {
            throw new IllegalStateException("record [" + start + ", " + end + ") completed twice or below the frontier " + frontier);
        }
        if (start != frontier) {
            pending.put(start, end);
            return;
        }
        frontier = end;
        Long next;
        while ((next = pending.remove(frontier)) != null) frontier = next;
    }

    /** Completed records still waiting for an earlier one. */
    int pendingCount() {
        return pending.size();
    }
}
