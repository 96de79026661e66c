package io.durabench.witness;

import com.google.gson.JsonObject;
import io.durabench.catalogue.CellSpec;
import io.durabench.catalogue.OperationLoop;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.child.ChildStatus;
import io.durabench.child.ResultLines;
import io.durabench.expectation.RingOps;
import io.durabench.nativeio.NativeLayers;
import io.durabench.nativeio.TraceMarkers;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The witnessed process: {@link SyscallWitness} starts it under strace, in a JVM of its own.
 *
 * <pre>
 * java -cp CLASSPATH io.durabench.witness.WitnessMain --dir DIR --token TOKEN --ops N [--warmup W] [--size REGION:CHUNK] CELL...
 * </pre>
 * Each CELL is a cell's spec ({@link CellSpec}); {@code --size} sets the region and zero-fill chunk
 * (bytes) of the cells after it (default: the benchmarks'). For each cell, in order: open the
 * workload in DIR (its setup), run W warmup operations, snapshot the counters, make the BEGIN
 * marker call, run exactly N operations, make the END marker call, snapshot the counters again,
 * close the workload (deleting its files), make the CLOSED marker call (also when the cell failed),
 * then print one result line ({@link ResultLines}) {@code {"status":"ok","counters":{...},"cell":i,"spec":...}}
 * with the counters' difference (and, for a cell whose rules trace its io_uring, the ops the kernel's
 * io_uring tracepoints showed between the markers, {@link RingTrace}: {@code "ring":{...}}, or
 * {@code "ringUntraced":"why"}), or status failed or error with its reason ({@link ChildStatus}) if
 * the cell could not run. Exit 0 when every
 * line was printed; 2 on bad arguments.
 */
public final class WitnessMain {
    /** The option that sizes the workloads of the cells after it. */
    static final String SIZE = "--size";
    /** The answer's fields beside status and reason. */
    static final String CELL = "cell", SPEC = "spec", COUNTERS = "counters";
    /** The io_uring ops traced over the measured operations (RingOps by name), or why they were not. */
    static final String RING = "ring", RING_UNTRACED = "ringUntraced";

    /** Opens the workload of a cell; production opens the real one, tests a lying one. */
    @FunctionalInterface
    interface Opener {
        WitnessedWorkload open(SizedCell cell, Path dir);
    }

    private WitnessMain() {
    }

    public static void main(String[] args) {
        io.durabench.child.ParentWatch.start();
        System.exit(run(args, (cell, dir) -> WitnessWorkloads.open(cell, dir, NativeLayers.current()), System.out, System.err));
    }

    static int run(String[] args, Opener opener, PrintStream out, PrintStream err) {
        Path dir = null;
        String token = null;
        int ops = -1;
        int warmup = 0;
        WorkloadSize size = WorkloadSize.DEFAULT;
        List<SizedCell> cells = new ArrayList<>();
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--dir" -> dir = Path.of(value(args, ++i, "--dir"));
                    case "--token" -> token = value(args, ++i, "--token");
                    case "--ops" -> ops = positive(value(args, ++i, "--ops"), "--ops");
                    case "--warmup" -> warmup = positive(value(args, ++i, "--warmup"), "--warmup");
                    case SIZE -> size = size(value(args, ++i, SIZE));
                    default -> cells.add(new SizedCell(CellSpec.parse(args[i]), size));
                }
            }
            if (dir == null || token == null || ops < 1 || cells.isEmpty()) {
                throw new IllegalArgumentException("usage: WitnessMain --dir DIR --token TOKEN --ops N [--warmup W] [--size REGION:CHUNK] CELL...");
            }
            TraceMarkers.path(token, 0, TraceMarkers.BEGIN); // validates the token before anything runs
        } catch (IllegalArgumentException e) {
            err.println("witness: " + e.getMessage());
            return 2;
        }
        for (int i = 0; i < cells.size(); i++) ResultLines.print(out, runCell(i, cells.get(i), dir, token, ops, warmup, opener));
        return 0;
    }

    /** A workload size as {@code --size} takes it: region and chunk in bytes, "REGION:CHUNK". */
    static String sizeText(WorkloadSize size) {
        return size.text();
    }

    private static WorkloadSize size(String text) {
        try {
            return WorkloadSize.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(SIZE + " takes" + e.getMessage().substring("a workload size is".length()));
        }
    }

    private static JsonObject runCell(int index, SizedCell cell, Path dir, String token, int ops, int warmup, Opener opener) {
        JsonObject result = null;
        WitnessedWorkload workload = null;
        RingTrace ring = null;
        try {
            workload = opener.open(cell, dir);
            for (int i = 0; i < warmup; i++) workload.operate();
            Map<String, Long> before = workload.counters();
            if (SizedCell.rules(cell.cell()).tracesRing(cell.cell())) ring = RingTrace.start();
            TraceMarkers.emit(token, index, TraceMarkers.BEGIN);
            for (int i = 0; i < ops; i++) workload.operate();
            TraceMarkers.emit(token, index, TraceMarkers.END);
            Map<String, Long> after = workload.counters();
            JsonObject counters = new JsonObject();
            OperationLoop.difference(after, before).forEach(counters::addProperty);
            result = ChildStatus.OK.answer();
            result.add(COUNTERS, counters);
            if (ring != null && ring.unavailable() != null) result.addProperty(RING_UNTRACED, ring.unavailable());
            else if (ring != null) result.add(RING, ringJson(ring.stop()));
        } catch (RuntimeException e) {
            result = ChildStatus.answer(e);
        } finally {
            if (ring != null) ring.close();
            if (workload != null) {
                try {
                    workload.close();
                } catch (RuntimeException e) {
                    if (result == null || ChildStatus.of(result) == ChildStatus.OK) {
                        result = ChildStatus.answer(e);
                        result.addProperty(ChildStatus.REASON, "closing the workload failed: " + ResultLines.oneLine(e));
                    }
                }
            }
            TraceMarkers.emit(token, index, TraceMarkers.CLOSED);
        }
        result.addProperty(CELL, index);
        result.addProperty(SPEC, cell.spec());
        return result;
    }

    private static JsonObject ringJson(RingOps ops) {
        JsonObject o = new JsonObject();
        ops.byName().forEach(o::addProperty);
        return o;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) throw new IllegalArgumentException(option + " needs a value");
        return args[i];
    }

    private static int positive(String v, String option) {
        try {
            int n = Integer.parseInt(v);
            if (n < 0 || (n == 0 && option.equals("--ops"))) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " must be a positive whole number, not '" + v + "'");
        }
    }
}
