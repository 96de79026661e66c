package io.durabench.pg;

import com.google.gson.JsonObject;
import io.durabench.child.ChildStatus;
import io.durabench.child.ResultLines;
import io.durabench.nativeio.NativeCallException;
import io.durabench.nativeio.NativeLayers;
import io.durabench.workload.PgTestFile;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One fork of `durabench pg`: a JVM that makes pg_test_fsync's test file once and runs the lines
 * it is given on it in pg_test_fsync's order, each for a fixed time after a short warmup, as
 * pg_test_fsync runs its tests on one file. One result line per test line on stdout
 * ({@link ResultLines}): its {@link PgRun.ForkResult} with the line's id, e.g.
 * with status ok, the operations made and their nanos, and the line; status n/a (O_DIRECT refused,
 * with directRefused, pg_test_fsync's "n/a*"; or a write smaller than the device's sector) or failed
 * comes with a reason instead. A
 * test file that cannot be made ends the fork with one result for line "*", and exit 1.
 *
 * <p>Arguments: DIR WARMUP_NANOS MEASURE_NANOS ID...
 */
public final class PgForkMain {
    /** The result's field that names its line. */
    static final String LINE = "line";

    private PgForkMain() {
    }

    public static void main(String[] args) {
        io.durabench.child.ParentWatch.start();
        Path dir = Path.of(args[0]);
        long warmup = Long.parseLong(args[1]), measure = Long.parseLong(args[2]);
        List<PgLine> lines = new ArrayList<>();
        for (int i = 3; i < args.length; i++) lines.add(byId(args[i]));
        PrintStream out = System.out;
        try (PgTestFile file = PgTestFile.create(NativeLayers.current(), dir)) {
            for (PgLine line : lines) ResultLines.print(out, result(line.id(), measure(line, file, warmup, measure)));
        } catch (RuntimeException e) {
            // The test file itself could not be made or deleted: every line not yet reported failed with it.
            ResultLines.print(out, result("*", PgRun.ForkResult.without(ChildStatus.FAILED, ResultLines.oneLine(e))));
            System.exit(1);
        }
    }

    private static JsonObject result(String lineId, PgRun.ForkResult r) {
        JsonObject o = r.answer();
        o.addProperty(LINE, lineId);
        return o;
    }

    static PgLine byId(String id) {
        return PgSections.lines().stream().filter(l -> l.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no pg_test_fsync line " + id));
    }

    /** The line's operations and time, or why there is no number. */
    static PgRun.ForkResult measure(PgLine line, PgTestFile file, long warmupNanos, long measureNanos) {
        PgLine.PgOperation op;
        try {
            op = line.open(file);
        } catch (NativeCallException e) {
            if (line.direct() && e.errnoName().equals("EINVAL") && e.call().startsWith("open")) {
                return PgRun.ForkResult.directRefused("EINVAL: the filesystem refuses O_DIRECT");
            }
            return PgRun.ForkResult.without(ChildStatus.FAILED, ResultLines.oneLine(e));
        }
        long ops = 0;
        try (op) {
            try {
                op.run();
                ops++;
            } catch (NativeCallException e) {
                if (line.direct() && e.errnoName().equals("EINVAL") && e.call().equals("pwrite")) {
                    return PgRun.ForkResult.without(ChildStatus.NOT_APPLICABLE, "EINVAL: O_DIRECT writes must be whole logical sectors of the device, and this one's are larger"
                            + " (pg_test_fsync stops here: \"write failed: Invalid argument\")");
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
            return PgRun.ForkResult.ok(ops, now - start);
        } catch (RuntimeException e) {
            return PgRun.ForkResult.without(ChildStatus.FAILED, ResultLines.oneLine(e));
        }
    }
}
