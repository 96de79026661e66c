package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.NotMeasured;
import io.durabench.testing.CliProcess;
import io.durabench.testing.CliRun;
import io.durabench.testing.Commands;
import io.durabench.testing.FailingDisk;
import io.durabench.testing.Requires;
import io.durabench.testing.TimingFree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real I/O errors from the kernel, on ext4 and XFS ({@link FailingDisk}): the device starts failing
 * while an fdatasync cell is being measured (after JMH has already measured an iteration), and
 * then a second run meets the dead device from its start. Each time, every sync cell is FAILED with
 * the call, errno and path, in the console, the summary, not-applicable.json and the report; no
 * number is recorded; the run exits 1; nothing of durabench's is left in the directory; and strace,
 * following every JVM of the run, shows that no sync was made on a file after one on it failed, and
 * that the error durabench names is the first one the kernel returned.
 */
@TimingFree
class KernelFaultsIT {
    private static final Pattern FAILED_SYNC = Pattern.compile("FAILED(?: \\S+)? syncMethod=(\\w+).*?: (?:E[A-Z]+: )?((\\w+) failed: (E[A-Z]+) \\([^)]*\\) on (\\S+))$");
    private static final Duration LONG = Duration.ofMinutes(3);

    /** Per test, not @BeforeAll: a class-level skip reaches Surefire's report as zero tests, its reason lost. */
    @BeforeEach
    void machine() {
        Requires.loopDevices();
        Requires.command("fstrim", "util-linux");
        Requires.strace();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ext4", "xfs"})
    void aDeviceThatFailsWritesFailsEverySyncCellWithItsErrnoAndPathAndNoNumber(String filesystem) throws IOException {
        Requires.filesystem(filesystem);
        Requires.command("mkfs." + filesystem, filesystem.equals("xfs") ? "xfsprogs" : "e2fsprogs");
        Path root = Files.createTempDirectory(Files.createDirectories(Path.of("target", "kernel-faults-it").toAbsolutePath()), filesystem + "-");
        try (FailingDisk disk = FailingDisk.create(root.resolve("disk"), filesystem)) {
            Path dir = Files.createDirectories(disk.mountPoint().resolve("data")).toRealPath(); // as durabench and strace name it
            Files.writeString(dir.resolve("my-notes.txt"), "the user's own file\n");
            disk.sync();

            // 1. The device fails mid-measurement: JMH has measured the first iteration of FDATASYNC.
            Path out1 = root.resolve("out1");
            List<String> console1 = failingRun(dir, out1, root.resolve("strace1.txt"), disk, true);
            // 2. The same run again on the dead device: the feasibility probe meets the error first.
            disk.trim();
            List<String> console2 = failingRun(dir, out1.resolveSibling("out2"), root.resolve("strace2.txt"), disk, false);
            System.out.println("[" + filesystem + "] during the measurement: " + failedLines(console1) + "\n[" + filesystem
                    + "] next run: " + failedLines(console2));
        } finally {
            Commands.deleteTree(root);
        }
    }

    /** One traced run of FDATASYNC and FSYNC on {@code dir}; with {@code failMidway}, the device starts failing after iteration 1. */
    private static List<String> failingRun(Path dir, Path out, Path trace, FailingDisk disk, boolean failMidway) {
        List<String> args = new ArrayList<>(List.of("run", "--verbose", "--dir", dir.toString(), "--out", out.toString(), "--",
                "SyncWriteCost", "-p", "syncMethod=FDATASYNC,FSYNC", "-p", "writesPerSync=1", "-p", "preallocation=NONE",
                "-p", "blockSizeBytes=8192", "-f", "1", "-wi", "0", "-i", failMidway ? "20" : "2", "-r", "200ms"));
        try (CliProcess cli = CliProcess.start(SyncCalls.strace(trace), args)) {
            if (failMidway) {
                cli.awaitLine(l -> l.startsWith("Iteration   1:"), "of JMH's first measured iteration", LONG);
                disk.failWrites();
            }
            int rc = cli.awaitExit(LONG);
            String context = (failMidway ? "failing midway" : "failing from the start") + ":\n" + cli.transcript();
            assertEquals(1, rc, "a FAILED cell fails the run: " + context);
            List<String> console = cli.stdout();

            // The console's progress line and the summary both name call, errno and path, for each cell.
            SyncCalls kernel = SyncCalls.read(trace, dir);
            kernel.assertNoSyncAfterAFailure();
            RunFolder folder = new RunFolder(out, dir);
            List<NotMeasured> failed = folder.notMeasured(NotMeasured.Kind.FAILED);
            assertEquals(2, failed.size(), "both sync cells FAILED: " + context);
            for (NotMeasured n : failed) {
                String method = n.params().asMap().get("syncMethod");
                Matcher m = FAILED_SYNC.matcher("FAILED syncMethod=" + method + ": " + n.reason());
                assertTrue(m.matches(), "not-applicable.json's reason names call, errno and path: " + n.reason());
                assertEquals(method.equals("FSYNC") ? "fsync" : "fdatasync", m.group(3), n.reason());
                assertTrue(m.group(5).startsWith(dir + "/durabench-"), n.reason());
                assertEquals(kernel.firstFailure(m.group(5)), m.group(3) + " failed: " + m.group(4),
                        "durabench reports the first error the kernel returned on that file");
                assertTrue(console.stream().anyMatch(l -> l.startsWith("FAILED ") && l.contains("syncMethod=" + method) && l.endsWith(m.group(2))),
                        "the summary names the failure: " + context);
                assertTrue(console.stream().anyMatch(l -> l.startsWith("[") && l.contains("syncMethod=" + method) && l.contains("FAILED: ")),
                        "the progress line says FAILED: " + context);
            }
            assertEquals(List.of(), folder.measured(), "no number recorded for a cell whose sync failed: " + context);
            assertEquals(List.of("my-notes.txt"), folder.listing(), "nothing left in the directory: " + context);

            CliRun report = new CliRun();
            assertEquals(0, report.run("report", out.toString()), report.err());
            for (NotMeasured n : failed) {
                assertTrue(report.out().contains("FAILED: " + n.reason()), "the report shows the failure:\n" + report.out());
            }
            return console;
        }
    }

    private static List<String> failedLines(List<String> console) {
        return console.stream().filter(l -> l.startsWith("FAILED ")).toList();
    }
}
