package io.durabench.pg;

import com.google.gson.JsonObject;
import io.durabench.catalogue.Counters;
import io.durabench.child.ChildJvm;
import io.durabench.child.ChildProcess;
import io.durabench.child.ChildStatus;
import io.durabench.child.ResultLines;
import java.nio.file.Path;
import java.time.Duration;
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
    /**
     * How long a fork may run past its lines' slices before it is taken for hung and killed: its JVM
     * start and test file take a second or two, and a line runs over its slice by at most one
     * operation, which even a stalling disk finishes in seconds.
     */
    static final Duration HUNG_AFTER = Duration.ofMinutes(5);

    public record Settings(Path dir, double secondsPerTest, int forks) {
    }

    /**
     * One fork's outcome for one line: operations and nanoseconds, or why not (n/a, failed) with the
     * reason; {@code directRefused} when the n/a is the filesystem refusing O_DIRECT, which pg_test_fsync
     * prints as "n/a*". The fork prints it as its answer, the line's id beside ({@link PgForkMain}).
     */
    public record ForkResult(ChildStatus status, boolean directRefused, long operations, long nanos, String reason) {
        /** The answer's fields beside status and reason. */
        private static final String OPERATIONS = Counters.OPERATIONS, NANOS = "nanos", DIRECT_REFUSED = "directRefused";

        static ForkResult ok(long operations, long nanos) {
            return new ForkResult(ChildStatus.OK, false, operations, nanos, null);
        }

        /** No number: n/a or failed, and why. */
        static ForkResult without(ChildStatus status, String reason) {
            return new ForkResult(status, false, 0, 0, reason);
        }

        /** n/a*: the filesystem refuses O_DIRECT. */
        static ForkResult directRefused(String reason) {
            return new ForkResult(ChildStatus.NOT_APPLICABLE, true, 0, 0, reason);
        }

        boolean measured() {
            return status == ChildStatus.OK;
        }

        /** As pg_test_fsync prints a line without a number: n/a, n/a* or failed. */
        String label() {
            return directRefused ? "n/a*" : status.word();
        }

        JsonObject answer() {
            JsonObject o = reason == null ? status.answer() : status.answer(reason);
            if (measured()) {
                o.addProperty(OPERATIONS, operations);
                o.addProperty(NANOS, nanos);
            }
            if (directRefused) o.addProperty(DIRECT_REFUSED, true);
            return o;
        }

        static ForkResult of(JsonObject answer) {
            ChildStatus status = ChildStatus.of(answer);
            if (status == ChildStatus.OK) return ok(answer.get(OPERATIONS).getAsLong(), answer.get(NANOS).getAsLong());
            return new ForkResult(status, answer.has(DIRECT_REFUSED), 0, 0, ChildStatus.reason(answer));
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
            List<PgLine> lines = byLine.entrySet().stream().filter(e -> e.getValue().stream().noneMatch(r -> r.status() == ChildStatus.NOT_APPLICABLE))
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
                if (r == null) r = ForkResult.without(ChildStatus.FAILED, "the fork ended before this line");
                byLine.get(l).add(r);
            }
            progress.accept(String.format(java.util.Locale.ROOT, "# fork %d of %d done: %d lines x %.2f s (+%.2f s warmup), %.1f s in all so far",
                    fork, s.forks(), lines.size(), slice[1] / 1e9, slice[0] / 1e9, (System.nanoTime() - started) / 1e9));
        }
        return new Results(s, firstWarmup, firstMeasure, byLine, System.nanoTime() - started);
    }

    /** Runs one fork on {@code lines}; its results by line id, "*" for what ended the fork early. */
    private static Map<String, ForkResult> fork(Path dir, long[] slice, List<PgLine> lines) {
        List<String> args = new ArrayList<>(List.of(dir.toString(), Long.toString(slice[0]), Long.toString(slice[1])));
        lines.forEach(l -> args.add(l.id()));
        Duration limit = Duration.ofNanos(lines.size() * (slice[0] + slice[1])).plus(HUNG_AFTER);
        Map<String, ForkResult> out = new LinkedHashMap<>();
        try (ChildProcess p = ChildProcess.start(ChildJvm.ofThisJvm(PgForkMain.class).withArgs(args).command(), "a fork of durabench pg")) {
            ChildProcess.Exit exit = p.await(limit);
            for (JsonObject r : ResultLines.parse(exit.stdout())) out.put(r.get(PgForkMain.LINE).getAsString(), ForkResult.of(r));
            if (exit.code() != 0 && !out.containsKey("*")) out.put("*", ForkResult.without(ChildStatus.FAILED, "the fork's JVM failed (" + exit.describe() + ")"));
        }
        return out;
    }
}
