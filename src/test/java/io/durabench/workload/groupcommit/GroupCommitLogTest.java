package io.durabench.workload.groupcommit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.NativeCallException;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.Hammer.Committed;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import jnr.constants.platform.Errno;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The group-commit log's mechanics on real files under target/ (the project's disk, not tmpfs),
 * with a recording Syscalls underneath: shared syncs, failure and shutdown paths, the commit delay,
 * recycling, configuration. Whether every commit is durable is GroupCommitDurabilityTest's subject.
 * Every wait is bounded, so a bug fails a test instead of hanging the build, and a file left behind
 * fails the test (ScratchDir), so a leak cannot hide.
 */
class GroupCommitLogTest extends LogFixture {
    private static final long TIMEOUT_S = Hammer.TIMEOUT_S;

    private GroupCommitConfig config(SyncMethod method, Preallocation prealloc, CommitMode mode, long delayMicros, int siblings) {
        return GroupCommitConfig.of(dir(), method, prealloc, mode, delayMicros, siblings).withRegionBytes(16L << 20, 256 << 10);
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
            assertFalse(Files.exists(log.path()), "the failed log closed itself and deleted its file before the commits threw");

            CommitFailedException later = assertThrows(CommitFailedException.class, () -> log.commit(Hammer.record(99, 128), 128));
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
        CommitFailedException after = assertThrows(CommitFailedException.class, () -> log.commit(Hammer.record(1, 64), 64));
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
        GroupCommitConfig small = GroupCommitConfig.of(dir(), SyncMethod.FDATASYNC, prealloc, mode, 0, 1)
                .withRegionBytes(256 << 10, 64 << 10);
        try (GroupCommitLog log = GroupCommitLog.open(sys, small)) {
            List<Committed> committed = Hammer.hammer(pool, sys, log, 8, 60);
            GroupCommitCounters c = log.counters();
            assertEquals(480, c.commits());
            assertTrue(c.recycles() >= 1, "recycles: " + c.recycles());
            assertTrue(Files.size(log.path()) <= 256 << 10);
            // Positions keep growing across recycles and never overlap.
            List<Committed> sorted = new ArrayList<>(committed);
            sorted.sort((a, b) -> Long.compare(a.offset(), b.offset()));
            for (int i = 1; i < sorted.size(); i++) assertEquals(sorted.get(i - 1).offset() + sorted.get(i - 1).length(), sorted.get(i).offset());
        }
    }

    @Test
    void rejectsMethodsWithoutASeparateSyncAndUnsupportedPreallocation() {
        IllegalArgumentException dsync = assertThrows(IllegalArgumentException.class,
                () -> GroupCommitConfig.of(dir(), SyncMethod.O_DSYNC, Preallocation.NONE, CommitMode.GROUP, 0, 1));
        assertTrue(dsync.getMessage().contains("own flush") && dsync.getMessage().contains("FDATASYNC"), dsync.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> GroupCommitConfig.of(dir(), SyncMethod.SYNC_FILE_RANGE, Preallocation.NONE, CommitMode.GROUP, 0, 1));
        assertTrue(none.getMessage().contains("not durable"), none.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> GroupCommitConfig.of(dir(), SyncMethod.FDATASYNC, Preallocation.FALLOCATE, CommitMode.GROUP, 0, 1));
        assertThrows(IllegalArgumentException.class,
                () -> GroupCommitConfig.of(dir(), SyncMethod.FDATASYNC, Preallocation.NONE, CommitMode.ALONE, 100, 1));
        try (GroupCommitLog log = GroupCommitLog.open(sys, config(SyncMethod.FDATASYNC, Preallocation.NONE, CommitMode.GROUP, 0, 1))) {
            assertThrows(IllegalArgumentException.class, () -> log.commit(Hammer.record(1, 64), 0));
            assertThrows(IllegalArgumentException.class, () -> log.newCommitter().commit((16 << 20) + 1));
        }
    }

    // ---- helpers ----

    private List<Future<Long>> startOneCommitEach(GroupCommitLog log, int committers) {
        List<Future<Long>> futures = new ArrayList<>();
        for (int i = 0; i < committers; i++) {
            long id = i;
            futures.add(pool.submit(() -> log.commit(Hammer.record(id, 512), 512)));
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
}
