package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.NotMeasured;
import io.durabench.results.RunManifest;
import io.durabench.testing.CliProcess;
import io.durabench.testing.Commands;
import io.durabench.testing.TimingFree;
import io.durabench.workload.ownership.OwnedNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SIGKILL, which no process can catch, of a real run in a random cell, while JMH's forked JVM has
 * its log file open: of the CLI (its owner lock stays; the orphaned fork ends by itself, deleting
 * its own files; the next run, `--resume`, removes the lock and finishes the run), and of the
 * forked JVM (the CLI reports that cell FAILED, removes the killed JVM's files at once, and goes on).
 */
@TimingFree
class KilledRunIT {

    @Test
    void sigkillOfTheCliKeepsFinishedCellsAndTheNextRunRemovesItsFilesAndFinishes() {
        try (InterruptibleRun run = InterruptibleRun.create("kill-cli")) {
            int k = run.startAndReachARandomTrial(300).afterCell();
            CliProcess cli = run.cli();
            Commands.run("kill", "-KILL", Long.toString(cli.pid()));

            int rc = cli.awaitExit(InterruptibleRun.LONG);
            // The fork lost its host: it fails at its next report and exits through its hooks.
            run.group().awaitEmpty(Duration.ofMinutes(1));
            String context = "SIGKILL of the CLI after cell " + k + ", " + run + ":\n" + cli.transcript();
            assertEquals(128 + 9, rc, context);
            run.assertKeptFinishedCells(cli.stdout());
            assertTrue(run.folder().measured().size() >= k, context);
            RunManifest m = run.folder().manifest();
            assertFalse(m.interrupted(), "no hook ran to say so: " + context);
            assertNull(m.finished(), context);
            List<String> left = run.folder().durabenchFilesLeft();
            assertFalse(left.isEmpty(), "a SIGKILLed CLI cannot delete its owner lock: " + context);
            assertTrue(left.stream().allMatch(n -> OwnedNames.tokenOfLock(n).isPresent() || OwnedNames.tokenOfFile(n).isPresent()),
                    "only files durabench provably owns are left: " + left);

            List<String> resumed = run.resumeAndAssertComplete();
            for (String f : left) {
                assertTrue(resumed.stream().anyMatch(l -> l.startsWith("# removed ") && l.contains(f)),
                        "the next run says it removed " + f + ":\n" + String.join("\n", resumed));
            }
        }
    }

    @Test
    void sigkillOfTheForkedJvmFailsThatCellRemovesItsFilesAndTheRunGoesOn() {
        try (InterruptibleRun run = InterruptibleRun.create("kill-fork")) {
            InterruptibleRun.Cut cut = run.startAndReachARandomTrial(200);
            int k = cut.afterCell();
            String trialFile = cut.trialFile();
            CliProcess cli = run.cli();
            ProcessHandle fork = run.group().awaitMember(InterruptibleRun.FORKED_MAIN, InterruptibleRun.LONG);
            assertTrue(fork.destroyForcibly(), "SIGKILL sent to the forked JVM " + fork.pid());

            String killedCell = run.awaitCell(k + 1);
            int rc = cli.awaitExit(InterruptibleRun.LONG);
            run.group().awaitEmpty(Duration.ofMinutes(1));
            String context = "SIGKILL of the fork (" + trialFile + ") after cell " + k + ", " + run + ":\n" + cli.transcript();
            assertTrue(killedCell.contains("FAILED: the benchmark JVM was killed with SIGKILL"), context);
            assertEquals(1, rc, "a FAILED cell fails the run: " + context);
            String method = RunFolder.methodOf(killedCell);
            List<NotMeasured> failed = run.folder().notMeasured(NotMeasured.Kind.FAILED);
            assertEquals(List.of(method), failed.stream().map(n -> n.params().asMap().get("syncMethod")).toList(), context);
            List<String> others = new ArrayList<>(InterruptibleRun.METHODS);
            others.remove(method);
            assertEquals(others.stream().sorted().toList(), run.folder().measured().stream().sorted().toList(),
                    "every other cell measured, the killed one has no number: " + context);
            assertTrue(cli.stdout().stream().anyMatch(l -> l.startsWith("# removed ") && l.contains(trialFile)),
                    "the run removes the killed JVM's files right after its cell: " + context);
            run.assertUserFileOnly("after the run");

            // The run finished (with a FAILED cell): there is nothing for --resume to do.
            try (CliProcess resume = CliProcess.start(List.of(), List.of("run", "--resume", run.folder().out().toString()))) {
                assertEquals(2, resume.awaitExit(InterruptibleRun.LONG), resume.transcript());
                assertTrue(resume.stderr().contains("that run finished"), resume.transcript());
            }
        }
    }
}
