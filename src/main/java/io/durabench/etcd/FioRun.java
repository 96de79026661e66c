package io.durabench.etcd;

import io.durabench.child.ChildFailedException;
import io.durabench.child.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * fio running a check's job once ({@link ForkJob}: etcd's, or io_uring's at queue depth 1), for the side-by-side: its JSON kept in the check's folder, its data
 * file ({@code NAME.0.0} in the target, which fio leaves behind) deleted whatever happens, Ctrl-C
 * included. A fio that fails gives no figures and says why; fio is the comparison, not the verdict.
 */
public final class FioRun {
    /** What a fio run gave: its figures, or why none, and where its JSON is. */
    public record Outcome(JobFigures figures, String failed, Path json) {
        public boolean ok() {
            return failed == null;
        }
    }

    /** fio prints its version at once. */
    static final Duration VERSION_LIMIT = Duration.ofSeconds(30);

    /**
     * The same appends with fdatasync as a fork of ours, so the same limit as a fork
     * ({@link EtcdRounds#FORK_LIMIT}): seconds on a disk fit for etcd, under two minutes at 10 ms a
     * sync; a job still running then is hung, and is killed so the check goes on without its figures.
     */
    static final Duration LIMIT = EtcdRounds.FORK_LIMIT;

    private FioRun() {
    }

    /** fio's version ("fio-3.33") when {@code fio} runs, else empty (not installed). */
    public static Optional<String> version(String fio) {
        try (ChildProcess p = ChildProcess.startMerged(List.of(fio, "--version"), "fio --version")) {
            ChildProcess.Exit e = p.await(VERSION_LIMIT);
            if (e.code() != 0) return Optional.empty();
            return Optional.of(String.join("\n", e.stdout()).strip().lines().findFirst().orElse("fio"));
        } catch (ChildFailedException e) {
            return Optional.empty();
        }
    }

    /** Runs {@code job} in {@code dir} as fio's job {@code jobName}, its JSON into {@code json}. */
    public static Outcome run(String fio, ForkJob job, Path dir, String jobName, Path json) {
        Path data = ForkJob.fioDataFile(dir, jobName);
        if (Files.exists(data, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            // fio would unlink it first: never a file that is not this run's.
            return new Outcome(null, data + " exists already; fio would delete it: remove or rename it", json);
        }
        ChildProcess[] running = new ChildProcess[1];
        Thread cleanup = new Thread(() -> {
            if (running[0] != null) running[0].kill();
            deleteQuietly(data);
        }, "durabench-etcd-fio-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            try {
                running[0] = ChildProcess.start(job.fioCommand(fio, dir, jobName, json), "fio's " + job.check() + " job");
            } catch (ChildFailedException e) {
                return new Outcome(null, "cannot run fio: " + e.getCause().getMessage(), json);
            }
            ChildProcess.Exit exit = running[0].await(LIMIT);
            String stderr = String.join("\n", exit.stderr()).strip();
            if (exit.code() != 0 || !Files.exists(json) || Files.size(json) == 0) {
                return new Outcome(null, "fio exited " + exit.code() + (stderr.isEmpty() ? "" : ": " + stderr.lines().findFirst().orElse("")), json);
            }
            return new Outcome(FioJson.parse(Files.readString(json), json.toString()), null, json);
        } catch (IOException e) {
            return new Outcome(null, "cannot run fio: " + e.getMessage(), json);
        } catch (ChildFailedException e) {
            return new Outcome(null, Thread.currentThread().isInterrupted() ? "interrupted" : e.getMessage(), json);
        } catch (IllegalArgumentException e) {
            return new Outcome(null, e.getMessage(), json);
        } finally {
            if (running[0] != null) running[0].close();
            deleteQuietly(data);
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException shuttingDown) {
                // The JVM is exiting: the hook runs (or ran) and deletes the same file.
            }
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // EtcdRounds looks for the file after each run and reports it as left behind.
        }
    }
}
