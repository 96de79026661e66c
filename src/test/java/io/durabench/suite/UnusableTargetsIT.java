package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.NotMeasured;
import io.durabench.testing.CliProcess;
import io.durabench.testing.CliRun;
import io.durabench.testing.Commands;
import io.durabench.testing.Requires;
import io.durabench.testing.SpaceFiller;
import io.durabench.testing.TestMounts;
import io.durabench.testing.TimingFree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Real targets a run cannot use, on real mounts the test makes (ext4 on loop devices whose images
 * live in a tmpfs of the test's own, so nothing is written to the machine's disk): too small for a
 * trial, filled by another program during a trial, mounted read-only, and not writable for the
 * user running durabench. Each is refused before anything runs or is written (exit 2, one line),
 * or, when it happens during a trial, the cell is FAILED with the errno and path, no number, and
 * nothing left behind.
 */
@TimingFree
class UnusableTargetsIT {
    private static final Duration LONG = Duration.ofMinutes(3);
    private Path root;
    private TestMounts mounts;

    @BeforeEach
    void scratch() throws IOException {
        root = Files.createTempDirectory(Files.createDirectories(Path.of("target", "unusable-targets-it").toAbsolutePath()), "t-");
        mounts = new TestMounts();
    }

    @AfterEach
    void cleanUp() {
        try {
            mounts.close();
        } finally {
            Commands.deleteTree(root);
        }
    }

    /** An ext4 filesystem of {@code mib} MiB (no blocks reserved for root), mounted with {@code options}. */
    private Path ext4(String name, long mib, String options) {
        Requires.loopDevices();
        Requires.command("mkfs.ext4", "e2fsprogs");
        Path images = root.resolve("images");
        if (!Files.isDirectory(images)) mounts.tmpfs(images, "512m");
        String dev = mounts.loop(mounts.sparseFile(images.resolve(name + ".img"), mib << 20));
        Commands.run("mkfs.ext4", "-q", "-F", "-m", "0", dev);
        return mounts.mount(dev, root.resolve(name), options);
    }

    /** `durabench run --dir target` refused in one line holding every fragment, exit 2, nothing written anywhere; returns the line. */
    private String refusedRun(Path target, String... fragments) {
        List<String> before = listing(target);
        Path out = root.resolve("out");
        CliRun cli = new CliRun();
        cli.assertOneLineError(cli.run("run", "--dir", target.toString(), "--out", out.toString()), fragments);
        assertFalse(Files.exists(out), "no results folder for a refused run");
        assertEquals(before, listing(target), "nothing written in the target");
        return cli.err().strip();
    }

    @Test
    void aFilesystemTooSmallForATrialIsRefusedSayingHowMuchSpaceIsNeeded() {
        Path small = ext4("small", 100, "");
        System.out.println("[too small] " + refusedRun(small, "target directory " + small + " has ", " MiB free; a trial needs 132 MiB"));
    }

    @Test
    void aTrialThatRunsOutOfSpaceAnywayIsFailedWithEnospcAndLeavesNothing() throws IOException {
        Path mnt = ext4("filling", 200, ""); // ~180 MiB free: the free-space check lets the run start
        Path dir = Files.createDirectories(mnt.resolve("data")).toRealPath();
        Files.writeString(dir.resolve("my-notes.txt"), "the user's own file\n");
        Path out = root.resolve("out");
        try (CliProcess cli = CliProcess.start(List.of(), List.of("run", "--verbose", "--dir", dir.toString(), "--out", out.toString(), "--",
                "SyncWriteCost", "-p", "syncMethod=FDATASYNC", "-p", "writesPerSync=1", "-p", "preallocation=NONE",
                "-p", "blockSizeBytes=8192", "-f", "1", "-wi", "0", "-i", "20", "-r", "200ms"))) {
            cli.awaitLine(l -> l.startsWith("Iteration   1:"), "of JMH's first measured iteration", LONG);
            int rc;
            // Another program takes every free block (and keeps taking what is freed) while the trial writes.
            try (SpaceFiller other = SpaceFiller.fill(mnt.resolve("another-program.dat"))) {
                rc = cli.awaitExit(LONG);
            }
            String context = cli.transcript();
            assertEquals(1, rc, context);
            RunFolder folder = new RunFolder(out, dir);
            List<NotMeasured> failed = folder.notMeasured(NotMeasured.Kind.FAILED);
            assertEquals(1, failed.size(), context);
            String reason = failed.get(0).reason();
            assertTrue(Pattern.matches("\\w+ failed: ENOSPC \\(No space left on device\\) on " + Pattern.quote(dir + "/durabench-") + "\\S+", reason),
                    "ENOSPC named with call and path: " + reason);
            assertTrue(cli.stdout().stream().anyMatch(l -> l.startsWith("FAILED ") && l.endsWith(reason)), context);
            assertEquals(List.of(), folder.measured(), "no number for a trial that ran out of space");
            assertEquals(List.of("my-notes.txt"), folder.listing(), "nothing left in the directory");
            System.out.println("[ENOSPC] " + cli.stdout().stream().filter(l -> l.startsWith("FAILED ")).toList());
        }
    }

    @Test
    void aReadOnlyMountIsRefusedBeforeAnythingRuns() {
        Path ro = ext4("readonly", 200, "ro");
        System.out.println("[read-only] " + refusedRun(ro, "target directory " + ro + " is on a read-only mount",
                "remount it rw or pass another --dir"));
    }

    /**
     * Root may write anywhere, so as root the command line runs as the user nobody (setpriv) on a
     * folder of root's; any other user is refused a folder of its own without write permission.
     */
    @Test
    void aDirectoryTheUserCannotWriteIsRefusedInOneLine() throws IOException {
        if (Requires.isRoot()) Requires.command("setpriv", "util-linux");
        // A folder every user can reach (the checkout may sit under a private home): the jar and the target.
        Path shared = Files.createTempDirectory(Path.of("/dev/shm"), "durabench-nobody-it-");
        try {
            Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path jar = CliProcess.readableCopyOfJar(shared);
            Path locked = Files.createDirectory(shared.resolve("not-writable"));
            Path out = Files.createDirectory(shared.resolve("users-out"));
            List<String> asUser = List.of();
            if (Requires.isRoot()) { // root's, 0755: nobody may not write
                Commands.run("chown", "nobody:nogroup", out.toString());
                asUser = List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--");
            } else {
                Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
            }
            try (CliProcess cli = CliProcess.startCommand(asUser,
                    CliProcess.command(jar, List.of("run", "--dir", locked.toString(), "--out", out.toString())))) {
                int rc = cli.awaitExit(LONG);
                String err = cli.stderr().strip();
                assertEquals(2, rc, cli.transcript());
                assertEquals(1, err.lines().count(), err);
                assertEquals("durabench: target directory " + locked + " is not writable: fix its permissions or pass another --dir", err);
                assertEquals(List.of(), cli.stdout(), "nothing but the one line");
                assertEquals(List.of(), listing(out), "nothing written");
                assertEquals(List.of(), listing(locked), "nothing written");
                System.out.println("[not writable] " + err);
            }
        } finally {
            Commands.deleteTree(shared);
        }
    }

    private static List<String> listing(Path dir) {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
