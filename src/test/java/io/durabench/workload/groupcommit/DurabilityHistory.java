package io.durabench.workload.groupcommit;

import io.durabench.workload.groupcommit.RecordingSyscalls.SyncEvent;
import io.durabench.workload.groupcommit.RecordingSyscalls.WriteEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks the one promise of a commit against what the kernel (or, for a JDK data path, the data
 * path itself) saw, two ways:
 * <ul>
 * <li>{@link #prefixViolations}: the group-commit claim. A commit of file range [offset, end) may
 *     return only after a sync on the log's data fd completed that had, when it started, every byte
 *     below {@code end} written (a leader syncs the gapless prefix).</li>
 * <li>{@link #ownWriteViolations}: the physical minimum, which also holds without group commit. A
 *     sync on the data fd started after the record's own pwrite returned, and completed before the
 *     commit returned (an fdatasync flushes every page written before it started, gap or not).</li>
 * </ul>
 * Both hold within one <b>epoch</b> of the file: the log recycles by truncating it to zero, after
 * which offsets start over, so a write and a sync only meet when they belong to the same epoch (a
 * sync of a later epoch never makes an earlier record durable: it was truncated away).
 *
 * <p>Commits are matched to their record's pwrite by thread: each commit makes exactly one write
 * on the data fd, from the committing thread, so a thread's n-th commit is its n-th data write.
 */
final class DurabilityHistory {
    /** One commit as the kernel placed it: the epoch and file range of its write, when that write returned, when the commit returned. */
    record CommitEvent(int epoch, long offset, long end, long writtenSeq, long returnedSeq) {
        @Override
        public String toString() {
            return "commit [" + offset + ", " + end + ") of epoch " + epoch + " written at " + writtenSeq + ", returned at " + returnedSeq;
        }
    }

    /** A commit as the committing thread saw it: its thread, record length, and when it returned. */
    record Returned(long thread, long length, long returnedSeq) {
    }

    private DurabilityHistory() {
    }

    /**
     * Places each returned commit on its write: per thread, in order. {@code returned} must list each
     * thread's commits in the order they returned. Throws when a thread's writes and commits disagree.
     */
    static List<CommitEvent> place(List<WriteEvent> writes, int dataFd, List<Returned> returned) {
        Map<Long, Deque<WriteEvent>> byThread = new HashMap<>();
        writes.stream().filter(w -> w.fd() == dataFd).sorted(Comparator.comparingLong(WriteEvent::completedSeq))
                .forEach(w -> byThread.computeIfAbsent(w.thread(), t -> new ArrayDeque<>()).add(w));
        List<CommitEvent> placed = new ArrayList<>();
        for (Returned r : returned) {
            Deque<WriteEvent> mine = byThread.get(r.thread());
            WriteEvent w = mine == null ? null : mine.poll();
            if (w == null || w.length() != r.length()) {
                throw new AssertionError("thread " + r.thread() + ": a commit of " + r.length() + " bytes has no matching data write (next: " + w + ")");
            }
            placed.add(new CommitEvent(w.epoch(), w.offset(), w.offset() + w.length(), w.completedSeq(), r.returnedSeq()));
        }
        return placed;
    }

    /** Descriptions of every commit that returned without a completed covering sync of its epoch; empty when all are durable. */
    static List<String> prefixViolations(List<SyncEvent> syncs, int dataFd, List<CommitEvent> commits) {
        Map<Integer, List<SyncEvent>> byEpoch = doneByEpoch(syncs, dataFd, Comparator.comparingLong(SyncEvent::completedSeq));
        List<String> bad = new ArrayList<>();
        for (CommitEvent c : commits) {
            List<SyncEvent> done = byEpoch.getOrDefault(c.epoch(), List.of());
            long covered = 0;
            for (SyncEvent s : done) {
                if (s.completedSeq() >= c.returnedSeq()) break;
                covered = Math.max(covered, s.coveredAtStart());
            }
            if (covered < c.end()) bad.add(c + " but completed syncs of its epoch by then covered only " + covered + " bytes");
        }
        return bad;
    }

    /** Descriptions of every commit not covered by a sync of its epoch started after its own pwrite returned; empty when all are durable. */
    static List<String> ownWriteViolations(List<SyncEvent> syncs, int dataFd, List<CommitEvent> commits) {
        Map<Integer, List<SyncEvent>> byEpoch = doneByEpoch(syncs, dataFd, Comparator.comparingLong(SyncEvent::startedSeq));
        List<String> bad = new ArrayList<>();
        for (CommitEvent c : commits) {
            boolean covered = byEpoch.getOrDefault(c.epoch(), List.of()).stream()
                    .anyMatch(s -> s.startedSeq() > c.writtenSeq() && s.completedSeq() < c.returnedSeq());
            if (!covered) bad.add(c + " with no completed sync of its epoch started after its pwrite");
        }
        return bad;
    }

    private static Map<Integer, List<SyncEvent>> doneByEpoch(List<SyncEvent> syncs, int dataFd, Comparator<SyncEvent> order) {
        Map<Integer, List<SyncEvent>> byEpoch = new HashMap<>();
        syncs.stream().filter(s -> s.fd() == dataFd && s.succeeded()).sorted(order)
                .forEach(s -> byEpoch.computeIfAbsent(s.epoch(), e -> new ArrayList<>()).add(s));
        return byEpoch;
    }
}
