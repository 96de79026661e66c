package io.durabench.etcd;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * fio running etcd's job once, for the side-by-side: its JSON kept in the check's folder, its data
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

    private FioRun() {
    }

    /** fio's version ("fio-3.33") when {@code fio} runs, else empty (not installed). */
    public static Optional<String> version(String fio) {
        try {
            Process p = new ProcessBuilder(fio, "--version").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) return Optional.empty();
            return Optional.of(out.lines().findFirst().orElse("fio"));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Runs etcd's job in {@code dir} as job {@code jobName}, its JSON into {@code json}. */
    public static Outcome run(String fio, Path dir, String jobName, Path json) {
        Path data = EtcdJob.fioDataFile(dir, jobName);
        if (Files.exists(data, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            // fio would unlink it first: never a file that is not this run's.
            return new Outcome(null, data + " exists already; fio would delete it: remove or rename it", json);
        }
        Path err = json.resolveSibling(json.getFileName() + ".stderr");
        Process[] running = new Process[1];
        Thread cleanup = new Thread(() -> {
            if (running[0] != null) running[0].destroy();
            deleteQuietly(data);
        }, "durabench-etcd-fio-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            running[0] = new ProcessBuilder(EtcdJob.fioCommand(fio, dir, jobName, json)).redirectErrorStream(false)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
            int exit = running[0].waitFor();
            String stderr = Files.exists(err) ? Files.readString(err).strip() : "";
            if (exit != 0 || !Files.exists(json) || Files.size(json) == 0) {
                return new Outcome(null, "fio exited " + exit + (stderr.isEmpty() ? "" : ": " + stderr.lines().findFirst().orElse("")), json);
            }
            return new Outcome(FioJson.parse(Files.readString(json), json.toString()), null, json);
        } catch (IOException e) {
            return new Outcome(null, "cannot run fio: " + e.getMessage(), json);
        } catch (IllegalArgumentException e) {
            return new Outcome(null, e.getMessage(), json);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running[0].destroy();
            return new Outcome(null, "interrupted", json);
        } finally {
            deleteQuietly(data);
            deleteQuietly(err);
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
