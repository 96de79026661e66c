package io.durabench.pg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pg_test_fsync's layout read back: its own output (captured from pg_test_fsync 15 -s 1 on a lab ext4 with 512-byte sectors) and durabench's. */
class PgOutputTest {
    static List<String> pgTestFsync() throws Exception {
        return Files.readAllLines(Path.of(PgOutputTest.class.getResource("/pg/pg_test_fsync-ext4-512.txt").toURI()));
    }

    @Test
    void readsEveryLineOfPgTestFsyncKeyedBySectionFromOpsPerSecond() throws Exception {
        Map<String, PgOutput.Line> lines = PgOutput.parse(pgTestFsync());
        assertEquals(18, lines.size(), lines.keySet().toString());
        PgOutput.Line two = lines.get("Compare file sync methods using two 8kB writes / fdatasync");
        assertEquals(1e6 / 2672.755, two.micros(), 1e-9, "from ops/sec, not the rounded usecs/op");
        assertEquals("n/a", lines.get("Compare file sync methods using one 8kB write / fsync_writethrough").word());
        assertTrue(lines.containsKey("Compare open_sync with different write sizes / 16 *  1kB open_sync writes"));
        assertTrue(lines.containsKey("Test if fsync on non-write file descriptor is honored / write, close, fsync"));
    }

    @Test
    void everyLabelDurabenchPrintsIsOneOfPgTestFsyncs() throws Exception {
        List<String> keys = List.copyOf(PgOutput.parse(pgTestFsync()).keySet());
        List<String> ours = PgSections.ALL.stream().flatMap(s -> s.lines().stream().map(l -> s.heading().get(0).replace(":", "") + " / " + l.label().strip()))
                .toList();
        assertEquals(keys, ours, "same sections, same lines, same order, same words");
    }

    @Test
    void readsDurabenchsIntervalAndItsWordsForLinesWithoutANumber() {
        Map<String, PgOutput.Line> lines = PgOutput.parse(List.of("Non-sync'ed 8kB writes:",
                "        write                            403321.669 ops/sec       2 usecs/op  [1.1, 5.5]  NOT durable",
                "Compare open_sync with different write sizes:",
                "         8 *  2kB open_sync writes                 n/a  (EINVAL: ...)",
                "        16 *  1kB open_sync writes              FAILED  pwrite failed: EIO (Input/output error) on /x"));
        PgOutput.Line w = lines.get("Non-sync'ed 8kB writes / write");
        assertEquals(1.1, w.low());
        assertEquals(5.5, w.high());
        assertEquals("n/a", lines.get("Compare open_sync with different write sizes / 8 *  2kB open_sync writes").word());
        assertFalse(lines.get("Compare open_sync with different write sizes / 16 *  1kB open_sync writes").measured());
    }

    @Test
    void sideBySideSaysWhichLinesFallOutsidePgTestFsyncsWidenedRange(@TempDir Path dir) throws Exception {
        List<String> pg = pgTestFsync();
        Files.write(dir.resolve("pg_test_fsync-1.txt"), pg);
        // durabench's run: fdatasync 10% above pg_test_fsync's single run (inside +10%), fsync 30% above (outside).
        List<String> ours = pg.stream().map(l -> l.startsWith("        fdatasync ") ? "        fdatasync                          3305.955 ops/sec     302 usecs/op  [280, 330]"
                : l.startsWith("        fsync     ") ? "        fsync                              1799.857 ops/sec     556 usecs/op" : l).toList();
        Files.write(dir.resolve("durabench-pg-1.txt"), ours);
        Files.write(dir.resolve("wall.tsv"), List.of("pg_test_fsync\t1\t80.3", "durabench-pg\t1\t78.9"));
        List<String> table = PgSideBySide.markdown(dir);
        String text = String.join("\n", table);
        assertTrue(text.contains("| Compare file sync methods using one 8kB write / fdatasync | 276 | 249–304 | 302 [280, 330] | yes |  |"), text);
        assertTrue(text.contains("| Compare file sync methods using one 8kB write / fsync | 427 | 385–470 | 556 | **0 of 1** | 0 of 1 |"), text);
        assertTrue(text.contains("13 of 16 lines"), text); // the same two lines of the two-writes table moved too
        assertTrue(text.contains("Wall time (s): durabench-pg 78.9; pg_test_fsync 80.3"), text);
    }

    @Test
    void theForksShareWhatIsLeftOfPgTestFsyncsTime() {
        PgRun.Settings s = new PgRun.Settings(Path.of("/x"), 5, 4);
        long[] first = PgRun.slice(s, 16, 0, 4, 1_000_000_000L);
        // 16 lines x 5 s x 0.98, less 4 fork starts of 1 s, over 16 lines x 4 forks: 1.1625 s, a tenth of it warmup.
        assertEquals(1_162_500_000L, first[0] + first[1], 1_000);
        assertEquals(first[0] * 10, first[0] + first[1], 10);
        long[] late = PgRun.slice(s, 16, 77_000_000_000L, 1, 2_000_000_000L);
        assertEquals(PgRun.MIN_MEASURE_NANOS, late[1], "a run that is already late still measures its minimum");
    }
}
