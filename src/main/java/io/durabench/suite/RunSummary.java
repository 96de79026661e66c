package io.durabench.suite;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.NotMeasured;
import io.durabench.results.Units;
import java.io.PrintWriter;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The short summary a run ends with: per target (and JVM), per cell, time per operation (mean and
 * JMH's 99.9% error), flushes per operation as counted by the workload and whether the row is
 * durable (NO names a method that does not reach stable storage, or a target that has none); then
 * what was n/a and what FAILED, and why. The full analysis is `durabench report`'s job.
 */
public final class RunSummary {
    private RunSummary() {
    }

    public static void print(PrintWriter out, String target, String slot, String filesystem, boolean durableStorage,
                             List<BenchmarkResult> results, List<NotMeasured> notMeasured) {
        out.println();
        out.printf("== %s (%s)%s%s%n", target, filesystem, slot == null ? "" : " on " + slot,
                durableStorage ? "" : "  -- NOT DURABLE: nothing here reaches stable storage");
        out.printf("%-40s %-20s %6s %5s %-9s %-6s %14s %11s %9s %7s%n",
                "benchmark", "method", "block", "batch", "prealloc", "mode", "µs/op", "±99.9%", "syncs/op", "durable");
        Map<BenchmarkResult, Cell> cells = new LinkedHashMap<>();
        results.forEach(r -> cells.put(r, SlotResults.cellOf(r)));
        Comparator<BenchmarkResult> order = Comparator.comparing(BenchmarkResult::benchmark)
                .thenComparing(r -> String.valueOf(cells.get(r).get(SyncWriteCostFamily.PREALLOCATION)))
                .thenComparingInt(r -> orZero(cells.get(r).get(SyncWriteCostFamily.BLOCK_SIZE)))
                .thenComparingInt(r -> orZero(cells.get(r).get(SyncWriteCostFamily.WRITES_PER_SYNC)))
                .thenComparing(r -> cells.get(r).method())
                .thenComparing(BenchmarkResult::mode);
        for (BenchmarkResult r : results.stream().sorted(order).toList()) {
            Cell c = cells.get(r);
            double err = r.primary().scoreError();
            double flushes = c.family().counters().flushesPerOperation(r::counter);
            boolean durable = durableStorage && c.family().notDurableBecause(c.methodValue()).isEmpty();
            out.printf(Locale.ROOT, "%-40s %-20s %6s %5s %-9s %-6s %14.2f %11s %9s %7s%n",
                    c.benchmark().shortName(), methodLabel(c), orDash(c.get(SyncWriteCostFamily.BLOCK_SIZE)),
                    orDash(c.get(SyncWriteCostFamily.WRITES_PER_SYNC)), orDash(c.get(SyncWriteCostFamily.PREALLOCATION)),
                    r.mode(), Units.toMicrosPerOp(r.primary().score(), r.primary().unit()),
                    Double.isNaN(err) ? "n/a" : String.format(Locale.ROOT, "%.2f", errorMicros(r)),
                    Double.isNaN(flushes) ? "-" : String.format(Locale.ROOT, "%.3f", flushes), durable ? "yes" : "NO");
        }
        for (NotMeasured s : notMeasured) {
            Cell c = Catalogue.cell(s.benchmark(), s.params().asMap()).orElseThrow();
            out.printf("%s %s: %s%n", s.failed() ? "FAILED" : "n/a   ", c, s.reason());
        }
        out.flush();
    }

    /** JMH's error in µs/op: for a throughput score the interval is converted end by end. */
    private static double errorMicros(BenchmarkResult r) {
        double s = r.primary().score(), e = r.primary().scoreError();
        String unit = r.primary().unit();
        double a = Units.toMicrosPerOp(s - e, unit), b = Units.toMicrosPerOp(s + e, unit);
        return Math.abs(a - b) / 2;
    }

    /** The method, named with its axis when it is a bare boolean (syncDirectory=true). */
    private static String methodLabel(Cell c) {
        Object v = c.methodValue();
        return v instanceof Boolean ? c.family().methodAxis().name() + "=" + v : c.method();
    }

    private static int orZero(Integer i) {
        return i == null ? 0 : i;
    }

    private static String orDash(Object o) {
        return o == null ? "-" : Objects.toString(o);
    }
}
