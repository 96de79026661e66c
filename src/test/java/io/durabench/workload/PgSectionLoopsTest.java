package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.durabench.nativeio.JnrSyscalls;
import io.durabench.nativeio.NativeCallException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The calls of pg_test_fsync's open_sync-sizes and fsync-descriptor tests, on a real file, against
 * what {@code strace -f pg_test_fsync} 15 showed (pwrite where it calls write(2) on a fresh
 * descriptor: same bytes, same offset 0), and the shared test file's life.
 */
class PgSectionLoopsTest {
    private static final Path DIR = Paths.get("target", "test-pg-sections");
    private static final List<String> TEST_OPEN = List.of("open(O_RDWR)", "pwrite(16777216, 0)", "fsync", "close");

    private static List<String> expected(List<String> setup, List<String> perOp, int ops, List<String> end) {
        List<String> want = new ArrayList<>(TEST_OPEN);
        want.addAll(setup);
        for (int i = 0; i < ops; i++) want.addAll(perOp);
        want.addAll(end);
        return want;
    }

    @Test
    void openSyncSizesWrite16kAsKWritesThroughOneSyncDirectDescriptor() throws Exception {
        Files.createDirectories(DIR);
        RecordingSyscalls rec = new RecordingSyscalls();
        try (PgOpenSyncLoop loop = new PgOpenSyncLoop(rec, DIR, PgOpenSyncLoop.Size.FOUR_4K)) {
            loop.writeSixteenKiB();
            loop.writeSixteenKiB();
            assertEquals(2, loop.counters().operations);
            assertEquals(8, loop.counters().writes);
            assertEquals(8, loop.counters().syncedWrites);
            assertEquals(32768, loop.counters().bytes);
        }
        assertEquals(expected(List.of("open(O_RDWR|O_SYNC|O_DIRECT)"),
                List.of("pwrite(4096, 0)", "pwrite(4096, 4096)", "pwrite(4096, 8192)", "pwrite(4096, 12288)"), 2, List.of("close")), rec.calls);
    }

    @Test
    void fsyncThroughTheWritersDescriptor() throws Exception {
        Files.createDirectories(DIR);
        RecordingSyscalls rec = new RecordingSyscalls();
        try (PgFdSyncLoop loop = new PgFdSyncLoop(rec, DIR, PgFdSyncLoop.Descriptor.SAME)) {
            loop.writeAndSync();
            loop.writeAndSync();
            assertEquals(2, loop.counters().syncCalls);
        }
        assertEquals(expected(List.of(), List.of("open(O_RDWR)", "pwrite(8192, 0)", "fsync", "close"), 2, List.of()), rec.calls);
    }

    @Test
    void fsyncThroughAnotherDescriptorOpenedAfterTheWriterClosed() throws Exception {
        Files.createDirectories(DIR);
        RecordingSyscalls rec = new RecordingSyscalls();
        try (PgFdSyncLoop loop = new PgFdSyncLoop(rec, DIR, PgFdSyncLoop.Descriptor.OTHER)) {
            loop.writeAndSync();
            assertEquals(1, loop.counters().operations);
            assertEquals(1, loop.counters().writes);
        }
        assertEquals(expected(List.of(), List.of("open(O_RDWR)", "pwrite(8192, 0)", "close", "open(O_RDWR)", "fsync", "close"), 1, List.of()),
                rec.calls);
    }

    @Test
    void aSharedTestFileOutlivesItsLoopsAndIsDeletedByItsMaker() throws Exception {
        Files.createDirectories(DIR);
        Path file;
        try (PgTestFile shared = PgTestFile.create(JnrSyscalls.get(), DIR)) {
            file = shared.path();
            try (PgTestFsyncLoop one = new PgTestFsyncLoop(shared, PgTestFsyncLoop.Method.FSYNC)) {
                one.writeOne();
            }
            try (PgFdSyncLoop fd = new PgFdSyncLoop(shared, PgFdSyncLoop.Descriptor.OTHER)) {
                fd.writeAndSync();
            }
            assertEquals(PgTestFile.FILE_BYTES, Files.size(file), "still there, still 16 MiB, after its loops closed");
        }
        assertFalse(Files.exists(file), "deleted by the PgTestFile that made it");
    }

    @Test
    void aFailedOperationIsThrownAndRefusedAfterwards() throws Exception {
        Files.createDirectories(DIR);
        try (PgTestFile shared = PgTestFile.create(JnrSyscalls.get(), DIR)) {
            PgFdSyncLoop loop = new PgFdSyncLoop(shared, PgFdSyncLoop.Descriptor.SAME);
            Files.delete(shared.path());
            NativeCallException e = assertThrows(NativeCallException.class, loop::writeAndSync);
            assertEquals("ENOENT", e.errnoName());
            assertThrows(IllegalStateException.class, loop::writeAndSync);
        }
        try (Stream<Path> left = Files.list(DIR)) {
            assertEquals(List.of(), left.toList(), "nothing left behind");
        }
    }
}
