package io.durabench.workload;

import static io.durabench.nativeio.CountingSyscalls.Call.PWRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.CountingSyscalls;
import io.durabench.nativeio.FailingSyscalls;
import io.durabench.nativeio.NativeCallException;
import io.durabench.nativeio.OpenFlags;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** O_DIRECT: works on a disk with aligned blocks; refusals (EINVAL) fail loudly and leave no file. */
class DirectIoTest {
    private static final int EINVAL = 22;

    static Stream<Arguments> directOnDisk() {
        return Stream.of(SyncMethod.O_DIRECT, SyncMethod.O_DIRECT_DSYNC).flatMap(m -> Stream.of(4096, 8192).map(b -> Arguments.of(m, b)));
    }

    @ParameterizedTest
    @MethodSource("directOnDisk")
    void oDirectWorksOnDiskWithAlignedBlocks(SyncMethod method, int block) throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            CountingSyscalls sys = new CountingSyscalls();
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, WorkloadConfig.of(dir.path(), method, block, 1, Preallocation.NONE))) {
                LoopFds fds = LoopFds.of(sys, loop);
                for (int i = 0; i < 50; i++) loop.writeOne();

                assertEquals(method.openFlags(), LoopFds.kernelFlags(fds.data().fd()) & (OpenFlags.O_DIRECT | OpenFlags.O_SYNC),
                        "the kernel holds the data fd with " + OpenFlags.describe(method.openFlags()));
                assertEquals(50, sys.count(PWRITE, fds.data().fd()));
                assertEquals(0, sys.syncsOnAnyFd(), method + " issues no explicit sync");
                assertEquals(method == SyncMethod.O_DIRECT_DSYNC ? 50 : 0, loop.counters().syncedWrites);

                byte[] content = Files.readAllBytes(loop.path());
                assertEquals(50L * block, content.length);
                for (int i = 0; i < content.length; i++) assertEquals((byte) ('a' + i % block % 26), content[i], "byte " + i);
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void aBlockNotAlignedForODirectFailsItsWriteWithEinvalOnDisk() {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            CountingSyscalls sys = new CountingSyscalls();
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, WorkloadConfig.of(dir.path(), SyncMethod.O_DIRECT, 1000, 1, Preallocation.NONE))) {
                NativeCallException e = assertThrows(NativeCallException.class, loop::writeOne);
                assertEquals("pwrite", e.call());
                assertEquals("EINVAL", e.errnoName());
                assertTrue(e.getMessage().startsWith("pwrite failed: EINVAL (") && e.getMessage().endsWith(" on " + loop.path()), e.getMessage());
                assertEquals(0, loop.counters().writes, "a failed write is not counted");
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    /**
     * tmpfs refused O_DIRECT with EINVAL until Linux 6.6, which added "trivial" O_DIRECT support
     * (commit e88e0d366f9c, "tmpfs: trivial support for direct IO"): since then the open succeeds
     * and writes go through the page cache, unaligned ones included. Which one applies depends on
     * the running kernel, so the test asserts the behaviour that kernel must show.
     */
    @Test
    void oDirectOnTmpfsIsRefusedWithEinvalBeforeLinux66AndBufferedSince() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            CountingSyscalls sys = new CountingSyscalls();
            WorkloadConfig cfg = WorkloadConfig.of(dir.path(), SyncMethod.O_DIRECT, 1000, 1, Preallocation.NONE);
            if (kernelAtLeast(6, 6)) {
                try (DurableWriteLoop loop = DurableWriteLoop.open(sys, cfg)) {
                    int kernel = LoopFds.kernelFlags(LoopFds.of(sys, loop).data().fd());
                    assertEquals(OpenFlags.O_DIRECT, kernel & OpenFlags.O_DIRECT);
                    loop.writeOne(); // 1000 bytes: no alignment is enforced on tmpfs
                    assertEquals(1000, Files.size(loop.path()));
                }
            } else {
                NativeCallException e = assertThrows(NativeCallException.class, () -> DurableWriteLoop.open(sys, cfg));
                assertEquals("EINVAL", e.errnoName());
                assertTrue(e.getMessage().startsWith("open(O_RDWR|O_CREAT|O_DIRECT) failed: EINVAL ("), e.getMessage());
                assertTrue(e.getMessage().contains(dir.path().toString()), e.getMessage());
            }
            assertEquals(List.of(), dir.listing(), "a refused open leaves no file behind");
        }
    }

    /** The refusal path, whatever the kernel: an O_DIRECT open refused with EINVAL names it and cleans up. */
    @Test
    void aRefusedODirectOpenNamesEinvalAndLeavesNoFile() {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            // The second open is the data fd (the first is the plain control fd).
            FailingSyscalls sys = new FailingSyscalls(CountingSyscalls.Call.OPEN, 2, EINVAL);
            WorkloadConfig cfg = WorkloadConfig.of(dir.path(), SyncMethod.O_DIRECT, 4096, 1, Preallocation.NONE);
            NativeCallException e = assertThrows(NativeCallException.class, () -> DurableWriteLoop.open(sys, cfg));
            assertEquals(1, sys.injected());
            assertEquals("EINVAL", e.errnoName());
            assertTrue(e.getMessage().startsWith("open(O_RDWR|O_CREAT|O_DIRECT) failed: EINVAL (Invalid argument) on " + dir.path()), e.getMessage());
            assertEquals(List.of(), dir.listing());
        }
    }

    static boolean kernelAtLeast(int major, int minor) {
        String[] v = System.getProperty("os.version").split("[.-]");
        int maj = Integer.parseInt(v[0]);
        int min = Integer.parseInt(v[1]);
        return maj > major || (maj == major && min >= minor);
    }
}
