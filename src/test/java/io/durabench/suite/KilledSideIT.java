package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.testing.CliProcess;
import io.durabench.testing.Commands;
import io.durabench.testing.Requires;
import io.durabench.testing.TimingFree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * SIGKILL, which runs no hook, of one side of a real lock-step run while both sides have their
 * files open: a Java side (B of an A/A on one JVM), and the C twin's side (A of a --twin run). The
 * run goes on to its end: exit 1, the cell FAILED with the side and the signal named; the run (the
 * parent, which knows the side is dead: its owner lock is free) removes the killed side's files
 * before it ends and says so; the target directory then holds the user's file only, and the run's
 * own temporary directory nothing of durabench's or JMH's (the hand-off folder, the children's
 * output folders).
 */
@TimingFree
class KilledSideIT {
    /** One cell, two fork pairs: the kill lands in the first, and the cell, FAILED, is not measured again. */
    private static final List<String> CELL = List.of("--forks", "2", "--", "SyncWriteCost", "-p", "syncMethod=FDATASYNC",
            "-p", "blockSizeBytes=8192", "-p", "writesPerSync=1", "-p", "preallocation=NONE");

    @Test
    void sigkillOfAJavaSideFailsTheCellNamesItAndLeavesNoFileOfIt() {
        killedSide("kill-java-side", List.of("--repeat", "2"), "io.durabench.lockstep.LockStepSide --side B", "B");
    }

    @Test
    void sigkillOfTheCTwinsSideFailsTheCellNamesItAndLeavesNoFileOfIt() {
        assumeTrue(Requires.onPath("cc") || Files.isExecutable(Path.of("target", "twin", "durabench-twin")),
                "no cc on PATH and no built twin: the C side cannot run here");
        killedSide("kill-twin-side", List.of("--twin"), "durabench-twin --lock-step-side A", "A");
    }

    private static void killedSide(String name, List<String> mode, String sideCommand, String side) {
        long seed = Long.getLong("durabench.interruptSeed", System.nanoTime());
        try (PrivateTmpRun run = PrivateTmpRun.create(name)) {
            List<String> args = new ArrayList<>(List.of("run", "--profile", "quick", "--lock-step"));
            args.addAll(mode);
            args.addAll(List.of("--dir", run.dir().toString(), "--out", run.out().toString()));
            args.addAll(CELL);
            CliProcess cli = run.start(args);
            ProcessHandle victim = run.group().awaitMember(sideCommand, PrivateTmpRun.LONG);
            run.awaitWorkloadFiles(2); // both sides have opened their workloads: the pair is measuring
            Commands.pause(new Random(seed).nextInt(1000));
            List<String> before = run.listing();
            assertTrue(victim.destroyForcibly(), "SIGKILL sent to side " + side + " (" + victim.pid() + ")");

            int rc = run.awaitEnd();
            String context = "SIGKILL of side " + side + " (" + sideCommand + ") with " + before + " in the directory, seed " + seed
                    + " (replay with -Ddurabench.interruptSeed=" + seed + "):\n" + cli.transcript();
            assertEquals(1, rc, "a FAILED cell fails the run: " + context);
            String failed = "FAILED: side " + side + ": side " + side + " was killed with SIGKILL";
            assertTrue(cli.stdout().stream().anyMatch(l -> l.startsWith("[pair 1/2 ") && l.contains(failed)),
                    "the pair's line names the side and the signal: " + context);
            assertTrue(cli.stdout().stream().anyMatch(l -> l.startsWith("# removed ") && l.contains("killed durabench run")),
                    "the run removes the killed side's files before it ends, and says so: " + context);
            run.assertNothingLeft("after the run");
        }
    }
}
