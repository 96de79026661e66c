package io.durabench.pg;

import io.durabench.nativeio.JnrSyscalls;
import io.durabench.nativeio.NativeCallException;
import io.durabench.workload.PgTestFile;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One fork of `durabench pg`: a JVM that makes pg_test_fsync's test file once and runs the lines
 * it is given on it in pg_test_fsync's order, each for a fixed time after a short warmup, as
 * pg_test_fsync runs its tests on one file. One result line per test line on stdout:
 * {@code id TAB ok TAB operations TAB nanoseconds}, {@code id TAB n/a* TAB reason} (O_DIRECT refused),
 * {@code id TAB n/a TAB reason} (a write smaller than the device's sector), {@code id TAB failed TAB message}.
 *
 * <p>Arguments: DIR WARMUP_NANOS MEASURE_NANOS ID...
 */
public final class PgForkMain {
    private PgForkMain() {
    }

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        long warmup = Long.parseLong(args[1]), measure = Long.parseLong(args[2]);
        List<PgLine> lines = new ArrayList<>();
        for (int i = 3; i < args.length; i++) lines.add(byId(args[i]));
        PrintStream out = System.out;
        try (PgTestFile file = PgTestFile.create(JnrSyscalls.get(), dir)) {
            for (PgLine line : lines) {
                out.println(line.id() + "\t" + measure(line, file, warmup, measure));
                out.flush();
            }
        } catch (RuntimeException e) {
            // The test file itself could not be made or deleted: every line not yet reported failed with it.
            out.println("*\tfailed\t" + oneLine(e));
            System.exit(1);
        }
    }

    static PgLine byId(String id) {
        return PgSections.lines().stream().filter(l -> l.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no pg_test_fsync line " + id));
    }

    /** The line's result field: "ok TAB ops TAB nanos", or why there is no number. */
    static String measure(PgLine line, PgTestFile file, long warmupNanos, long measureNanos) {
        PgLine.Operation op;
        try {
            op = line.open(file);
        } catch (NativeCallException e) {
            if (line.direct() && e.errnoName().equals("EINVAL") && e.call().startsWith("open")) {
                return "n/a*\tEINVAL: the filesystem refuses O_DIRECT";
            }
            return "failed\t" + oneLine(e);
        }
        long ops = 0;
        try (op) {
            try {
                op.run();
                ops++;
            } catch (NativeCallException e) {
                if (line.direct() && e.errnoName().equals("EINVAL") && e.call().equals("pwrite")) {
                    return "n/a\tEINVAL: O_DIRECT writes must be whole logical sectors of the device, and this one's are larger"
                            + " (pg_test_fsync stops here: \"write failed: Invalid argument\")";
                }
                throw e;
            }
            long end = System.nanoTime() + warmupNanos;
            while (System.nanoTime() < end) op.run();
            ops = 0;
            long start = System.nanoTime();
            end = start + measureNanos;
            long now;
            do {
                op.run();
                ops++;
                now = System.nanoTime();
            } while (now < end);
            return "ok\t" + ops + "\t" + (now - start);
        } catch (RuntimeException e) {
            return "failed\t" + oneLine(e);
        }
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replace('\n', ' ').replace('\t', ' ');
    }
}
