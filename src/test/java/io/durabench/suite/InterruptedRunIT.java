package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.RunManifest;
import io.durabench.testing.CliProcess;
import io.durabench.testing.TimingFree;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Ctrl-C and SIGTERM of a real run, as a terminal and a service manager send them: the signal goes
 * to the whole process group (the CLI and JMH's forked JVM), in a random cell, while the fork has
 * its log file open. The CLI exits 130 / 143 and says how many cells finished and how to resume;
 * every finished cell is in valid result files; run.json says interrupted; the JVMs' shutdown hooks
 * leave nothing of durabench's in the directory (the user's file stays) nor of durabench's or JMH's
 * in the run's own temporary directory; and `run --resume` measures the rest, every cell once.
 */
@TimingFree
class InterruptedRunIT {

    @Test
    void ctrlCToTheProcessGroupKeepsFinishedCellsLeavesNothingAndResumeCompletesTheRun() {
        interruptedBy("INT", 130);
    }

    @Test
    void sigtermToTheProcessGroupKeepsFinishedCellsLeavesNothingAndResumeCompletesTheRun() {
        interruptedBy("TERM", 143);
    }

    private static void interruptedBy(String signal, int exitCode) {
        try (InterruptibleRun run = InterruptibleRun.create("sig" + signal.toLowerCase(java.util.Locale.ROOT))) {
            int k = run.startAndReachARandomTrial(300).afterCell();
            CliProcess cli = run.cli();
            run.group().signal(signal);

            int rc = cli.awaitExit(InterruptibleRun.LONG);
            // JMH's fork gets the signal too and exits through its own hooks, maybe after the CLI.
            run.group().awaitEmpty(Duration.ofMinutes(1));
            String context = "SIG" + signal + " after cell " + k + ", " + run + ":\n" + cli.transcript();
            assertEquals(exitCode, rc, context);
            String err = cli.stderr();
            assertTrue(err.contains("durabench: interrupted after ") && err.contains("`durabench run --resume " + run.folder().out() + "`"),
                    "says how many cells finished and how to resume: " + context);
            run.assertKeptFinishedCells(cli.stdout());
            assertTrue(run.folder().measured().size() >= k, context);
            RunManifest m = run.folder().manifest();
            assertTrue(m.interrupted(), "run.json marked interrupted: " + context);
            assertNull(m.finished(), context);
            run.assertUserFileOnly("right after SIG" + signal);
            run.assertTmpEmpty("right after SIG" + signal);

            run.resumeAndAssertComplete();
        }
    }
}
