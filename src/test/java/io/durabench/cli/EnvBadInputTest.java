package io.durabench.cli;

import static io.durabench.cli.ReportBadInputTest.blockDevice;
import static io.durabench.cli.ReportBadInputTest.link;
import static io.durabench.cli.ResultFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import io.durabench.cli.BadInputTrials.Case;
import io.durabench.env.PathKind;
import io.durabench.testing.Commands;
import io.durabench.testing.Requires;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to `durabench env --dir DIR [--out FOLDER]`: a DIR that is missing, a file, a device, a link to
 * nothing, or on /proc or /sys; an --out (a folder, or the deprecated FILE) that is a disk, on /proc, or under a file. Each:
 * one line, exit 2, nothing on stdout, nothing written. And a linked DIR and --out are followed,
 * with the real places named.
 */
class EnvBadInputTest {
    private static final BadInputTrials TRIALS = new BadInputTrials();
    private static final String OUT_FILE_NOTICE = "durabench: warning: --out FILE is deprecated; use --out DIR (environment.json is written into it)";

    @TempDir
    static Path tmp;

    @AfterAll
    static void writeTable() {
        TRIALS.write("env");
    }

    @TestFactory
    Stream<DynamicTest> everyBadInputIsOneLineExitTwoAndWritesNothing() {
        List<DynamicTest> tests = new ArrayList<>();
        int n = 0;
        for (Case c : cases()) {
            Path dir = tmp.resolve("case-" + n++);
            tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                Files.createDirectories(dir);
                List<String> args = new ArrayList<>(List.of("env", "--dir"));
                args.addAll(c.args().apply(dir));
                TRIALS.refused(c.name(), args, tmp, c.fragments());
            }));
        }
        return tests.stream();
    }

    private static List<Case> cases() {
        String shm = "/dev/shm";
        return List.of(
                new Case("DIR empty", d -> List.of(""), "--dir is empty"),
                new Case("--out empty", d -> List.of(shm, "--out", ""), "--out is empty: name a"),
                new Case("DIR missing", d -> List.of(d.resolve("nope").toString()), "--dir does not exist", "create it"),
                new Case("DIR is a file", d -> List.of(write(d.resolve("f"), "x").toString()),
                        "--dir is not a directory", "f is a regular file", "pass the directory"),
                new Case("DIR is /proc", d -> List.of("/proc"), "--dir /proc is on proc, a kernel pseudo-filesystem", "pass a directory"),
                new Case("DIR is in /sys", d -> List.of("/sys/kernel"), "--dir /sys/kernel is on sysfs"),
                new Case("DIR is a character device", d -> List.of("/dev/null"), "/dev/null is a character device"),
                new Case("DIR is a block device", d -> List.of(blockDevice().toString()), "is a block device", "pass the directory"),
                new Case("DIR is a dangling link", d -> List.of(link(d.resolve("link"), d.resolve("gone")).toString()),
                        "link is a symbolic link to", "which does not exist"),
                new Case("--out folder under a file", d -> List.of(shm, "--out", write(d.resolve("f"), "x").resolve("sub").toString()),
                        "cannot be created", "f is a regular file", "name a folder"),
                new Case("--out folder in /proc", d -> List.of(shm, "--out", "/proc/durabench-env"), "is on proc", "name a folder on a real filesystem"),
                new Case("--out in a missing folder", d -> List.of(shm, "--out", d.resolve("no/such/env.json").toString()),
                        "--out folder does not exist", "create it first"),
                new Case("--out under a file", d -> List.of(shm, "--out", write(d.resolve("f"), "x").resolve("env.json").toString()),
                        "cannot be written", "f is a regular file, not a folder"),
                new Case("--out is a block device", d -> List.of(shm, "--out", blockDevice().toString()),
                        "is a block device: writing there would overwrite a disk"),
                new Case("--out in /proc", d -> List.of(shm, "--out", "/proc/durabench-env.json"), "is on proc", "name a file on a real filesystem"),
                new Case("--out is a dangling link", d -> List.of(shm, "--out", link(d.resolve("outlink"), d.resolve("gone")).toString()),
                        "outlink is a symbolic link to", "fix the link or name another file"));
    }

    @Test
    void aLinkedDirAndALinkedOutAreFollowedAndTheRealPlacesNamed() throws IOException {
        Path realDir = Files.createDirectories(tmp.resolve("real-dir"));
        Path dirLink = link(tmp.resolve("dir-link"), realDir);
        Path realOut = Files.createDirectories(tmp.resolve("real-out"));
        Path outLink = link(tmp.resolve("out-link"), realOut);
        CliRun run = CliRun.of("env", "--dir", dirLink.toString(), "--out", outLink.toString());
        assertEquals(0, run.exitCode(), run.err());
        Path written = realOut.toRealPath().resolve("environment.json");
        assertEquals("wrote " + written + System.lineSeparator(), run.out());
        assertEquals("", run.err());
        String directory = JsonParser.parseString(Files.readString(written)).getAsJsonObject()
                .getAsJsonObject("target").get("directory").getAsString();
        assertEquals(realDir.toRealPath().toString(), directory, "the JSON names the directory the link leads to");
    }

    /** A pipe (as /dev/stdout often is) gets the JSON in place and stays a pipe: no temporary file renamed over it. */
    @Test
    void aFifoOutIsWrittenInPlaceAndStaysAFifo() throws Exception {
        Path fifo = SpecialFiles.fifo(tmp.resolve("env-fifo"));
        CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readString(fifo);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        CliRun run = CliRun.of("env", "--dir", "/dev/shm", "--out", fifo.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(OUT_FILE_NOTICE, run.err().strip(), "a file as --out is the old spelling: one line says so");
        assertEquals("", run.out(), "no 'wrote' line for a pipe");
        assertEquals("tmpfs", JsonParser.parseString(read.get(30, TimeUnit.SECONDS)).getAsJsonObject()
                .getAsJsonObject("target").get("filesystem").getAsString());
        assertEquals(PathKind.FIFO, PathKind.of(fifo), "the pipe must still be a pipe");
    }

    /**
     * The same for a character device. Root gets a private /dev/null (major 1, minor 3) made in the
     * test folder, since root could replace the real one; anyone else writes /dev/null itself, where
     * a temporary file beside it could not even be made.
     */
    @Test
    void aCharacterDeviceOutIsWrittenInPlaceAndStaysADevice() {
        Path devNull = Requires.isRoot() ? tmp.resolve("null") : Path.of("/dev/null");
        if (Requires.isRoot()) Commands.run("mknod", devNull.toString(), "c", "1", "3");
        CliRun run = CliRun.of("env", "--dir", "/dev/shm", "--out", devNull.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(PathKind.CHARACTER_DEVICE, PathKind.of(devNull), "the device node must still be a device node");
        assertFalse(Files.exists(devNull.resolveSibling(".null.tmp")), "no temporary file beside it");
    }

    @Test
    void debugPrintsTheStackTraceBeforeTheOneLineWhereverItIsGiven() {
        for (String[] args : List.of(new String[] {"--debug", "env", "--dir", "/proc"}, new String[] {"env", "--dir", "/proc", "--debug"})) {
            CliRun run = CliRun.of(args);
            assertEquals(2, run.exitCode(), run.err());
            assertTrue(run.err().contains("\tat io.durabench.cli.EnvCommand"), "stack trace with --debug:\n" + run.err());
            List<String> lines = run.err().lines().toList();
            assertTrue(lines.get(lines.size() - 1).startsWith("durabench: --dir /proc is on proc"), "the one line stays last:\n" + run.err());
        }
        CliRun parseError = CliRun.of("env", "--no-such-option", "--debug");
        assertEquals(2, parseError.exitCode(), parseError.err());
        assertTrue(parseError.err().contains("\tat picocli."), "a parse error's trace too:\n" + parseError.err());
        CliRun plain = CliRun.of("env", "--dir", "/proc");
        assertFalse(plain.err().contains("\tat "), plain.err());
        assertTrue(CliRun.of("env", "--help").out().contains("--debug"), "--debug is in every command's help");
    }
}
