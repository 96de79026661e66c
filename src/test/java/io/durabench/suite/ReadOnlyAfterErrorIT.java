package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.env.EnvironmentProbe;
import io.durabench.env.TargetFilesystem;
import io.durabench.testing.CliProcess;
import io.durabench.testing.CliRun;
import io.durabench.testing.Commands;
import io.durabench.testing.Requires;
import io.durabench.testing.TestMounts;
import io.durabench.testing.TimingFree;
import io.durabench.workload.ownership.StaleFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A kernel error turns the target's filesystem read-only mid-run (ext4 mounted errors=remount-ro,
 * the error raised through /sys/fs/ext4/DEV/trigger_fs_error, as a corrupt block would): nothing
 * durabench made there can be deleted any more. The run names every file it leaves (path and
 * size: the cell's log, the owner locks) and says the next run in that directory removes them; a
 * run started then is refused, saying how to make it writable again; and once it is, the next run's
 * clean-up removes exactly those files.
 */
@TimingFree
class ReadOnlyAfterErrorIT {
    private static final Duration LONG = Duration.ofMinutes(3);
    /** "  /path/durabench-... (5.9 MiB)" under the leftovers line. */
    private static final Pattern LEFT = Pattern.compile("^ {2}(/\\S+) \\(([\\d.]+) (B|KiB|MiB|GiB)\\)$");

    @Test
    void everyFileLeftOnAFilesystemTurnedReadOnlyIsNamedWithItsSize() throws IOException {
        Requires.loopDevices();
        Requires.command("mkfs.ext4", "e2fsprogs");
        Path root = Files.createTempDirectory(Files.createDirectories(Path.of("target", "read-only-after-error-it").toAbsolutePath()), "t-");
        try (TestMounts mounts = new TestMounts()) {
            Path images = mounts.tmpfs(root.resolve("images"), "300m");
            String dev = mounts.loop(mounts.sparseFile(images.resolve("disk.img"), 256L << 20));
            Commands.run("mkfs.ext4", "-q", "-F", "-m", "0", dev);
            Path mnt = mounts.mount(dev, root.resolve("mnt"), "errors=remount-ro");
            Path dir = Files.createDirectories(mnt.resolve("data")).toRealPath();
            Files.writeString(dir.resolve("my-notes.txt"), "the user's own file\n");
            Path out = root.resolve("out");

            List<String> console;
            String stderr;
            try (CliProcess cli = CliProcess.start(List.of(), List.of("run", "--dir", dir.toString(), "--out", out.toString(), "--verbose", "--",
                    "SyncWriteCost", "-p", "syncMethod=FDATASYNC", "-p", "writesPerSync=1", "-p", "preallocation=NONE",
                    "-p", "blockSizeBytes=8192", "-f", "1", "-wi", "0", "-i", "20", "-r", "200ms"))) {
                // The first measured iteration of the fork that writes in dir: a class-data training fork, when the jar has
                // no archive yet for these flags, measures first, on /dev/shm, and the error must not land during it.
                boolean[] inDir = {false};
                cli.awaitLine(l -> {
                    if (l.startsWith("# Parameters: ")) inDir[0] = l.contains("targetDir = " + dir + ",");
                    return inDir[0] && l.startsWith("Iteration   1:");
                }, "of JMH's first measured iteration in " + dir, LONG);
                Files.writeString(Path.of("/sys/fs/ext4", Path.of(dev).getFileName().toString(), "trigger_fs_error"), "durabench test\n");
                int rc = cli.awaitExit(LONG);
                assertEquals(1, rc, "the cell FAILED: " + cli.transcript());
                console = cli.stdout();
                stderr = cli.stderr();
            }
            String context = "--- stdout\n" + String.join("\n", console) + "\n--- stderr\n" + stderr;
            TargetFilesystem fs = EnvironmentProbe.capture(dir).target();
            assertTrue(fs.readOnly(), "the error made it read-only: " + fs + "\n" + context);

            // The files left are each named once, with the size they have, after one line saying who removes them.
            List<String> lines = console;
            List<String> left = new RunFolder(out, dir).durabenchFilesLeft();
            int head = lines.indexOf("WARNING: durabench left " + left.size() + " files in " + dir + " that it could not delete "
                    + "(Read-only file system); the next run in that directory removes them once it can:");
            assertTrue(head >= 0, "the leftovers are announced: " + context);
            List<Path> named = new ArrayList<>();
            for (String l : lines.subList(head + 1, lines.size())) {
                Matcher m = LEFT.matcher(l);
                if (!m.matches()) break;
                Path p = Path.of(m.group(1));
                named.add(p);
                long unit = 1L << (10 * List.of("B", "KiB", "MiB", "GiB").indexOf(m.group(3)));
                // Half a unit either way, a tie included: 1,310,720 B is 1.25 MiB, printed 1.3, and 1.3 × 2^20 lies a hair
                // over half a unit away in floating point (a CI run failed on exactly that).
                assertEquals(Files.size(p), Double.parseDouble(m.group(2)) * unit, unit == 1 ? 0 : 0.05 * unit * (1 + 1e-9), "its size, to one decimal: " + l);
            }
            assertEquals(left, named.stream().map(p -> p.getFileName().toString()).sorted().toList(), "every file left, and only those: " + context);
            assertTrue(left.stream().anyMatch(n -> n.endsWith(".log")), "the cell's log is among them: " + left);
            assertTrue(left.stream().anyMatch(n -> n.endsWith(".lock")), "so is an owner lock: " + left);

            // A run now is refused before it starts, though the mount options still say rw (ext4's emergency_ro).
            CliRun again = new CliRun();
            again.assertOneLineError(again.run("run", "--dir", dir.toString(), "--out", root.resolve("out2").toString()),
                    "target directory " + dir + " is on a filesystem an error made read-only (" + mnt + ", options ", "emergency_ro",
                    "unmount it, check it (fsck) and mount it again, or pass another --dir");

            // Writable again as that line says: the next run's clean-up takes exactly those, and the user's file stays.
            Commands.run("umount", mnt.toString());
            Commands.problemRunning("e2fsck", "-f", "-y", dev); // exit 1: errors corrected, as expected after one
            Commands.run("mount", "-o", "errors=remount-ro", dev, mnt.toString());
            StaleFiles.Removal removal = StaleFiles.removeDeadOwners(dir);
            assertEquals(named.stream().sorted().toList(), removal.removed().stream().sorted().toList(), removal.summary());
            assertEquals(List.of("my-notes.txt"), new RunFolder(out, dir).listing());
            // (stdout holds JMH's own output, --verbose, with the benchmark's stack trace; durabench's stderr holds none)
            assertFalse(stderr.contains("\tat ") || stderr.contains("internal error"), "no stack trace, no internal error: " + context);
            assertTrue(console.stream().anyMatch(l -> l.startsWith("Results in ")), "the run went on to its end: " + context);
            System.out.println("[read-only after an error] " + String.join("\n", lines.subList(head, head + 1 + named.size())));
        } finally {
            Commands.deleteTree(root);
        }
    }
}
