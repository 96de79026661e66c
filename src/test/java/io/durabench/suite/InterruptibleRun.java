package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.durabench.results.NotMeasured;
import io.durabench.results.RunManifest;
import io.durabench.testing.CliProcess;
import io.durabench.testing.Commands;
import io.durabench.testing.ProcessGroup;
import io.durabench.workload.ownership.OwnedNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * A short real `durabench run` that a test cuts short: four SyncWriteCost cells (one per sync
 * method) on a directory of its own under target/ (a disk, where syncs reach a device), started as
 * a terminal would start it, in a process group of its own ({@code setsid}), so that a signal to
 * the group reaches the CLI and JMH's forked JVM alike, as Ctrl-C does. A file of the user's lies
 * in the directory throughout and must survive everything.
 *
 * <p>Where it is cut is random (a cell k, then a moment inside the next cell's measurement); the
 * seed is in every failure message so a failure can be replayed ({@code -Ddurabench.interruptSeed=N}).
 * No timing is asserted: the timeouts are generous for a slow, shared machine.
 */
final class InterruptibleRun implements AutoCloseable {
    static final List<String> METHODS = List.of("NONE", "FDATASYNC", "O_DSYNC", "FSYNC");
    static final String USER_FILE = "my-notes.txt";
    static final String FORKED_MAIN = "org.openjdk.jmh.runner.ForkedMain";
    static final Duration LONG = Duration.ofMinutes(3);

    private final Path root;
    private final PrivateTmp tmp = PrivateTmp.create();
    private final RunFolder folder;
    private final long seed;
    private final Random random;
    private CliProcess cli;
    private ProcessGroup group;

    private InterruptibleRun(Path root, long seed) throws IOException {
        this.root = root;
        this.seed = seed;
        this.random = new Random(seed);
        Path dir = Files.createDirectories(root.resolve("data")).toRealPath();
        Files.writeString(dir.resolve(USER_FILE), "the user's own file: durabench must never touch it\n");
        this.folder = new RunFolder(root.resolve("out"), dir);
    }

    static InterruptibleRun create(String name) {
        long seed = Long.getLong("durabench.interruptSeed", System.nanoTime());
        try {
            Path base = Files.createDirectories(Path.of("target", "interrupt-it").toAbsolutePath());
            return new InterruptibleRun(Files.createTempDirectory(base, name + "-"), seed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The JMH options: one fork, no warmup, three short iterations: a cell takes about two seconds. */
    static List<String> plan() {
        return List.of("SyncWriteCost", "-p", "syncMethod=" + String.join(",", METHODS), "-p", "writesPerSync=1",
                "-p", "preallocation=NONE", "-p", "blockSizeBytes=8192", "-f", "1", "-wi", "0", "-i", "3", "-r", "200ms");
    }

    RunFolder folder() {
        return folder;
    }

    Path dir() {
        return folder.target();
    }

    /**
     * Starts the run in a process group of its own, with SIGINT and SIGTERM at their default action
     * as in a terminal (a shell without job control starts background jobs with SIGINT ignored, and
     * an ignored signal stays ignored across fork and exec; a JVM leaves an ignored SIGINT alone).
     */
    CliProcess start() {
        // The compare profile: quick's mode (average time) without the lock-step pairs a quick run measures after its rounds
        // (12 s here, for each of these tests, on each JDK and layer): they are not what these tests cut, and the resume
        // would measure them again.
        List<String> args = new ArrayList<>(List.of("run", "--profile", "compare", "--dir", dir().toString(), "--out", folder.out().toString(), "--"));
        args.addAll(plan());
        cli = CliProcess.startCommand(List.of("setsid", "env", "--default-signal=INT,TERM"), tmp.command(args));
        group = ProcessGroup.ledBy(cli);
        return cli;
    }

    ProcessGroup group() {
        return group;
    }

    CliProcess cli() {
        return cli;
    }

    /** Where a test cuts the run: after cell {@code afterCell} finished, inside the next cell's trial, whose log file is named. */
    record Cut(int afterCell, String trialFile) {
    }

    /**
     * Starts the run, waits for a random cell k (1 to 3 of 4: at least one is left to resume) to
     * finish and the next cell's trial to create its file, then a random 0..maxPauseMillis more.
     */
    Cut startAndReachARandomTrial(int maxPauseMillis) {
        start();
        int k = 1 + random.nextInt(3);
        awaitCell(k);
        String file = awaitTrialFile();
        pauseRandomly(maxPauseMillis);
        return new Cut(k, file);
    }

    /** Waits for the console line of the k-th finished cell ("[k/4 ..."). */
    String awaitCell(int k) {
        return cli.awaitLine(l -> l.startsWith("[" + k + "/" + METHODS.size() + " "), "for cell " + k + " (" + this + ")", LONG);
    }

    /**
     * Waits until the next cell's trial has created its log file in the directory (the feasibility
     * probe's files are gone by the first progress line, so this one is the forked JVM's) and
     * returns its name: from then on a signal finds files to clean up.
     */
    String awaitTrialFile() {
        long deadline = System.nanoTime() + LONG.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<String> f = folder.listing().stream()
                    .filter(n -> OwnedNames.tokenOfFile(n).isPresent() && n.endsWith(".log")).findFirst();
            if (f.isPresent()) return f.get();
            if (!cli.handle().isAlive()) return fail("the run ended before the next cell's trial began (" + this + "):\n" + cli.transcript());
            Commands.pause(5);
        }
        return fail("no trial file appeared in " + dir() + " within " + LONG + " (" + this + ")");
    }

    /** Sleeps a random 0..maxMillis, so the signal lands at a different point of the trial each time. */
    private void pauseRandomly(int maxMillis) {
        Commands.pause(random.nextInt(maxMillis + 1));
    }

    /** The run's results folder holds every cell the console reported, each once, in valid files. */
    void assertKeptFinishedCells(List<String> stdout) {
        List<String> printed = RunFolder.printedCells(stdout);
        List<String> kept = new ArrayList<>(folder.measured());
        folder.notMeasured(NotMeasured.Kind.FAILED).forEach(n -> kept.add(n.params().asMap().get("syncMethod")));
        folder.notMeasured(NotMeasured.Kind.NOT_APPLICABLE).forEach(n -> kept.add(n.params().asMap().get("syncMethod")));
        assertEquals(new HashSet<>(kept).size(), kept.size(), "a cell kept twice: " + kept + " (" + this + ")");
        assertTrue(kept.containsAll(printed), "finished cells " + printed + " but the folder keeps " + kept + " (" + this + ")");
        assertTrue(kept.containsAll(folder.ran()), "run.json lists " + folder.ran() + " but the folder keeps " + kept + " (" + this + ")");
    }

    /**
     * `durabench run --resume OUT` (as the interrupted run told the user) finishes the run: exit 0,
     * every cell measured exactly once, run.json finished and complete, nothing of durabench's left
     * in the directory (the files of a killed run included), the user's file untouched.
     * Returns its console output.
     */
    List<String> resumeAndAssertComplete() {
        try (CliProcess resumed = CliProcess.startCommand(List.of(), tmp.command(List.of("run", "--resume", folder.out().toString())))) {
            int rc = resumed.awaitExit(LONG);
            assertEquals(0, rc, "--resume must finish the run (" + this + "):\n" + resumed.transcript());
            assertEquals(METHODS.stream().sorted().toList(), folder.measured().stream().sorted().toList(),
                    "every cell once in jmh-result.json after --resume (" + this + ")");
            assertEquals(List.of(), folder.notMeasured(NotMeasured.Kind.FAILED), "no cell failed (" + this + ")");
            RunManifest m = folder.manifest();
            assertNotNull(m.finished(), "run.json says when the resumed run finished");
            assertTrue(!m.interrupted(), "run.json is not marked interrupted after --resume");
            assertEquals(METHODS.stream().sorted().toList(), folder.ran().stream().sorted().toList(), "run.json lists every cell once");
            assertUserFileOnly("after --resume");
            return resumed.stdout();
        }
    }

    /** Only the user's file is in the directory, as it was. */
    void assertUserFileOnly(String when) {
        assertEquals(List.of(USER_FILE), folder.listing(), "the directory " + when + " (" + this + ")");
        try {
            assertEquals("the user's own file: durabench must never touch it\n", Files.readString(dir().resolve(USER_FILE)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Nothing of durabench's or JMH's in the run's own temporary directory ({@link PrivateTmp}): JMH's runner makes its
     * compiler hints file there with File.deleteOnExit, so its host must have ended through the JVM's exit, not a halt.
     */
    void assertTmpEmpty(String when) {
        assertEquals(List.of(), tmp.leftovers(), "the temporary directory " + tmp.path() + " " + when + " (" + this + ")");
    }

    /** Kills what is left of the run and deletes the test's folders. */
    @Override
    public void close() {
        if (group != null) group.killAll();
        if (cli != null) cli.close();
        Commands.deleteTree(root);
        tmp.delete();
    }

    @Override
    public String toString() {
        return "seed " + seed + ", replay with -Ddurabench.interruptSeed=" + seed;
    }
}
