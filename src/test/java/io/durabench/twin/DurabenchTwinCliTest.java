package io.durabench.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The command line: bad input gets one line and exit 2; a failed call or a kill gets one line, no
 * result and no files left; --list prints the plan in the --cells form, which reads back unchanged.
 */
class DurabenchTwinCliTest {

    private static Path freshOut() throws IOException {
        Path work = Files.createDirectories(Path.of("target", "twin-test").toAbsolutePath());
        Path out = Files.createTempDirectory(work, "out-");
        Files.delete(out); // the twin must not create it unless it has a result
        return out;
    }

    @Test
    void listPrintsTheQuickProfilesNativeCellsInTheCellsFileFormWhichReadsBackUnchanged() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            TwinBinary.Run planned = TwinBinary.run(List.of("--dir", dir.path().toString(), "--list"));
            assertEquals(0, planned.exitCode(), planned.stderr());
            List<String> cells = planned.stdout().lines().toList();
            // durabench's quick profile, native methods: 3 explicit-sync methods x batch {1,100} x {NONE, ZERO_FILL},
            // 5 others x {NONE, ZERO_FILL}; pwritev2 and the 3 io_uring methods at the centre alone; 5 pg_test_fsync methods;
            // 2 file creations; the no-op syscall.
            assertEquals(3 * 2 * 2 + 5 * 2 + 4 + 5 + 2 + 1, cells.size(), planned.stdout());
            assertTrue(cells.contains("SyncWriteCost.writeBlock syncMethod=URING_FDATASYNC blockSizeBytes=8192 writesPerSync=1 preallocation=NONE"),
                    planned.stdout());
            assertEquals("SyncWriteCost.writeBlock syncMethod=FDATASYNC blockSizeBytes=8192 writesPerSync=100 preallocation=ZERO_FILL",
                    cells.stream().filter(c -> c.contains("FDATASYNC") && c.contains("100")).reduce((a, b) -> b).orElseThrow());
            Path file = Files.writeString(dir.path().resolve("cells.txt"), planned.stdout());
            TwinBinary.Run reread = TwinBinary.run(List.of("--dir", dir.path().toString(), "--list", "--cells", file.toString()));
            Files.delete(file);
            assertEquals(planned.stdout(), reread.stdout());
        }
    }

    @Test
    void onTmpfsTheDirectIoCellsAreNotApplicableAsDurabenchSays() {
        TwinBinary.Run planned = TwinBinary.run(List.of("--dir", "/dev/shm", "--list", "-p", "syncMethod=O_DIRECT,FDATASYNC",
                "-p", "writesPerSync=1", "-p", "preallocation=NONE", "--bench", "SyncWriteCost"));
        assertEquals(0, planned.exitCode(), planned.stderr());
        assertEquals(List.of("# n/a (no block device behind tmpfs: O_DIRECT cannot bypass anything (tmpfs refuses it with EINVAL before "
                + "Linux 6.6 and turns it into a page-cache copy since); a number here would not measure direct I/O): "
                + "SyncWriteCost.writeBlock syncMethod=O_DIRECT blockSizeBytes=8192 writesPerSync=1 preallocation=NONE",
                "SyncWriteCost.writeBlock syncMethod=FDATASYNC blockSizeBytes=8192 writesPerSync=1 preallocation=NONE"),
                planned.stdout().lines().toList());
    }

    @Test
    void aDirectoryThatDoesNotExistIsABadArgumentAndNothingIsWritten() throws IOException {
        Path out = freshOut();
        Path missing = out.resolveSibling("no-such-dir-" + System.nanoTime());
        TwinBinary.Run run = TwinBinary.run(List.of("--dir", missing.toString(), "--out", out.toString(), "-i", "1", "-r", "10ms"));
        assertEquals(2, run.exitCode());
        assertEquals(1, run.stderr().lines().count(), run.stderr());
        assertTrue(run.stderr().contains(missing.toString()) && run.stderr().contains("create it or pass another --dir"), run.stderr());
        assertFalse(Files.exists(out), "no output folder for a run that did not run");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "-p|syncMethod=CHANNEL_FORCE_DATA|goes through the JDK",
        "-p|syncMethod=FDATASINK|not a sync method",
        "-p|blockSizeBytes=-8|must be a positive whole number",
        "-p|targetDir=/tmp|give the directory with --dir",
        "-r|5parsecs|unknown unit",
        "--bench|(|not a valid regular expression",
    })
    void badArgumentsGetOneLineNamingTheProblemAndExit2(String option, String value, String expected) throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Path out = freshOut();
            TwinBinary.Run run = TwinBinary.run(List.of("--dir", dir.path().toString(), "--out", out.toString(), option, value));
            assertEquals(2, run.exitCode(), run.stderr());
            assertEquals(1, run.stderr().lines().count(), run.stderr());
            assertTrue(run.stderr().contains(expected), run.stderr());
            assertFalse(Files.exists(out));
        }
    }

    @Test
    void aCellsFileLineMissingAParameterIsNamedByLine() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Path out = freshOut();
            Path cells = Files.writeString(out.resolveSibling("cells-" + System.nanoTime() + ".txt"),
                    "# a comment\nNativeCallCost.getppid\nSyncWriteCost.writeBlock syncMethod=FSYNC blockSizeBytes=8192 writesPerSync=1\n");
            TwinBinary.Run run = TwinBinary.run(List.of("--dir", dir.path().toString(), "--out", out.toString(), "--cells", cells.toString()));
            Files.delete(cells);
            assertEquals(2, run.exitCode());
            assertTrue(run.stderr().contains("line 3") && run.stderr().contains("needs preallocation=VALUE"), run.stderr());
            assertFalse(Files.exists(out));
        }
    }

    /** O_DIRECT with a 1000-byte block: the kernel refuses the pwrite (EINVAL), as DirectIoTest shows for Java. */
    @Test
    void aFailedCallExitsNonZeroNamingCallErrnoAndPathWithNoResultAndNoFilesLeft() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Path out = freshOut();
            TwinBinary.Run run = TwinBinary.run(List.of("--dir", dir.path().toString(), "--out", out.toString(), "--bench", "SyncWriteCost",
                    "-p", "syncMethod=FDATASYNC,O_DIRECT", "-p", "blockSizeBytes=1000", "-p", "writesPerSync=1", "-p", "preallocation=NONE",
                    "-wi", "0", "-i", "1", "-r", "20ms"));
            assertEquals(1, run.exitCode(), run.stderr());
            String failure = run.stderr().lines().filter(l -> l.contains("failed")).findFirst().orElseThrow();
            assertTrue(failure.matches("durabench-twin: pwrite failed: EINVAL \\(Invalid argument\\) on " + dir.path()
                    + "/durabench-o_direct-\\w+\\.log; no result written"), failure);
            assertFalse(Files.exists(out), "no result after a failed call, not even for the cell that worked");
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void aKilledRunDeletesItsFilesAndWritesNoResult() throws Exception {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Path out = freshOut();
            Process p = new ProcessBuilder(TwinBinary.build().toString(), "--no-lock", "--dir", dir.path().toString(), "--out", out.toString(),
                    "-p", "syncMethod=NONE", "-p", "preallocation=ZERO_FILL", "--bench", "SyncWriteCost|NativeCallCost",
                    "-wi", "0", "-i", "1", "-r", "20s").redirectErrorStream(true).start();
            List<String> lines = new ArrayList<>();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.add(line);
                    if (line.startsWith("# durabench-twin:")) {
                        Thread.sleep(300); // inside the first cell's 20 s iteration, with its log file open
                        assertEquals(1, dir.listing().size(), "the SyncWriteCost log file exists while it runs");
                        p.toHandle().destroy(); // SIGTERM, leaving our end of its pipe open
                    }
                }
            }
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            assertEquals(143, p.exitValue(), String.join("\n", lines));
            assertTrue(lines.get(lines.size() - 1).contains("interrupted by TERM; files deleted, no result written"), String.join("\n", lines));
            assertFalse(Files.exists(out));
            assertEquals(List.of(), dir.listing());
        }
    }
}
