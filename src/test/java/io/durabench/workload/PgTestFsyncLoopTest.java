package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.JnrSyscalls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The calls PgTestFsyncLoop makes, on a real file, against what {@code strace -f pg_test_fsync}
 * showed (see the class comment of PgTestFsyncLoop).
 */
class PgTestFsyncLoopTest {
    /** On the project's own disk: O_DIRECT works there (tmpfs before Linux 6.6 refuses it). */
    private static final Path DIR = Paths.get("target", "test-pg-loop");

    /** pg_test_fsync's test_open(), then the O_DIRECT write its first test leaves behind. */
    static final List<String> PREWRITE = List.of(
            "open(O_RDWR)", "pwrite(16777216, 0)", "fsync", "close",
            "open(O_RDWR|O_DSYNC|O_DIRECT)", "pwrite(8192, 0)", "close");

    private static List<String> run(PgTestFsyncLoop.Method method, int ops) throws Exception {
        return run(method, ops, false);
    }

    private static List<String> run(PgTestFsyncLoop.Method method, int ops, boolean two) throws Exception {
        Files.createDirectories(DIR);
        RecordingSyscalls rec = new RecordingSyscalls();
        try (PgTestFsyncLoop loop = new PgTestFsyncLoop(rec, DIR, method)) {
            for (int i = 0; i < ops; i++) {
                if (two) loop.writeTwo(); else loop.writeOne();
            }
        }
        return rec.calls;
    }

    private static List<String> expected(String open, List<String> perOp, int ops) {
        List<String> want = new ArrayList<>(PREWRITE);
        want.add(open);
        for (int i = 0; i < ops; i++) want.addAll(perOp);
        want.add("close");
        return want;
    }

    @Test
    void fdatasyncRewritesOffsetZeroAndSyncsEachTime() throws Exception {
        assertEquals(expected("open(O_RDWR)", List.of("pwrite(8192, 0)", "fdatasync"), 3),
                run(PgTestFsyncLoop.Method.FDATASYNC, 3));
    }

    @Test
    void fsyncRewritesOffsetZeroAndSyncsEachTime() throws Exception {
        assertEquals(expected("open(O_RDWR)", List.of("pwrite(8192, 0)", "fsync"), 3),
                run(PgTestFsyncLoop.Method.FSYNC, 3));
    }

    @Test
    void openMethodsUseODirectLikePgTestFsync() throws Exception {
        assertEquals(expected("open(O_RDWR|O_DSYNC|O_DIRECT)", List.of("pwrite(8192, 0)"), 2),
                run(PgTestFsyncLoop.Method.OPEN_DATASYNC, 2));
        assertEquals(expected("open(O_RDWR|O_SYNC|O_DIRECT)", List.of("pwrite(8192, 0)"), 2),
                run(PgTestFsyncLoop.Method.OPEN_SYNC, 2));
    }

    @Test
    void nonSyncedWriteOpensOnceAndOnlyWrites() throws Exception {
        assertEquals(expected("open(O_RDWR)", List.of("pwrite(8192, 0)"), 4),
                run(PgTestFsyncLoop.Method.WRITE, 4));
    }

    @Test
    void twoWritesAreOffsetsZeroAnd8192ThenOneSync() throws Exception {
        assertEquals(expected("open(O_RDWR)", List.of("pwrite(8192, 0)", "pwrite(8192, 8192)", "fdatasync"), 3),
                run(PgTestFsyncLoop.Method.FDATASYNC, 3, true));
        assertEquals(expected("open(O_RDWR|O_DSYNC|O_DIRECT)", List.of("pwrite(8192, 0)", "pwrite(8192, 8192)"), 2),
                run(PgTestFsyncLoop.Method.OPEN_DATASYNC, 2, true));
    }

    @Test
    void countsWhatItIssuedAndDeletesItsFile() throws Exception {
        Files.createDirectories(DIR);
        try (PgTestFsyncLoop loop = new PgTestFsyncLoop(JnrSyscalls.get(), DIR, PgTestFsyncLoop.Method.FDATASYNC)) {
            for (int i = 0; i < 5; i++) loop.writeOne();
            assertEquals(5, loop.counters().writes);
            assertEquals(5, loop.counters().syncCalls);
            assertEquals(5L * 8192, loop.counters().bytes);
            try (Stream<Path> files = Files.list(DIR)) {
                assertTrue(files.anyMatch(p -> Files.isRegularFile(p)), "the 16 MiB file exists while open");
            }
        }
        try (Stream<Path> files = Files.list(DIR)) {
            assertFalse(files.anyMatch(p -> p.getFileName().toString().startsWith("durabench-pg-")), "file deleted on close");
        }
    }
}
