package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.results.ResultsFolder;
import io.durabench.results.RunManifest;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's record as it goes: run.json rewritten after every cell, the results of every target and
 * JVM, and what happens when the run is cut short. On Ctrl-C (SIGINT to the process group) or
 * SIGTERM the JVM runs its shutdown hooks: this one stops all further writes (the cell being
 * measured is neither a number nor a failure), marks run.json interrupted, and says how many cells
 * finished, where they are and how to resume; the JVM then exits 130 (143 for SIGTERM).
 */
final class RunState {
    private final ResultsFolder folder;
    private final PrintWriter err;
    private final List<SlotResults> tracked = new ArrayList<>();
    private RunManifest manifest;
    private volatile boolean stopping;
    private Thread hook;

    RunState(ResultsFolder folder, RunManifest manifest, PrintWriter err) {
        this.folder = folder;
        this.manifest = manifest;
        this.err = err;
    }

    ResultsFolder folder() {
        return folder;
    }

    synchronized void start() {
        folder.writeManifest(manifest);
        hook = new Thread(this::interrupted, "durabench-run-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** The run ended on its own (or failed): the hook is not needed any more. */
    synchronized void stop() {
        if (hook == null || stopping) return;
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it will report
        }
        hook = null;
    }

    synchronized void track(SlotResults results) {
        tracked.add(results);
    }

    boolean stopping() {
        return stopping;
    }

    /**
     * Called by the run's thread once it sees the run interrupted: the JVM is shutting down (only the
     * shutdown hook sets {@code stopping}), so wait for it to halt rather than go on to the summary and
     * the report, which would write into a folder the hook has just marked interrupted.
     */
    void awaitHalt() {
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** The run's rounds and their seed, as run.json records them (a resumed run takes the same). */
    Rounds rounds() {
        return new Rounds(manifest.rounds(), manifest.seed());
    }

    synchronized void ran(RunTarget target, JvmSlot slot, Cell cell, int round, String outcome) {
        if (stopping) return;
        manifest = manifest.with(new RunManifest.Ran(target.label(), slot.label(), cell.toString(), round + 1, outcome, Instant.now().toString()));
        folder.writeManifest(manifest);
    }

    synchronized void finish() {
        if (stopping) return; // interrupted: run.json says so, and must go on saying it
        manifest = manifest.finishedAt(Instant.now().toString());
        folder.writeManifest(manifest);
    }

    private void interrupted() {
        stopping = true;
        synchronized (this) {
            tracked.forEach(SlotResults::close);
            manifest = manifest.interruptedNow();
            folder.writeManifest(manifest);
            long measured = manifest.ran().stream().filter(r -> r.outcome().equals("measured")).count();
            err.println();
            err.println("durabench: interrupted after " + manifest.ran().size() + " forks of cells (" + measured + " measured, "
                    + (manifest.ran().size() - measured) + " n/a or failed); they are kept in " + folder.root()
                    + "; `durabench run --resume " + folder.root() + "` measures the rest");
            err.flush();
        }
    }
}
