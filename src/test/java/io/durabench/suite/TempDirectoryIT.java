package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.testing.CliProcess;
import io.durabench.testing.Commands;
import io.durabench.testing.TimingFree;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a run leaves in the temporary directory (its own, {@code -Djava.io.tmpdir}, so nothing else
 * on the machine can fool the count): nothing of durabench's or JMH's after a plain run. JMH's runner
 * (in {@link JmhHost}) makes its compiler hints file there ({@code jmh…compilecommand}) with
 * File.deleteOnExit, so the host must end through the JVM's exit, not halt. A run stopped by Ctrl-C or
 * SIGTERM is counted in {@link InterruptedRunIT}, one whose lock-step side is SIGKILLed in {@link KilledSideIT}.
 * A SIGKILLed CLI deletes nothing: its children's and fork pair's folders stay until the next run,
 * which removes each one whose lock is free ({@code TempFolders}).
 */
@TimingFree
class TempDirectoryIT {
    private static List<String> run(PrivateTmpRun run, String iterations) {
        return run(run, iterations, run.out());
    }

    private static List<String> run(PrivateTmpRun run, String iterations, Path out) {
        return new ArrayList<>(List.of("run", "--profile", "compare", "--dir", run.dir().toString(), "--out", out.toString(), "--",
                "SyncWriteCost", "-p", "syncMethod=FDATASYNC", "-p", "blockSizeBytes=8192", "-p", "writesPerSync=1", "-p", "preallocation=NONE",
                "-f", "1", "-wi", "0", "-i", iterations, "-r", "200ms"));
    }

    @Test
    void aPlainRunLeavesNothingInTheTemporaryDirectory() {
        try (PrivateTmpRun run = PrivateTmpRun.create("tmp-plain")) {
            CliProcess cli = run.start(run(run, "1"));
            assertEquals(0, run.awaitEnd(), cli.transcript());
            run.assertNothingLeft("after a plain run");
        }
    }

    @Test
    void theTemporaryFoldersOfALockStepRunWhoseCliWasSigkilledAreRemovedByTheNextRun() {
        try (PrivateTmpRun run = PrivateTmpRun.create("tmp-kill-cli")) {
            CliProcess cli = run.start(List.of("run", "--profile", "quick", "--lock-step", "--repeat", "2", "--dir", run.dir().toString(),
                    "--out", run.out().toString(), "--forks", "1", "--", "SyncWriteCost", "-p", "syncMethod=FDATASYNC", "-p", "blockSizeBytes=8192",
                    "-p", "writesPerSync=1", "-p", "preallocation=NONE"));
            run.awaitWorkloadFiles(2); // both sides measure: their output folders and the pair's hand-off folder are in use
            Commands.run("kill", "-KILL", Long.toString(cli.pid()));
            // The orphaned sides see their parent gone (ParentWatch) and end through their hooks, deleting their own files;
            // nothing deletes the CLI's folders.
            assertEquals(128 + 9, run.awaitEnd(), cli.transcript());
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(15);
            while (!sides(run).isEmpty() && System.nanoTime() < deadline) sleep(100);
            assertTrue(sides(run).isEmpty(), "the sides end when the CLI is killed: " + sides(run));
            List<String> left = run.tmpLeftovers();
            assertEquals(2, left.stream().filter(n -> n.startsWith("durabench-child-")).count(), "the sides' output folders stay: " + left);
            assertEquals(1, left.stream().filter(n -> n.startsWith("durabench-lockstep-")).count(), "the pair's hand-off folder stays: " + left);

            CliProcess next = run.start(run(run, "1", run.out().resolveSibling("next")));
            assertEquals(0, run.awaitEnd(), next.transcript());
            assertTrue(next.stdout().stream().anyMatch(l -> l.startsWith("# removed 3 temporary folders of killed durabench runs from ")),
                    "the next run removes them and says so:\n" + next.transcript());
            run.assertNothingLeft("after the next run");
        }
    }

    /** This run's lock-step sides still alive. */
    private static List<Long> sides(PrivateTmpRun run) {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains("LockStepSide") && c.contains(run.dir().toString()))
                .orElse(false)).map(ProcessHandle::pid).toList();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
