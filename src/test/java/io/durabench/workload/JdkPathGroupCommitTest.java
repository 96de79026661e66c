package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.jdkio.InjectingJdkCalls;
import io.durabench.jdkio.JdkCall;
import io.durabench.jdkio.JdkCallsOnSyscalls;
import io.durabench.nativeio.AlignedBuffers;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.workload.groupcommit.CommitMode;
import io.durabench.workload.groupcommit.Committer;
import io.durabench.workload.groupcommit.GroupCommitConfig;
import io.durabench.workload.groupcommit.GroupCommitCounters;
import io.durabench.workload.groupcommit.GroupCommitLog;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The groupable JDK paths under concurrent committers: records written out of order by many threads
 * land whole where their commits said (a FileOutputStream has one file position, moved when the next
 * record is not where the last one ended), and the JDK's sync calls are the syncs the log counts. The
 * log's durability ordering itself is GroupCommitLog's and is checked there.
 */
class JdkPathGroupCommitTest {
    private static final int THREADS = 8;
    private static final int PER_THREAD = 40;
    private static final int RECORD = 1000;

    @ParameterizedTest
    @EnumSource(value = SyncMethod.class, names = {"STREAM_FD_SYNC", "CHANNEL_FORCE_DATA", "CHANNEL_FORCE_ALL"})
    void concurrentCommitsLandWholeWhereTheyWereReserved(SyncMethod method) throws Exception {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            InjectingJdkCalls jdk = InjectingJdkCalls.recording();
            GroupCommitConfig cfg = GroupCommitConfig.of(dir.path(), method, Preallocation.NONE, CommitMode.GROUP, 0, 1)
                    .withRegionBytes(16L << 20, 256 << 10);
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try (GroupCommitLog log = GroupCommitLog.open(new JdkCallsOnSyscalls(jdk), cfg)) {
                List<Future<long[]>> done = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    byte mark = (byte) ('A' + t);
                    done.add(pool.submit(() -> {
                        ByteBuffer record = AlignedBuffers.allocate(RECORD, AlignedBuffers.DEFAULT_ALIGNMENT);
                        for (int i = 0; i < RECORD; i++) record.put(i, mark);
                        Committer c = log.newCommitter();
                        long[] at = new long[PER_THREAD];
                        for (int i = 0; i < PER_THREAD; i++) at[i] = c.commit(record, RECORD);
                        return at;
                    }));
                }
                byte[] content = null;
                List<long[]> positions = new ArrayList<>();
                for (Future<long[]> f : done) positions.add(f.get());
                content = Files.readAllBytes(log.path());
                assertEquals((long) THREADS * PER_THREAD * RECORD, content.length, "every record, no gap, nothing twice");
                for (int t = 0; t < THREADS; t++) {
                    for (long start : positions.get(t)) {
                        for (int i = 0; i < RECORD; i++) {
                            assertEquals('A' + t, content[(int) start + i], method + ": record of committer " + t + " at " + start);
                        }
                    }
                }
                GroupCommitCounters counters = log.counters();
                assertEquals(THREADS * PER_THREAD, counters.commits());
                JdkCall sync = method == SyncMethod.STREAM_FD_SYNC ? JdkCall.FD_SYNC : JdkCall.CHANNEL_FORCE;
                assertEquals(counters.syncs(), jdk.count(sync), "the log's syncs are the JDK's sync calls");
                assertTrue(counters.syncs() <= counters.commits());
            } finally {
                pool.shutdownNow();
            }
            assertEquals(List.of(), dir.listing());
        }
    }
}
