package io.durabench.workload.groupcommit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.workload.groupcommit.DurabilityHistory.CommitEvent;
import io.durabench.workload.groupcommit.DurabilityHistory.Returned;
import io.durabench.workload.groupcommit.RecordingSyscalls.WriteEvent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Concurrent committers on one log, for the group-commit tests: each commit carries a unique,
 * self-describing record, and when it returned is stamped on the recording's clock, so the commit
 * can be checked against the syncs the kernel (or the JDK data path) completed.
 */
final class Hammer {
    static final long TIMEOUT_S = 60;
    private static final int[] RECORD_LENGTHS = {16, 128, 700, 4096, 5000, 8192};

    /** One commit that returned: its record's id, its log position, length, when it returned, and its thread. */
    record Committed(long id, long offset, int length, long returnedSeq, long thread) {
    }

    private Hammer() {
    }

    /** {@code threads} committers, {@code perThread} commits each of varying sizes; every record carries a unique id. */
    static List<Committed> hammer(ExecutorService pool, RecordingSyscalls sys, GroupCommitLog log, int threads, int perThread) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<List<Committed>>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            futures.add(pool.submit(() -> {
                Committer me = log.newCommitter();
                List<Committed> mine = new ArrayList<>();
                start.await();
                for (int i = 0; i < perThread; i++) {
                    long id = thread * 1_000_000L + i;
                    int length = RECORD_LENGTHS[(thread + i) % RECORD_LENGTHS.length];
                    long offset = me.commit(record(id, length), length);
                    mine.add(new Committed(id, offset, length, sys.clock.incrementAndGet(), Thread.currentThread().getId()));
                }
                return mine;
            }));
        }
        start.countDown();
        List<Committed> all = new ArrayList<>();
        for (Future<List<Committed>> f : futures) all.addAll(f.get(TIMEOUT_S, TimeUnit.SECONDS));
        return all;
    }

    /** Every commit checked against the recorded syncs: both criteria, the prefix one only where a leader claims a prefix (GROUP). */
    static List<String> violations(RecordingSyscalls sys, int dataFd, List<Committed> committed, boolean group) {
        List<Returned> returned = committed.stream().map(c -> new Returned(c.thread(), c.length(), c.returnedSeq())).toList();
        List<CommitEvent> events = DurabilityHistory.place(sys.writes(), dataFd, returned);
        List<String> bad = new ArrayList<>(DurabilityHistory.ownWriteViolations(sys.syncs(), dataFd, events));
        if (group) bad.addAll(DurabilityHistory.prefixViolations(sys.syncs(), dataFd, events));
        return bad;
    }

    /** The descriptor the first commit's record was written through (a real fd, or a recorded JDK path's number). */
    static int dataFd(RecordingSyscalls sys, Committed first) {
        return sys.writes().stream().filter(w -> w.thread() == first.thread() && w.length() == first.length())
                .map(WriteEvent::fd).findFirst().orElseThrow(() -> new AssertionError("no write of the first record seen"));
    }

    /** A record: its id, its length, then bytes derived from both, so a torn or misplaced record shows. */
    static ByteBuffer record(long id, int length) {
        ByteBuffer b = AlignedBuffers.allocate(length, AlignedBuffers.DEFAULT_ALIGNMENT);
        b.putLong(0, id);
        b.putInt(8, length);
        for (int i = 12; i < length; i++) b.put(i, fill(id, i));
        return b;
    }

    private static byte fill(long id, int i) {
        return (byte) (id * 31 + i);
    }

    /** Reads the log from offset 0 and checks it holds exactly the committed records, each once, where commit said (no recycle). */
    static void assertReadBack(Path path, List<Committed> committed) throws IOException {
        long total = committed.stream().mapToLong(Committed::length).sum();
        ByteBuffer file = ByteBuffer.allocate((int) total);
        try (FileChannel ch = FileChannel.open(path)) {
            while (file.hasRemaining() && ch.read(file, file.position()) > 0) { }
        }
        assertEquals(total, file.position(), "file shorter than the committed records");
        Map<Long, Long> offsetById = new HashMap<>();
        int pos = 0;
        while (pos < total) {
            long id = file.getLong(pos);
            int length = file.getInt(pos + 8);
            assertTrue(length >= 16 && pos + length <= total, "bad record length " + length + " at " + pos);
            for (int i = 12; i < length; i++) assertEquals(fill(id, i), file.get(pos + i), "record " + id + " corrupt at byte " + i);
            assertEquals(null, offsetById.put(id, (long) pos), "record " + id + " found twice");
            pos += length;
        }
        assertEquals(committed.size(), offsetById.size(), "records in file vs committed");
        for (Committed c : committed) assertEquals(c.offset(), offsetById.get(c.id()), "record " + c.id() + " not where its commit said");
    }
}
