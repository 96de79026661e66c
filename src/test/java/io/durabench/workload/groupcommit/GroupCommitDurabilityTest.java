package io.durabench.workload.groupcommit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.workload.LogFile;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.GroupCommitLog.Publication;
import io.durabench.workload.groupcommit.Hammer.Committed;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every commit returns only after a completed sync covers it, checked against what the kernel saw
 * (DurabilityHistory): for the native syncs and the JDK's FileChannel.force (recorded at the data
 * path, which no Syscalls sees), with and without recycles of the region, and the checker is shown
 * to catch a log that is broken on purpose. On target/, so a sync takes as long as a flush does.
 */
class GroupCommitDurabilityTest extends LogFixture {
    private static final long SMALL_REGION = 256 << 10;
    private static final long LARGE_REGION = 16L << 20;

    @ParameterizedTest(name = "{0} {1} {2} delay={3}us region={4}")
    @CsvSource({
        "FDATASYNC,          NONE,      GROUP, 0,   LARGE",
        "FDATASYNC,          ZERO_FILL, GROUP, 0,   LARGE",
        "FDATASYNC,          ZERO_FILL, GROUP, 100, LARGE",
        "FSYNC,              NONE,      GROUP, 0,   LARGE",
        "FDATASYNC,          NONE,      ALONE, 0,   LARGE",
        "FDATASYNC,          ZERO_FILL, ALONE, 0,   LARGE",
        "FDATASYNC,          ZERO_FILL, GROUP, 0,   SMALL",
        "FSYNC,              NONE,      GROUP, 0,   SMALL",
        "FDATASYNC,          NONE,      ALONE, 0,   SMALL",
        "CHANNEL_FORCE_DATA, ZERO_FILL, GROUP, 0,   LARGE",
        "CHANNEL_FORCE_ALL,  NONE,      GROUP, 0,   LARGE",
        "CHANNEL_FORCE_DATA, NONE,      ALONE, 0,   LARGE",
        "CHANNEL_FORCE_DATA, ZERO_FILL, GROUP, 0,   SMALL",
        "CHANNEL_FORCE_ALL,  NONE,      GROUP, 0,   SMALL",
    })
    void everyCommitReturnsOnlyAfterACompletedSyncOfItsEpochCoversIt(SyncMethod method, Preallocation prealloc, CommitMode mode,
                                                                     long delayMicros, String region) throws Exception {
        boolean recycles = region.equals("SMALL");
        GroupCommitConfig cfg = GroupCommitConfig.of(dir(), method, prealloc, mode, delayMicros, 1)
                .withRegionBytes(recycles ? SMALL_REGION : LARGE_REGION, 64 << 10);
        try (GroupCommitLog log = open(cfg, Publication.AFTER_SYNC)) {
            List<Committed> committed = Hammer.hammer(pool, sys, log, 12, 60);
            assertEquals(720, committed.size());
            int dataFd = Hammer.dataFd(sys, committed.get(0));

            List<String> bad = Hammer.violations(sys, dataFd, committed, mode == CommitMode.GROUP);
            assertTrue(bad.isEmpty(), bad.size() + " commits returned before a covering sync, e.g. " + bad.stream().limit(3).toList());

            GroupCommitCounters c = log.counters();
            long syncsSeen = sys.syncs().stream().filter(s -> s.fd() == dataFd && s.succeeded()).count();
            assertEquals(committed.size(), c.commits());
            assertEquals(committed.stream().mapToLong(Committed::length).sum(), c.bytes());
            assertEquals(syncsSeen, c.syncs(), "the log counts exactly the syncs its data path completed");
            if (mode == CommitMode.ALONE) assertEquals(c.commits(), c.syncs());
            else assertTrue(c.syncs() <= c.commits());
            if (recycles) {
                assertTrue(c.recycles() >= 2, "recycles: " + c.recycles());
                assertTrue(sys.syncs().stream().mapToInt(RecordingSyscalls.SyncEvent::epoch).max().orElse(0) >= 2,
                        "syncs were checked in several epochs of the file");
            } else {
                assertEquals(0, c.recycles());
                Hammer.assertReadBack(log.path(), committed);
            }
        }
    }

