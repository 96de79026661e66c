package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.CountingSyscalls;
import io.durabench.nativeio.CountingSyscalls.Call;
import io.durabench.nativeio.CountingSyscalls.Event;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * When the region is used up in the middle of a batch, the writes of that batch are synced before
 * the file is truncated under them (found by the syscall witness: recycle() used to drop the
 * pending batch, so a region that is not a multiple of writesPerSync gave fewer syncs per write
 * than 1/writesPerSync, and those writes were never made durable). The extra sync is counted.
 */
class RecycleSyncsPendingBatchTest {
    private static final int BLOCK = 4096;
    /** Ten blocks, one sync per three writes: every region ends with one write pending. */
    private static final long REGION = 10L * BLOCK;
    private static final int BATCH = 3;
    private static final int WRITES = 25;

    @ParameterizedTest
    @EnumSource(value = SyncMethod.class, names = {"FSYNC", "FDATASYNC", "SYNC_FILE_RANGE"})
    void theKernelSeesEveryWriteSyncedBeforeTheTruncateThatStartsTheRegionOver(SyncMethod method) {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            CountingSyscalls sys = new CountingSyscalls();
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, config(dir, method))) {
                LoopFds fds = LoopFds.of(sys, loop);
                for (int i = 0; i < WRITES; i++) loop.writeOne();

                long unsynced = 0;
                long syncs = 0;
                int truncates = 0;
                for (Event e : sys.events()) {
                    if (e.openSeq() == fds.data().seq() && e.call() == Call.PWRITE) unsynced++;
                    if (e.openSeq() == fds.data().seq() && isSync(e.call())) {
                        syncs++;
                        unsynced = 0;
                        if (e.call() == Call.SYNC_FILE_RANGE) assertTrue(e.length() > 0, "the range covers the pending writes: " + e);
                    }
                    if (e.openSeq() == fds.control().seq() && e.call() == Call.FTRUNCATE && e.length() == 0) {
                        truncates++;
                        assertEquals(0, unsynced, "writes truncated before any sync covered them, at " + e);
                    }
                }
                assertEquals(2, truncates, "25 writes in regions of 10: two recycles");
                assertEquals(expectedSyncs(), syncs);
                assertEquals(syncs, loop.counters().syncCalls, "every sync is counted, the recycle's too");
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    /** The JDK paths wrap or recycle the same way; what the counters say is the check there (no Syscalls sees force/msync). */
    @ParameterizedTest
    @EnumSource(value = SyncMethod.class, names = {"CHANNEL_FORCE_DATA", "MMAP_FORCE"})
    void theJdkPathsCountTheRecyclesSyncToo(SyncMethod method) {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            try (DurableWriteLoop loop = DurableWriteLoop.open(new CountingSyscalls(), config(dir, method))) {
                for (int i = 0; i < WRITES; i++) loop.writeOne();
                assertEquals(2, loop.counters().recycles);
                assertEquals(expectedSyncs(), loop.counters().syncCalls);
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    /** Per full region of 10: syncs after writes 3, 6, 9 and the recycle's for write 10; then 21-25: after 23. Without the fix, 7. */
    private static long expectedSyncs() {
        return 4 + 4 + 1;
    }

    private static WorkloadConfig config(ScratchDir dir, SyncMethod method) {
        return WorkloadConfig.of(dir.path(), method, BLOCK, BATCH, Preallocation.NONE).withRegionBytes(REGION);
    }

    private static boolean isSync(Call c) {
        return c == Call.FSYNC || c == Call.FDATASYNC || c == Call.SYNC_FILE_RANGE;
    }
}
