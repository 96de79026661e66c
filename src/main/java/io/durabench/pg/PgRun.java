package io.durabench.pg;

import io.durabench.suite.JvmSlot;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs `durabench pg`'s forks one after another and collects each line's result per fork. The time
 * is pg_test_fsync's own: its {@code -s} seconds per timed line (16 on Linux), shared by the forks,
 * less what starting each fork costs (its JVM, its 16 MiB test file: measured on the forks so far,
 * 1 s assumed for the first); each fork gives every line a tenth of its slice as warmup (the JIT's
 * first calls) and measures the rest. Later forks get what the earlier ones left, so the run ends
 * within pg_test_fsync's time unless -s is too short for the JVM starts (then it says by how much).
 */
public final class PgRun {
    /** What starting one fork costs before its first line (JVM start, class loading, 16 MiB written and fsynced). */
    static final long FORK_ALLOWANCE_NANOS = 1_000_000_000L;
    /** A slice shorter than this measures too few operations on a slow disk (a 5 ms fsync: 20) to be worth a line. */
    static final long MIN_MEASURE_NANOS = 100_000_000L;

    public record Settings(Path dir, double secondsPerTest, int forks) {
    }

    /** One fork's outcome for one line: operations and nanoseconds, or why not (n/a*, n/a, failed) with the reason. */
    public record ForkResult(String status, long operations, long nanos, String reason) {
        boolean measured() {
            return status.equals("ok");
        }

        double microsPerOp() {
            return nanos / 1000.0 / operations;
        }
    }

    /** Every line's results, in pg_test_fsync's order, with the first fork's times and the wall time it took. */
    public record Results(Settings settings, long warmupNanos, long measureNanos, Map<PgLine, List<ForkResult>> byLine, long wallNanos) {
    }

    private PgRun() {
    }

    /**
     * Warmup and measurement per line for the next fork: what is left of pg_test_fsync's time for
     * {@code lines} timed lines, less each remaining fork's start-up cost ({@code overheadNanos}, as
     * measured on the forks so far), shared equally. Never below {@link #MIN_MEASURE_NANOS}: then
     * the run takes longer than pg_test_fsync, and says so.
     */
    static long[] slice(Settings s, int lines, long elapsedNanos, int forksLeft, long overheadNanos) {
        // 2% kept back: the launcher still prints the table, and pg_test_fsync's own 16 MiB file is its only slack.
        long budget = (long) (s.secondsPerTest() * 1e9 * 0.98) * lines;
        long perLine = (budget - elapsedNanos - forksLeft * overheadNanos) / ((long) Math.max(1, lines) * forksLeft);
        long warmup = Math.max(20_000_000L, perLine / 10);
        return new long[] {warmup, Math.max(MIN_MEASURE_NANOS, perLine - warmup)};
    }

    public static Results run(Settings s, Consumer<String> progress) {
        // The clock starts with the launcher's JVM: its start-up and the environment probe are part of the wall time too.
        long sinceJvmStart = System.currentTimeMillis() - java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        long started = System.nanoTime() - sinceJvmStart * 1_000_000L;
        Map<PgLine, List<ForkResult>> byLine = new LinkedHashMap<>();
        for (PgLine l : PgSections.measurable()) byLine.put(l, new ArrayList<>());
        long overhead = FORK_ALLOWANCE_NANOS, firstWarmup = 0, firstMeasure = 0;
        for (int fork = 1; fork <= s.forks(); fork++) {
            // A line the platform refused in an earlier fork is not tried again (the refusal is the platform's), and
            // pg_test_fsync spends no time on it either.
            List<PgLine> lines = byLine.entrySet().stream().filter(e -> e.getValue().stream().noneMatch(r -> r.status().startsWith("n/a")))
                    .map(Map.Entry::getKey).toList();
            long forkStart = System.nanoTime();
            long[] slice = slice(s, lines.size(), forkStart - started, s.forks() - fork + 1, overhead);
            if (fork == 1) {
                firstWarmup = slice[0];
                firstMeasure = slice[1];
            }
            Map<String, ForkResult> got = fork(s.dir(), slice, lines);
            long took = System.nanoTime() - forkStart;
            overhead = Math.max(overhead, took - lines.size() * (slice[0] + slice[1]));
            for (PgLine l : lines) {
                ForkResult r = got.getOrDefault(l.id(), got.get("*"));
                if (r == null) r = new ForkResult("failed", 0, 0, "the fork ended before this line");
                byLine.get(l).add(r);
            }
            progress.accept(String.format(java.util.Locale.ROOT, "# fork %d of %d done: %d lines x %.2f s (+%.2f s warmup), %.1f s in all so far",
                    fork, s.forks(), lines.size(), slice[1] / 1e9, slice[0] / 1e9, (System.nanoTime() - started) / 1e9));
        }
        return new Results(s, firstWarmup, firstMeasure, byLine, System.nanoTime() - started);
    }

    private static Map<String, ForkResult> fork(Path dir, long[] slice, List<PgLine> lines) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JvmSlot.launcher().jvmFlags());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), PgForkMain.class.getName(), dir.toString(),
                Long.toString(slice[0]), Long.toString(slice[1])));
        lines.forEach(l -> cmd.add(l.id()));
        Map<String, ForkResult> out = new LinkedHashMap<>();
        Path err = null;
        try {
            err = Files.createTempFile("durabench-pg-", ".err");
            Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
            p.getOutputStream().close();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    String[] f = line.split("\t", 4);
                    if (f.length < 3) continue;
                    out.put(f[0], f[1].equals("ok") ? new ForkResult("ok", Long.parseLong(f[2]), Long.parseLong(f[3]), null)
                            : new ForkResult(f[1], 0, 0, f[2]));
                }
            }
            int exit = p.waitFor();
            if (exit != 0 && !out.containsKey("*")) {
                String why = Files.readString(err).strip().lines().findFirst().orElse("exit " + exit);
                out.put("*", new ForkResult("failed", 0, 0, "the fork's JVM failed (exit " + exit + "): " + why));
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a fork of durabench pg: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while a fork of durabench pg ran", e);
        } finally {
            if (err != null) {
                try {
                    Files.deleteIfExists(err);
                } catch (IOException ignored) {
                    // a temp file of ours in /tmp; nothing to report it to
                }
            }
        }
        return out;
    }
}
