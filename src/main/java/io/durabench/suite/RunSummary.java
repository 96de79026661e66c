package io.durabench.suite;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.results.NotMeasured;
import io.durabench.results.Units;
import java.io.PrintWriter;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * The short summary a run ends with: per target, per benchmark cell, time per operation (mean and
 * JMH's 99.9% error) and flushes per operation as counted by the workload; then what was n/a and
 * what FAILED, and why. The full analysis (absolute cost next to ratios, warnings) is `durabench
 * report`'s job.
 */
public final class RunSummary {
    private RunSummary() {
    }

    public static void print(PrintWriter out, String target, String filesystem, boolean durableStorage,
                             SuiteRunner.TargetOutcome outcome) {
        out.println();
        out.printf("== %s (%s)%s%n", target, filesystem, durableStorage ? "" : "  -- NOT DURABLE: nothing here reaches stable storage");
        out.printf("%-40s %-20s %6s %5s %-9s %-6s %14s %11s %10s%n",
                "benchmark", "method", "block", "batch", "prealloc", "mode", "µs/op", "±99.9%", "syncs/op");
        Map<RunResult, Cell> cells = new LinkedHashMap<>();
        outcome.results().forEach(r -> cells.put(r, cellOf(r.getParams())));
        Comparator<RunResult> order = Comparator.comparing((RunResult r) -> r.getParams().getBenchmark())
                .thenComparing(r -> text(cells.get(r).get(SyncWriteCostFamily.PREALLOCATION)))
                .thenComparingInt(r -> orZero(cells.get(r).get(SyncWriteCostFamily.BLOCK_SIZE)))
                .thenComparingInt(r -> orZero(cells.get(r).get(SyncWriteCostFamily.WRITES_PER_SYNC)))
                .thenComparing(r -> cells.get(r).method())
                .thenComparing(r -> r.getParams().getMode().shortLabel());
        for (RunResult r : outcome.results().stream().sorted(order).toList()) {
            Cell c = cells.get(r);
            Result<?> p = r.getPrimaryResult();
            out.printf("%-40s %-20s %6s %5s %-9s %-6s %14.2f %11s %10s%n",
                    c.benchmark().shortName(), methodLabel(c), orDash(c.get(SyncWriteCostFamily.BLOCK_SIZE)),
                    orDash(c.get(SyncWriteCostFamily.WRITES_PER_SYNC)), orDash(c.get(SyncWriteCostFamily.PREALLOCATION)),
                    r.getParams().getMode().shortLabel(), Units.toMicrosPerOp(p.getScore(), p.getScoreUnit()), error(p),
                    flushesPerOperation(c, r));
        }
        for (NotMeasured s : outcome.notMeasured()) {
            Cell c = Catalogue.cell(s.benchmark(), s.params().asMap()).orElseThrow();
            out.printf("%s %s: %s%n", s.failed() ? "FAILED" : "n/a   ", c, s.reason());
        }
        out.flush();
    }

    /** The typed cell of a JMH result (its params as JMH ran them). */
    static Cell cellOf(BenchmarkParams params) {
        Map<String, String> text = new LinkedHashMap<>();
        for (String key : params.getParamsKeys()) text.put(key, params.getParam(key));
        return Catalogue.cell(params.getBenchmark(), text).orElseThrow(
                () -> new IllegalStateException(params.getBenchmark() + " is not in the benchmark catalogue"));
    }

    /** The method, named with its axis when it is a bare boolean (syncDirectory=true). */
    private static String methodLabel(Cell c) {
        Object v = c.methodValue();
        return v instanceof Boolean ? c.family().methodAxis().name() + "=" + v : c.method();
    }

    private static String text(Object o) {
        return String.valueOf(o);
    }

    private static int orZero(Integer i) {
        return i == null ? 0 : i;
    }

    private static String orDash(Object o) {
        return o == null ? "-" : Objects.toString(o);
    }

    private static String error(Result<?> p) {
        double e = p.getScoreError();
        return Double.isNaN(e) ? "n/a" : String.format("%.2f", Units.toMicrosPerOp(e, p.getScoreUnit()));
    }

    /** The catalogue's flushes per operation, from the workload's own counters. */
    static String flushesPerOperation(Cell c, RunResult r) {
        Map<String, Result> sec = r.getSecondaryResults();
        double v = c.family().counters().flushesPerOperation(name -> sec.containsKey(name) ? sec.get(name).getScore() : Double.NaN);
        return Double.isNaN(v) ? "-" : String.format("%.3f", v);
    }
}
