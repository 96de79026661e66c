package io.durabench.workload.groupcommit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeCallException;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.DurabilityHistory.CommitEvent;
import io.durabench.workload.groupcommit.RecordingSyscalls.WriteEvent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import jnr.constants.platform.Errno;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The group-commit log on real files under target/ (the project's disk, not tmpfs), with a
 * recording Syscalls underneath: every commit's durability is checked against the syncs the kernel
 * actually completed, the file is read back, and the failure and shutdown paths are forced.
 * Every wait is bounded, so a bug fails a test instead of hanging the build.
 */
class GroupCommitLogTest {
    private static final long TIMEOUT_S = 60;
    private static final int[] RECORD_LENGTHS = {16, 128, 700, 4096, 5000, 8192};

    private final RecordingSyscalls sys = new RecordingSyscalls();
    private ExecutorService pool;
    private Path dir;

    @BeforeEach
    void setUp() throws IOException {
        dir = Files.createDirectories(Path.of("target", "test-data", "groupcommit")).toAbsolutePath();
        pool = Executors.newCachedThreadPool();
    }

    @AfterEach
    void tearDown() throws IOException {
        pool.shutdownNow();
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) Files.deleteIfExists(p);
        }
    }

    private GroupCommitConfig config(SyncMethod method, Preallocation prealloc, CommitMode mode, long delayMicros, int siblings) {
        return GroupCommitConfig.of(dir, method, prealloc, mode, delayMicros, siblings).withRegionBytes(16L << 20, 256 << 10);
    }

    @ParameterizedTest(name = "{0} {1} {2} delay={3}us")
    @CsvSource({
        "FDATASYNC, NONE,      GROUP, 0",
        "FDATASYNC, ZERO_FILL, GROUP, 0",
        "FDATASYNC, ZERO_FILL, GROUP, 100",
        "FSYNC,     NONE,      GROUP, 0",
        "FDATASYNC, NONE,      ALONE, 0",
        "FDATASYNC, ZERO_FILL, ALONE, 0",
    })
    void everyCommitReturnsOnlyAfterACompletedSyncCoversItAndNoRecordIsLostOrDuplicated(
            SyncMethod method, Preallocation prealloc, CommitMode mode, long delayMicros) throws Exception {
        int threads = 12;
        int perThread = 60;
        try (GroupCommitLog log = GroupCommitLog.open(sys, config(method, prealloc, mode, delayMicros, 1))) {
            List<Committed> committed = hammer(log, threads, perThread);
            assertEquals(threads * perThread, committed.size());

            int dataFd = dataFd(committed.get(0));
            List<CommitEvent> events = committed.stream().map(c -> new CommitEvent(c.offset, c.offset + c.length, c.returnedSeq)).toList();
            List<String> bad = DurabilityHistory.ownWriteViolations(sys.syncs(), sys.writes(), dataFd, events);
            assertTrue(bad.isEmpty(), bad.size() + " commits returned before a covering sync, e.g. " + bad.stream().limit(3).toList());
            if (mode == CommitMode.GROUP) {
                // A leader claims the gapless written prefix: check that stronger claim too.
                List<String> prefix = DurabilityHistory.prefixViolations(sys.syncs(), dataFd, events);
                assertTrue(prefix.isEmpty(), prefix.size() + " commits beyond the synced prefix, e.g. " + prefix.stream().limit(3).toList());
            }

            assertReadBack(log.path(), committed);

            GroupCommitCounters c = log.counters();
            long kernelSyncs = sys.syncs().stream().filter(s -> s.fd() == dataFd && s.succeeded()).count();
            assertEquals(committed.size(), c.commits());
            assertEquals(committed.stream().mapToLong(x -> x.length).sum(), c.bytes());
            assertEquals(kernelSyncs, c.syncs(), "the log counts exactly the syncs the kernel saw on its data fd");
            assertEquals(0, c.recycles());
            if (mode == CommitMode.ALONE) assertEquals(c.commits(), c.syncs());
            else assertTrue(c.syncs() <= c.commits());
        }
    }

    @Test
    void channelForceCommitsReadBackIntact() throws Exception {
        try (GroupCommitLog log = GroupCommitLog.open(sys, config(SyncMethod.CHANNEL_FORCE_DATA, Preallocation.ZERO_FILL, CommitMode.GROUP, 0, 1))) {
            List<Committed> committed = hammer(log, 8, 40);
            assertReadBack(log.path(), committed);
            assertEquals(320, log.counters().commits());
            assertTrue(log.counters().syncs() >= 1);
        }
    }

    @Test
    void oneSyncCoversEveryRecordWrittenWhileTheLeaderSynced() throws Exception {
        int committers = 8;
        try (GroupCommitLog log = GroupCommitLog.open(sys, config(SyncMethod.FDATASYNC, Preallocation.NONE, CommitMode.GROUP, 0, 1))) {
            CountDownLatch gate = new CountDownLatch(1);
            CountDownLatch entered = sys.holdNextSync(gate);
            List<Future<Long>> futures = startOneCommitEach(log, committers);
            awaitAllWrittenAndWaiting(log, entered, committers);
            gate.countDown();
            for (Future<Long> f : futures) f.get(TIMEOUT_S, TimeUnit.SECONDS);
            // The first leader's sync started before the others wrote; the next leader takes all of them.
            assertTrue(log.counters().syncs() <= 2, "syncs: " + log.counters().syncs());
            assertEquals(committers, log.counters().commits());
        }
    }

    @Test
    void aFailedSyncFailsEveryCommitWaitingOnItAndTheLogRefusesFurtherCommits() throws Exception {
        int committers = 8;
        try (GroupCommitLog log = GroupCommitLog.open(sys, config(SyncMethod.FDATASYNC, Preallocation.NONE, CommitMode.GROUP, 0, 1))) {
            CountDownLatch gate = new CountDownLatch(1);
            CountDownLatch entered = sys.holdNextSync(gate);
            sys.failNextSync(Errno.EIO.intValue());
            List<Future<Long>> futures = startOneCommitEach(log, committers);
            awaitAllWrittenAndWaiting(log, entered, committers);
            gate.countDown();

            int failed = 0;
            for (Future<Long> f : futures) {
                ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(TIMEOUT_S, TimeUnit.SECONDS),
                        "a commit returned success although the sync it waited on failed");
                CommitFailedException cfe = assertInstanceOf(CommitFailedException.class, e.getCause());
                assertTrue(cfe.getMessage().contains("EIO"), cfe.getMessage());
                failed++;
            }
            assertEquals(committers, failed);
            assertEquals(0, log.counters().commits());

            CommitFailedException later = assertThrows(CommitFailedException.class, () -> log.commit(record(99, 128), 128));
            assertTrue(later.getMessage().contains("refuses further commits") && later.getMessage().contains("fdatasync failed: EIO"),
                    later.getMessage());
            assertInstanceOf(NativeCallException.class, later.getCause());
        }
    }

    @Test
    void closeFailsWaitingCommitsAtOnceEvenWhileTheirSyncIsStuck() throws Exception {
        int committers = 8;
        GroupCommitLog log = GroupCommitLog.open(sys, config(SyncMethod.FDATASYNC, Preallocation.NONE, CommitMode.GROUP, 0, 1));
        CountDownLatch gate = new CountDownLatch(1);
        CountDownLatch entered = sys.holdNextSync(gate);
        List<Future<Long>> futures = startOneCommitEach(log, committers);
        awaitAllWrittenAndWaiting(log, entered, committers);

        Future<?> closing = pool.submit(log::close);
        // The followers fail while the leader's sync is still held at the gate: close does not wait for it to wake them.
        List<Future<Long>> pending = new ArrayList<>(futures);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
        while (pending.stream().filter(Future::isDone).count() < committers - 1 && System.nanoTime() < deadline) Thread.sleep(5);
        assertEquals(committers - 1, pending.stream().filter(Future::isDone).count(), "followers did not fail while the sync was stuck");
        for (Future<Long> f : pending) {
            if (!f.isDone()) continue;
            ExecutionException e = assertThrows(ExecutionException.class, f::get);
            CommitFailedException cfe = assertInstanceOf(CommitFailedException.class, e.getCause());
            assertTrue(cfe.getMessage().contains("closed"), cfe.getMessage());
        }
        // close itself waits for the sync in flight (never closes an fd under a running syscall).
        assertFalse(closing.isDone());
        gate.countDown();
        closing.get(TIMEOUT_S, TimeUnit.SECONDS);
        // The leader's own sync completed and covered it: that commit is durable and reports so.
        long succeeded = 0;
        for (Future<Long> f : futures) {
            try {
                f.get(TIMEOUT_S, TimeUnit.SECONDS);
                succeeded++;
            } catch (ExecutionException expected) {
                assertInstanceOf(CommitFailedException.class, expected.getCause());
            }
        }
        assertEquals(1, succeeded);
        CommitFailedException after = assertThrows(CommitFailedException.class, () -> log.commit(record(1, 64), 64));
        assertTrue(after.getMessage().contains("closed"), after.getMessage());
        assertFalse(Files.exists(log.path()), "close deletes the log file");
    }

    @Test
    void theLeaderWaitsCommitDelayOnlyWithEnoughSiblings() {
        int commits = 20;
        long delayMicros = 2000;
        try (GroupCommitLog alone = GroupCommitLog.open(sys, config(SyncMethod.FDATASYNC, Preallocation.NONE, CommitMode.GROUP, delayMicros, 1))) {
            Committer me = alone.newCommitter();
            for (int i = 0; i < commits; i++) me.commit(128);
            assertEquals(0, me.delays, "a single committer has no siblings: no delay");
        }
        try (GroupCommitLog log = GroupCommitLog.open(sys, config(SyncMethod.FDATASYNC, Preallocation.NONE, CommitMode.GROUP, delayMicros, 0))) {
            Committer me = log.newCommitter();
            long t0 = System.nanoTime();
            for (int i = 0; i < commits; i++) me.commit(128);
            long elapsedMicros = (System.nanoTime() - t0) / 1000;
            assertEquals(commits, me.delays, "commitSiblings=0: every leader delays");
            assertEquals(commits, me.syncs);
            assertTrue(elapsedMicros >= commits * delayMicros, "elapsed " + elapsedMicros + " us < " + commits + " delays");
        }
    }

    @ParameterizedTest
    @CsvSource({"GROUP, ZERO_FILL", "GROUP, NONE", "ALONE, ZERO_FILL"})
    void aUsedUpRegionStartsOverOnlyOnceEveryReservedRecordIsDurable(CommitMode mode, Preallocation prealloc) throws Exception {
        GroupCommitConfig small = GroupCommitConfig.of(dir, SyncMethod.FDATASYNC, prealloc, mode, 0, 1)
                .withRegionBytes(256 << 10, 64 << 10);
        try (GroupCommitLog log = GroupCommitLog.open(sys, small)) {
            List<Committed> committed = hammer(log, 8, 60);
            GroupCommitCounters c = log.counters();
            assertEquals(480, c.commits());
            assertTrue(c.recycles() >= 1, "recycles: " + c.recycles());
            assertTrue(Files.size(log.path()) <= 256 << 10);
            // Positions keep growing across recycles and never overlap.
            List<Committed> sorted = new ArrayList<>(committed);
            sorted.sort((a, b) -> Long.compare(a.offset, b.offset));
            for (int i = 1; i < sorted.size(); i++) assertEquals(sorted.get(i - 1).offset + sorted.get(i - 1).length, sorted.get(i).offset);
        }
    }

    @Test
    void rejectsMethodsWithoutASeparateSyncAndUnsupportedPreallocation() {
        IllegalArgumentException dsync = assertThrows(IllegalArgumentException.class,
                () -> GroupCommitConfig.of(dir, SyncMethod.O_DSYNC, Preallocation.NONE, CommitMode.GROUP, 0, 1));
        assertTrue(dsync.getMessage().contains("own flush") && dsync.getMessage().contains("FDATASYNC"), dsync.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> GroupCommitConfig.of(dir, SyncMethod.SYNC_FILE_RANGE, Preallocation.NONE, CommitMode.GROUP, 0, 1));
        assertTrue(none.getMessage().contains("not durable"), none.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> GroupCommitConfig.of(dir, SyncMethod.FDATASYNC, Preallocation.FALLOCATE, CommitMode.GROUP, 0, 1));
        assertThrows(IllegalArgumentException.class,
                () -> GroupCommitConfig.of(dir, SyncMethod.FDATASYNC, Preallocation.NONE, CommitMode.ALONE, 100, 1));
        try (GroupCommitLog log = GroupCommitLog.open(sys, config(SyncMethod.FDATASYNC, Preallocation.NONE, CommitMode.GROUP, 0, 1))) {
            assertThrows(IllegalArgumentException.class, () -> log.commit(record(1, 64), 0));
            assertThrows(IllegalArgumentException.class, () -> log.newCommitter().commit((16 << 20) + 1));
        }
    }

    // ---- helpers ----

    private record Committed(long id, long offset, int length, long returnedSeq) {
    }

    /** {@code threads} committers, {@code perThread} commits each of varying sizes; every record carries a unique id. */
    private List<Committed> hammer(GroupCommitLog log, int threads, int perThread) throws Exception {
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
                    mine.add(new Committed(id, offset, length, sys.clock.incrementAndGet()));
                }
                return mine;
            }));
        }
        start.countDown();
        List<Committed> all = new ArrayList<>();
        for (Future<List<Committed>> f : futures) all.addAll(f.get(TIMEOUT_S, TimeUnit.SECONDS));
        return all;
    }

    private List<Future<Long>> startOneCommitEach(GroupCommitLog log, int committers) {
        List<Future<Long>> futures = new ArrayList<>();
        for (int i = 0; i < committers; i++) {
            long id = i;
            futures.add(pool.submit(() -> log.commit(record(id, 512), 512)));
        }
        return futures;
    }

    /** Blocks until the first sync sits at the gate and every committer has written its record and waits. */
    private void awaitAllWrittenAndWaiting(GroupCommitLog log, CountDownLatch syncEntered, int committers) throws Exception {
        if (!syncEntered.await(TIMEOUT_S, TimeUnit.SECONDS)) throw new TimeoutException("no sync reached the gate");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
        while ((sys.writes().size() < committers || log.activeCommitters() < committers) && System.nanoTime() < deadline) Thread.sleep(2);
        assertEquals(committers, sys.writes().size());
        assertEquals(committers, log.activeCommitters());
    }

    private int dataFd(Committed first) {
        return sys.writes().stream().filter(w -> w.offset() == first.offset && w.length() == first.length)
                .map(WriteEvent::fd).findFirst().orElseThrow(() -> new AssertionError("no pwrite of the first record seen"));
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

    /** Reads the log from offset 0 and checks it holds exactly the committed records, each once, where commit said. */
    private static void assertReadBack(Path path, List<Committed> committed) throws IOException {
        long total = committed.stream().mapToLong(c -> c.length).sum();
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
        for (Committed c : committed) assertEquals(c.offset, offsetById.get(c.id), "record " + c.id + " not where its commit said");
    }
}
