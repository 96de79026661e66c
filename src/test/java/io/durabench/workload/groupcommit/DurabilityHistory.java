package io.durabench.workload.groupcommit;

import io.durabench.workload.groupcommit.RecordingSyscalls.SyncEvent;
import io.durabench.workload.groupcommit.RecordingSyscalls.WriteEvent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Checks the one promise of a commit against what the kernel saw, two ways:
 * <ul>
 * <li>{@link #prefixViolations}: the group-commit claim. A commit of [offset, end) may return only
 *     after a sync on the log's data fd completed that had, when it started, every byte below
 *     {@code end} written (a leader syncs the gapless prefix).</li>
 * <li>{@link #ownWriteViolations}: the physical minimum, which also holds without group commit. A
 *     sync on the data fd started after the record's own pwrite returned, and completed before the
 *     commit returned (an fdatasync flushes every page written before it started, gap or not).</li>
 * </ul>
 */
final class DurabilityHistory {
    record CommitEvent(long offset, long end, long returnedSeq) {
    }

    private DurabilityHistory() {
    }

    /** Descriptions of every commit that returned without a completed covering sync; empty when all are durable. */
    static List<String> prefixViolations(List<SyncEvent> syncs, int dataFd, List<CommitEvent> commits) {
        List<SyncEvent> done = syncs.stream().filter(s -> s.fd() == dataFd && s.succeeded())
                .sorted(Comparator.comparingLong(SyncEvent::completedSeq)).toList();
        long[] seq = new long[done.size()];
        long[] bestCover = new long[done.size()];
        long best = 0;
        for (int i = 0; i < done.size(); i++) {
            seq[i] = done.get(i).completedSeq();
            best = Math.max(best, done.get(i).coveredAtStart());
            bestCover[i] = best;
        }
        List<String> bad = new ArrayList<>();
        for (CommitEvent c : commits) {
            // The last sync that completed before the commit returned, and the most any such sync covered.
            int i = lastBefore(seq, c.returnedSeq());
            long covered = i < 0 ? 0 : bestCover[i];
            if (covered < c.end()) {
                bad.add("commit [" + c.offset() + ", " + c.end() + ") returned at " + c.returnedSeq()
                        + " but completed syncs by then covered only " + covered + " bytes");
            }
        }
        return bad;
    }

    /** Descriptions of every commit not covered by a sync that started after its own pwrite; empty when all are durable. */
    static List<String> ownWriteViolations(List<SyncEvent> syncs, List<WriteEvent> writes, int dataFd, List<CommitEvent> commits) {
        List<SyncEvent> done = syncs.stream().filter(s -> s.fd() == dataFd && s.succeeded())
                .sorted(Comparator.comparingLong(SyncEvent::startedSeq)).toList();
        long[] started = new long[done.size()];
        long[] earliestCompletionFromHere = new long[done.size() + 1];
        earliestCompletionFromHere[done.size()] = Long.MAX_VALUE;
        for (int i = done.size() - 1; i >= 0; i--) {
            started[i] = done.get(i).startedSeq();
            earliestCompletionFromHere[i] = Math.min(earliestCompletionFromHere[i + 1], done.get(i).completedSeq());
        }
        java.util.Map<Long, WriteEvent> writeAt = new java.util.HashMap<>();
        for (WriteEvent w : writes) if (w.fd() == dataFd) writeAt.put(w.offset(), w);
        List<String> bad = new ArrayList<>();
        for (CommitEvent c : commits) {
            WriteEvent w = writeAt.get(c.offset());
            if (w == null || w.offset() + w.length() != c.end()) {
                bad.add("commit [" + c.offset() + ", " + c.end() + ") has no matching pwrite on the data fd");
                continue;
            }
            int first = lastBefore(started, w.completedSeq() + 1) + 1; // first sync started after the write returned
            if (earliestCompletionFromHere[first] >= c.returnedSeq()) {
                bad.add("commit [" + c.offset() + ", " + c.end() + ") returned at " + c.returnedSeq()
                        + " with no completed sync started after its pwrite (returned at " + w.completedSeq() + ")");
            }
        }
        return bad;
    }

    private static int lastBefore(long[] sorted, long value) {
        int lo = 0, hi = sorted.length - 1, found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < value) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }
}