    /** The mutation check: a log that lets followers go before the leader's sync has completed must fail the same stress test. */
    @ParameterizedTest
    @CsvSource({"FDATASYNC, LARGE", "CHANNEL_FORCE_DATA, SMALL"})
    void aLogThatReleasesCommitsBeforeTheirSyncCompletesIsCaught(SyncMethod method, String region) throws Exception {
        GroupCommitConfig cfg = GroupCommitConfig.of(dir(), method, Preallocation.NONE, CommitMode.GROUP, 0, 1)
                .withRegionBytes(region.equals("SMALL") ? SMALL_REGION : LARGE_REGION, 64 << 10);
        try (GroupCommitLog broken = open(cfg, Publication.BEFORE_SYNC)) {
            List<Committed> committed = Hammer.hammer(pool, sys, broken, 12, 60);
            List<String> bad = Hammer.violations(sys, Hammer.dataFd(sys, committed.get(0)), committed, true);
            assertFalse(bad.isEmpty(), "the checker missed a log that releases commits before their sync completes");
        }
    }

    /**
     * The same mutation, deterministically: two followers write while the first leader's sync is
     * held; the next leader's sync covers both and is held too. A correct log keeps the other
     * follower waiting for it; the broken one lets it go while nothing of its record is durable.
     */
    @Test
    void aBrokenLogReleasesAFollowerWhileTheSyncCoveringItIsStillHeld() throws Exception {
        GroupCommitConfig cfg = GroupCommitConfig.of(dir(), SyncMethod.FDATASYNC, Preallocation.NONE, CommitMode.GROUP, 0, 1)
                .withRegionBytes(LARGE_REGION, 64 << 10);
        for (Publication publication : Publication.values()) {
            try (GroupCommitLog log = open(cfg, publication)) {
                int writesBefore = sys.writes().size();
                CountDownLatch firstGate = new CountDownLatch(1);
                CountDownLatch firstEntered = sys.holdNextSync(firstGate);
                Future<Long> first = pool.submit(() -> log.commit(Hammer.record(1, 512), 512));
                assertTrue(firstEntered.await(Hammer.TIMEOUT_S, TimeUnit.SECONDS), "the first sync never started");
                List<Future<Long>> followers = List.of(pool.submit(() -> log.commit(Hammer.record(2, 512), 512)),
                        pool.submit(() -> log.commit(Hammer.record(3, 512), 512)));
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Hammer.TIMEOUT_S);
                while ((sys.writes().size() < writesBefore + 3 || log.activeCommitters() < 3) && System.nanoTime() < deadline) Thread.sleep(2);
                CountDownLatch secondGate = new CountDownLatch(1);
                CountDownLatch secondEntered = sys.holdNextSync(secondGate);
                firstGate.countDown();
                first.get(Hammer.TIMEOUT_S, TimeUnit.SECONDS);
                assertTrue(secondEntered.await(Hammer.TIMEOUT_S, TimeUnit.SECONDS), "the second sync never started");
                Thread.sleep(200); // time for a released follower to return
                long returned = followers.stream().filter(Future::isDone).count();
                secondGate.countDown();
                for (Future<Long> f : followers) f.get(Hammer.TIMEOUT_S, TimeUnit.SECONDS);
                assertEquals(publication == Publication.BEFORE_SYNC ? 1 : 0, returned,
                        publication + ": followers that returned while the sync covering them was held");
            }
        }
    }

    private GroupCommitLog open(GroupCommitConfig cfg, Publication publication) {
        boolean jdkPath = cfg.method().api() != SyncMethod.Api.NATIVE;
        BiFunction<Path, LogFile, LogFile> view = jdkPath ? sys::recording : (path, data) -> data;
        return GroupCommitLog.open(sys, cfg, view, publication);
    }
}
