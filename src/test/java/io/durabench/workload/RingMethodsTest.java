package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeLayers;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * PWRITEV2_DSYNC and the io_uring methods on a real file through this JVM's native layer (jnr on JDK
 * 17, java.lang.foreign on 22+): what reaches the file, byte for byte, and what the loop counts. A batch
 * of N is one io_uring_enter; at the region's end the incomplete batch is submitted before the truncate.
 */
class RingMethodsTest {
    private static final int BLOCK = 4096;
    /** 40 blocks: a batch of 10 recycles cleanly, a batch of 7 leaves 5 writes to submit at the recycle. */
    private static final long REGION = 40L * BLOCK;

    @ParameterizedTest
    @CsvSource({"PWRITEV2_DSYNC, 1", "URING_FDATASYNC, 1", "URING_FDATASYNC, 10", "URING_FDATASYNC, 7", "URING_DSYNC, 1",
            "URING_DSYNC, 10", "URING_DSYNC, 7"})
    void everyBlockReachesTheFileAndEachBatchIsOneEnter(SyncMethod method, int writesPerSync) {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            WorkloadConfig cfg = WorkloadConfig.of(dir.path(), method, BLOCK, writesPerSync, Preallocation.NONE).withRegionBytes(REGION);
            try (DurableWriteLoop loop = DurableWriteLoop.open(NativeLayers.current(), cfg)) {
                int writes = 35;
                for (int i = 0; i < writes; i++) loop.writeOne();
                int batches = writes / writesPerSync;
                WriteCounters c = loop.counters();
                assertEquals(writes, c.writes);
                boolean ring = method.throughRing();
                assertEquals(ring ? batches : 0, c.ringEnters, "one io_uring_enter per batch of " + writesPerSync);
                assertEquals(method.hasExplicitSync() ? batches : 0, c.syncCalls);
                assertEquals(method.hasExplicitSync() ? 0 : ring ? batches * writesPerSync : writes, c.syncedWrites,
                        "RWF_DSYNC writes count as synchronous when their batch completes");
                assertEquals(writes % writesPerSync == 0, loop.atDurablePoint(), "durable only when no write waits in the ring");
                loop.syncPending();
                assertTrue(loop.atDurablePoint());
                assertEquals(writes * BLOCK, Files.size(loop.path()));
                assertArrayEquals(expected(writes), Files.readAllBytes(loop.path()), "the file holds every block, in place");

                for (int i = writes; i < 45; i++) loop.writeOne(); // past the region: the file starts over
                assertEquals(1, c.recycles);
                loop.syncPending();
                assertArrayEquals(expected(45 - 40), Files.readAllBytes(loop.path()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            assertEquals(java.util.List.of(), dir.listing(), "the ring and the file are closed and the file deleted");
        }
    }

    private static byte[] expected(int blocks) {
        ByteBuffer one = AlignedBuffers.patterned(BLOCK, AlignedBuffers.DEFAULT_ALIGNMENT);
        byte[] all = new byte[blocks * BLOCK];
        for (int b = 0; b < blocks; b++) one.get(0, all, b * BLOCK, BLOCK);
        return all;
    }
}
