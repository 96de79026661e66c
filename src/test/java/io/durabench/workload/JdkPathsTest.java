package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.nativeio.CountingSyscalls;
import io.durabench.nativeio.OpenFlags;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The JDK's own paths (FileChannel force/DSYNC, MappedByteBuffer.force): counted syncs, bytes really in the file. */
class JdkPathsTest {
    private static final int BLOCK = 4096;

    static Stream<Arguments> jdkMethods() {
        return Stream.of(Medium.values()).flatMap(m -> Stream.of(SyncMethod.CHANNEL_FORCE_DATA, SyncMethod.CHANNEL_FORCE_ALL,
                SyncMethod.CHANNEL_DSYNC, SyncMethod.MMAP_FORCE).map(s -> Arguments.of(m, s)));
    }

    @ParameterizedTest
    @MethodSource("jdkMethods")
    void syncsAreCountedAndTheBytesAreInTheFile(Medium medium, SyncMethod method) throws IOException {
        long region = 1 << 20;
        int writesPerSync = method.hasExplicitSync() ? 10 : 1;
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            WorkloadConfig cfg = WorkloadConfig.of(dir.path(), method, BLOCK, writesPerSync, Preallocation.NONE).withRegionBytes(region);
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, cfg)) {
                for (int i = 0; i < 100; i++) loop.writeOne();

                WriteCounters c = loop.counters();
                assertEquals(100, c.writes);
                assertEquals(100L * BLOCK, c.bytes);
                assertEquals(method.hasExplicitSync() ? 10 : 0, c.syncCalls);
                assertEquals(method == SyncMethod.CHANNEL_DSYNC ? 100 : 0, c.syncedWrites);
                assertEquals(method == SyncMethod.CHANNEL_DSYNC ? 1.0 : 0.1, (double) (c.syncCalls + c.syncedWrites) / c.writes, 1e-12);
                // Only the control fd goes through the native layer; the payload path is the JDK's.
                assertEquals(1, sys.opensOf(loop.path().toString()).size());
                assertEquals(0, sys.syncsOnAnyFd());

                if (method == SyncMethod.CHANNEL_DSYNC) {
                    int control = sys.opensOf(loop.path().toString()).get(0).fd();
                    int channelFd = otherFdOn(loop.path(), control);
                    assertEquals(OpenFlags.O_DSYNC, LoopFds.kernelFlags(channelFd) & OpenFlags.O_SYNC,
                            "StandardOpenOption.DSYNC is O_DSYNC in the kernel");
                }

                byte[] content = Files.readAllBytes(loop.path());
                // A mapping sizes the file to the region; a channel appends.
                assertEquals(method == SyncMethod.MMAP_FORCE ? region : 100L * BLOCK, content.length);
                for (int i = 0; i < 100 * BLOCK; i++) assertEquals((byte) ('a' + i % BLOCK % 26), content[i], "byte " + i);
                for (int i = 100 * BLOCK; i < content.length; i++) assertEquals(0, content[i], "byte " + i);
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    @ParameterizedTest
    @EnumSource(Medium.class)
    void theMappedLogWrapsInPlaceWithinItsRegion(Medium medium) throws IOException {
        long region = 64 << 10;
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            WorkloadConfig cfg = WorkloadConfig.of(dir.path(), SyncMethod.MMAP_FORCE, 8192, 1, Preallocation.NONE).withRegionBytes(region);
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, cfg)) {
                for (int i = 0; i < 20; i++) {
                    loop.writeOne();
                    assertEquals(region, Files.size(loop.path()));
                }
                assertEquals(2, loop.counters().recycles);
                assertEquals(20, loop.counters().syncCalls);
                assertEquals(4L * 8192, loop.offset());
                assertEquals(0, sys.count(CountingSyscalls.Call.FTRUNCATE), "a live mapping is never truncated (SIGBUS)");
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    /** The fd in this process, other than {@code except}, that is open on {@code file}. */
    private static int otherFdOn(Path file, int except) {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            List<Integer> found = fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).equals(file);
                } catch (IOException e) {
                    return false; // the fd of the listing itself is gone by now
                }
            }).map(fd -> Integer.parseInt(fd.getFileName().toString())).filter(fd -> fd != except).toList();
            if (found.size() != 1) throw new AssertionError("expected one channel fd on " + file + ", got " + found);
            return found.get(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
