package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.JnrSyscalls;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The loop times exactly its write and sync calls, one value per call, and only where the sync is a call of its own. */
class CallLatenciesTest {
    private static Path dir() throws Exception {
        return Files.createDirectories(Path.of("target", "test-data", "call-latencies")).toAbsolutePath();
    }

    @Test
    void oneWriteValuePerWriteAndOneSyncValuePerSyncCall() throws Exception {
        WorkloadConfig cfg = WorkloadConfig.of(dir(), SyncMethod.FDATASYNC, 4096, 3, Preallocation.NONE).withRegionBytes(64 << 10);
        CallLatencies l = new CallLatencies();
        try (DurableWriteLoop loop = DurableWriteLoop.open(JnrSyscalls.get(), cfg)) {
            assertTrue(loop.timeCalls(l));
            for (int i = 0; i < 20; i++) loop.writeOne(); // 16 blocks fill the region: the 17th syncs the pending one first
            loop.syncPending();
            assertEquals(20, l.writes().getTotalCount());
            assertEquals(loop.counters().syncCalls, l.syncs().getTotalCount(), "every sync call, the recycle's and the pending one's too");
            assertTrue(l.syncs().getMinValue() >= 1);
            loop.timeCalls(null);
            loop.writeOne();
            assertEquals(20, l.writes().getTotalCount(), "timing off: no more values");
        }
    }

    @Test
    void methodsWithoutASeparateSyncCallReadNoClock() throws Exception {
        for (SyncMethod m : new SyncMethod[] {SyncMethod.NONE, SyncMethod.O_DSYNC}) {
            CallLatencies l = new CallLatencies();
            try (DurableWriteLoop loop = DurableWriteLoop.open(JnrSyscalls.get(), WorkloadConfig.of(dir(), m, 4096, 1, Preallocation.NONE))) {
                assertFalse(loop.timeCalls(l), m.name());
                loop.writeOne();
                assertEquals(0, l.writes().getTotalCount() + l.syncs().getTotalCount(), m.name());
            }
        }
    }
}
