package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.nativeio.JnrSyscalls;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** ZERO_FILL in the durable-write loop: one synced chunk of zeros ahead, rolling forward, reset on recycle. */
class DurableWriteLoopZeroFillTest {
    @Test
    void zerosStayOneChunkAheadAndStartOverWithTheRegion() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "test-data", "durable-write-loop")).toAbsolutePath();
        WorkloadConfig cfg = WorkloadConfig.of(dir, SyncMethod.FDATASYNC, 8192, 1, Preallocation.ZERO_FILL)
                .withRegionBytes(256 << 10).withZeroFillChunkBytes(64 << 10);
        try (DurableWriteLoop loop = DurableWriteLoop.open(JnrSyscalls.get(), cfg)) {
            assertEquals(64 << 10, loop.zeroedUpTo(), "first chunk zeroed at open");
            for (int i = 0; i < 8; i++) loop.writeOne();
            assertEquals(64 << 10, loop.zeroedUpTo());
            assertEquals(1, loop.counters().preallocSyncs);
            loop.writeOne();
            assertEquals(128 << 10, loop.zeroedUpTo(), "the 9th block needs the next chunk");
            assertEquals(2, loop.counters().preallocSyncs);
            assertEquals(128 << 10, loop.counters().preallocBytes);
            assertEquals(128 << 10, Files.size(loop.path()));
            for (int i = 9; i < 33; i++) loop.writeOne(); // 32 blocks fill the region; the 33rd starts it over
            assertEquals(1, loop.counters().recycles);
            assertEquals(64 << 10, loop.zeroedUpTo());
            assertEquals(64 << 10, Files.size(loop.path()));
        }
    }
}
