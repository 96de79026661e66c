package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One check of --out for every command that takes it (run, gate, compare, report, plot, env): a
 * place that cannot hold the output is refused before anything is read or measured, exit 2, in
 * the same one line naming the path, why, and what to name instead.
 */
class OutFolderTest {
    private static final String RUN = "src/test/resources/report/real-run"; // a real run: only --out is wrong
    private static final String PROC = "/proc/durabench-test-out";

    @TempDir
    Path tmp;

    @Test
    void anOutOnAPseudoFilesystemIsRefusedTheSameWayByEveryCommand() {
        String folder = "--out " + PROC + " is on proc, a kernel pseudo-filesystem, not storage; name a folder on a real filesystem";
        for (List<String> command : List.of(List.of("run", "--dir", "/dev/shm"), List.of("gate", RUN, "--dir", "/dev/shm"),
                List.of("gate", "--history", tmp.resolve("history").toString(), "--dir", "/dev/shm"),
                List.of("compare", RUN, RUN), List.of("report", RUN), List.of("plot", RUN), List.of("env", "--dir", "/dev/shm"))) {
            assertRefused(command, PROC, folder);
        }
    }

    @Test
    void aNewRunsFolderMustBeMissingOrEmpty() throws IOException {
        Path full = Files.createDirectories(tmp.resolve("full"));
        Files.writeString(full.resolve("someone-elses.txt"), "x");
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        for (List<String> command : List.of(List.of("run", "--dir", "/dev/shm"), List.of("gate", RUN, "--dir", "/dev/shm"))) {
            assertRefused(command, full.toString(), "--out " + full + " already exists and is not empty: name a new folder (it is created)");
            assertRefused(command, file.toString(), "--out " + file + " is a regular file, not a folder; name a folder for the files (it is created if missing)");
        }
        assertEquals(List.of("someone-elses.txt"), List.of(full.toFile().list()));
    }

    private static void assertRefused(List<String> command, String out, String line) {
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of("--out", out));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(2, run.exitCode(), args + ": " + run.out() + run.err());
        assertEquals("durabench: " + line, run.err().strip(), String.join(" ", args));
        assertEquals("", run.out(), String.join(" ", args));
    }
}
