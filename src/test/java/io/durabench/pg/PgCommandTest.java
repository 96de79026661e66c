package io.durabench.pg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.cli.DurabenchMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** `durabench pg` for real, on tmpfs (short: 2 forks, -s 0.3), and its refusals. */
class PgCommandTest {
    private final StringWriter out = new StringWriter(), err = new StringWriter();

    private int execute(String... args) {
        CommandLine cl = DurabenchMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void printsPgTestFsyncsFiveSectionsWithIntervalsAndLeavesNothing() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("/dev/shm"), "durabench-pg-test");
        try {
            assertEquals(0, execute("pg", "--dir", dir.toString(), "-s", "0.3", "--forks", "2"), err.toString());
            List<String> lines = out.toString().lines().toList();
            var parsed = PgOutput.parse(lines);
            assertEquals(18, parsed.size(), out.toString());
            long measured = parsed.values().stream().filter(PgOutput.Line::measured).count();
            assertEquals(16, measured, "every line but fsync_writethrough (twice) measured on tmpfs:\n" + out);
            assertTrue(parsed.values().stream().filter(PgOutput.Line::measured).allMatch(l -> l.low() <= l.micros() && l.micros() <= l.high()),
                    "each number with its interval over the 2 forks:\n" + out);
            assertTrue(lines.stream().filter(l -> l.contains("ops/sec")).allMatch(l -> l.contains("NOT durable")), "tmpfs: nothing is durable\n" + out);
            assertTrue(lines.contains("        fsync_writethrough                              n/a"), "pg_test_fsync's own n/a line");
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("Filesystem: tmpfs at " + dir)), "the environment above");
            try (Stream<Path> left = Files.list(dir)) {
                assertEquals(List.of(), left.toList(), "no test file left behind");
            }
        } finally {
            Files.deleteIfExists(dir);
        }
    }

    @Test
    void badInputIsOneLineAndExit2(@org.junit.jupiter.api.io.TempDir Path tmp) {
        assertEquals(2, execute("pg", "--dir", tmp.resolve("missing").toString()));
        assertEquals(2, execute("pg", "--dir", tmp.toString(), "-s", "0"));
        assertEquals(2, execute("pg", "--dir", tmp.toString(), "--forks", "1"));
        assertEquals(2, execute("pg", "--side-by-side", tmp.toString()));
        assertEquals(2, execute("pg", "--dir", "/proc"), "a kernel pseudo-filesystem is refused before any fork runs");
        assertEquals(5, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().lines().allMatch(l -> l.startsWith("durabench: ")), err.toString());
        assertEquals("", out.toString());
    }
}
