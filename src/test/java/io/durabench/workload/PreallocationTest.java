package io.durabench.workload;

import static io.durabench.nativeio.CountingSyscalls.Call.FALLOCATE;
import static io.durabench.nativeio.CountingSyscalls.Call.FDATASYNC;
import static io.durabench.nativeio.CountingSyscalls.Call.FSYNC;
import static io.durabench.nativeio.CountingSyscalls.Call.FTRUNCATE;
import static io.durabench.nativeio.CountingSyscalls.Call.PWRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.CountingSyscalls;
import io.durabench.nativeio.CountingSyscalls.Event;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** What each preallocation strategy issues, and that the region written stays bounded. */
class PreallocationTest {

    static Stream<Arguments> zeroFillCases() {
        // 12 KiB blocks straddle the 64 KiB chunk boundaries; 64 KiB blocks are exactly one chunk.
        return Stream.of(Medium.values()).flatMap(m -> Stream.of(8192, 12288, 65536).map(b -> Arguments.of(m, b)));
    }

    @ParameterizedTest
    @MethodSource("zeroFillCases")
    void zeroFillKeepsEveryPayloadWriteInsideZerosThatAreWrittenAndSynced(Medium medium, int block) throws IOException {
        int chunk = 64 << 10;
        long region = 1 << 20;
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            WorkloadConfig cfg = WorkloadConfig.of(dir.path(), SyncMethod.FDATASYNC, block, 1, Preallocation.ZERO_FILL)
                    .withRegionBytes(region).withZeroFillChunkBytes(chunk);
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, cfg)) {
                LoopFds fds = LoopFds.of(sys, loop);
                // Rolling forward, not all up front: one chunk before the first write.
                assertEquals(chunk, loop.zeroedUpTo());
                assertEquals(chunk, Files.size(loop.path()));

                long writes = 2 * cfg.blocksPerRegion() + 7; // through two recycles
                for (long i = 0; i < writes; i++) loop.writeOne();
                assertEquals(2, loop.counters().recycles);

                replayZeroFill(sys.events(), fds.control().fd(), fds.data().fd(), region);

                WriteCounters c = loop.counters();
                List<Event> zeroWrites = sys.events(PWRITE, fds.control().fd());
                assertEquals(zeroWrites.size(), sys.count(FDATASYNC, fds.control().fd()), "one fdatasync per zero-fill chunk");
                assertEquals(zeroWrites.size(), c.preallocSyncs);
                assertEquals(zeroWrites.stream().mapToLong(Event::length).sum(), c.preallocBytes);
                assertEquals(writes, c.writes);
                assertEquals(writes, sys.count(FDATASYNC, fds.data().fd()));

                // The file really holds the payload up to the offset and real zeros after it.
                byte[] content = Files.readAllBytes(loop.path());
                assertEquals(loop.zeroedUpTo(), content.length);
                for (long off = 0; off < loop.offset(); off++) {
                    assertEquals((byte) ('a' + off % block % 26), content[(int) off], "payload byte at " + off);
                }
                for (long off = loop.offset(); off < content.length; off++) assertEquals(0, content[(int) off], "zero at " + off);
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    /**
     * Replays the recorded calls in order: zeros written on the control fd count as usable only
     * once the control fd is fdatasynced; every payload pwrite must end inside that synced prefix.
     */
    private static void replayZeroFill(List<Event> events, int control, int data, long region) {
        long zerosWritten = 0;
        long zerosSynced = 0;
        int payloadWrites = 0;
        for (Event e : events) {
            if (e.fd() == control) {
                switch (e.call()) {
                    case PWRITE -> {
                        assertEquals(zerosWritten, e.offset(), "zero-fill extends the zeroed prefix contiguously");
                        zerosWritten += e.length();
                        assertTrue(zerosWritten <= region, "zero-fill stays inside the region");
                    }
                    case FDATASYNC -> zerosSynced = zerosWritten;
                    case FTRUNCATE -> {
                        assertEquals(0, e.length(), "recycle truncates to zero");
                        zerosWritten = zerosSynced = 0;
                    }
                    default -> { }
                }
            } else if (e.fd() == data && e.call() == PWRITE) {
                payloadWrites++;
                long end = e.offset() + e.length();
                assertTrue(end <= zerosSynced, "payload write " + payloadWrites + " [" + e.offset() + ", " + end
                        + ") reaches past the synced zeros (" + zerosSynced + "; written " + zerosWritten + ")");
            }
        }
        assertEquals(zerosWritten, zerosSynced, "the last zero-fill chunk was synced too");
        assertTrue(payloadWrites > 0);
    }

    static Stream<Arguments> upFrontCases() {
        return Stream.of(Medium.values()).flatMap(m -> Stream.of(Preallocation.FTRUNCATE, Preallocation.FALLOCATE).map(p -> Arguments.of(m, p)));
    }

    @ParameterizedTest
    @MethodSource("upFrontCases")
    void ftruncateAndFallocatePreallocateOncePerStartAndFsyncIt(Medium medium, Preallocation prealloc) throws IOException {
        long region = 256 << 10;
        int block = 8192;
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            WorkloadConfig cfg = WorkloadConfig.of(dir.path(), SyncMethod.FDATASYNC, block, 1, prealloc).withRegionBytes(region);
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, cfg)) {
                int control = LoopFds.of(sys, loop).control().fd();
                assertStarts(sys, control, prealloc, region, 1);
                assertEquals(region, Files.size(loop.path()));

                for (int i = 0; i < 10; i++) loop.writeOne();
                loop.restart();                                                 // start 2
                assertStarts(sys, control, prealloc, region, 2);
                for (long i = 0; i < cfg.blocksPerRegion() + 3; i++) loop.writeOne(); // region used up: start 3
                assertStarts(sys, control, prealloc, region, 3);
                assertEquals(region, Files.size(loop.path()));

                assertEquals(3, loop.counters().preallocSyncs);
                assertEquals(0, sys.count(PWRITE, control), "no data written by " + prealloc);
            }
        }
    }

    /** After {@code starts} (re)starts: one allocation + one fsync each, and a truncate to 0 before each restart. */
    private static void assertStarts(CountingSyscalls sys, int control, Preallocation prealloc, long region, int starts) {
        List<Long> truncates = sys.events(FTRUNCATE, control).stream().map(Event::length).toList();
        List<Event> fallocates = sys.events(FALLOCATE, control);
        if (prealloc == Preallocation.FTRUNCATE) {
            assertEquals(2 * starts - 1, truncates.size(), "ftruncate(region) per start, ftruncate(0) per restart: " + truncates);
            for (int i = 0; i < truncates.size(); i++) assertEquals(i % 2 == 0 ? region : 0, truncates.get(i));
            assertEquals(0, fallocates.size());
        } else {
            assertEquals(starts, fallocates.size());
            fallocates.forEach(e -> {
                assertEquals(0, e.offset());
                assertEquals(region, e.length());
            });
            assertEquals(starts - 1, truncates.size());
            truncates.forEach(len -> assertEquals(0, len));
        }
        assertEquals(starts, sys.count(FSYNC, control), "each preallocation is made durable");
        // The fsync comes after the allocation it makes durable.
        Event lastAlloc = prealloc == Preallocation.FALLOCATE ? fallocates.get(fallocates.size() - 1)
                : sys.events(FTRUNCATE, control).get(truncates.size() - 1);
        List<Event> all = sys.events();
        assertTrue(all.lastIndexOf(lastAlloc) < all.lastIndexOf(sys.events(FSYNC, control).get(starts - 1)));
    }

    static Stream<Arguments> wrapCases() {
        return Stream.of(Medium.values()).flatMap(m -> Stream.of(Preallocation.values()).map(p -> Arguments.of(m, p)));
    }

    @ParameterizedTest
    @MethodSource("wrapCases")
    void aSmallRegionRecyclesTheFileWhichNeverOutgrowsItAndIsDeletedOnClose(Medium medium, Preallocation prealloc) throws IOException {
        long region = 64 << 10;
        int block = 8192;
        try (ScratchDir dir = ScratchDir.on(medium)) {
            CountingSyscalls sys = new CountingSyscalls();
            WorkloadConfig cfg = WorkloadConfig.of(dir.path(), SyncMethod.FDATASYNC, block, 1, prealloc).withRegionBytes(region);
            Path file;
            try (DurableWriteLoop loop = DurableWriteLoop.open(sys, cfg)) {
                file = loop.path();
                LoopFds fds = LoopFds.of(sys, loop);
                assertEquals(List.of(file.getFileName().toString()), dir.listing(), "one log file while open");
                for (int i = 0; i < 20; i++) {
                    loop.writeOne();
                    assertTrue(Files.size(file) <= region, "file is " + Files.size(file) + " B after write " + i);
                }
                assertEquals(2, loop.counters().recycles, "8 blocks per region: writes 9 and 17 start over");
                assertEquals(2, sys.events(FTRUNCATE, fds.control().fd()).stream().filter(e -> e.length() == 0).count());
                List<Long> offsets = sys.events(PWRITE, fds.data().fd()).stream().map(Event::offset).toList();
                for (int i = 0; i < offsets.size(); i++) assertEquals((long) (i % 8) * block, offsets.get(i), "write " + i);
            }
            assertFalse(Files.exists(file), "close deletes the log file");
            assertEquals(List.of(), dir.listing());
        }
    }
}
