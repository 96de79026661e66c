package io.durabench.suite;

import io.durabench.report.Units;
import java.io.PrintStream;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * The short summary a run ends with: per target, per benchmark cell, time per write (mean and
 * JMH's 99.9% error) and flushes per write as counted by the workload; then what was n/a and why.
 * The full analysis (absolute cost next to ratios, warnings) is `durabench report`'s job.
 */
public final class RunSummary {
    private RunSummary() {
    }

    public static void print(PrintStream out, String target, String filesystem, boolean durableStorage,
                             SuiteRunner.TargetOutcome outcome) {
        out.println();
        out.printf("== %s (%s)%s%n", target, filesystem, durableStorage ? "" : "  -- NOT DURABLE: nothing here reaches stable storage");
        out.printf("%-40s %-20s %6s %5s %-9s %-6s %14s %11s %10s%n",
                "benchmark", "method", "block", "batch", "prealloc", "mode", "µs/write", "±99.9%", "syncs/wr");
        List<RunResult> sorted = outcome.results().stream()
                .sorted(Comparator.comparing((RunResult r) -> r.getParams().getBenchmark())
                        .thenComparing(r -> String.valueOf(r.getParams().getParam("preallocation")))
                        .thenComparing(r -> intParam(r, "blockSizeBytes"))
                        .thenComparing(r -> intParam(r, "writesPerSync"))
                        .thenComparing(RunSummary::method)
                        .thenComparing(r -> r.getParams().getMode().shortLabel()))
                .toList();
        for (RunResult r : sorted) {
            Result<?> p = r.getPrimaryResult();
            String bench = r.getParams().getBenchmark();
            out.printf("%-40s %-20s %6s %5s %-9s %-6s %14.2f %11s %10s%n",
                    bench.substring(bench.lastIndexOf('.', bench.lastIndexOf('.') - 1) + 1),
                    method(r), orDash(r.getParams().getParam("blockSizeBytes")), orDash(r.getParams().getParam("writesPerSync")),
                    orDash(r.getParams().getParam("preallocation")), r.getParams().getMode().shortLabel(),
                    Units.toMicrosPerOp(p.getScore(), p.getScoreUnit()), error(p), syncsPerWrite(r));
        }
        for (SuiteRunner.Skipped s : outcome.skipped()) {
            out.printf("%s %s: %s%n", s.unsupported() ? "n/a   " : "FAILED", s.cell(), s.reason());
        }
    }

    static String method(RunResult r) {
        for (String name : List.of("syncMethod", "pgMethod", "syncDirectory")) {
            String v = r.getParams().getParam(name);
            if (v != null) return name.equals("syncDirectory") ? "syncDirectory=" + v : v;
        }
        return "-";
    }

    private static int intParam(RunResult r, String name) {
        String v = r.getParams().getParam(name);
        return v == null ? 0 : Integer.parseInt(v);
    }

    private static String orDash(String s) {
        return s == null ? "-" : s;
    }

    private static String error(Result<?> p) {
        double e = p.getScoreError();
        return Double.isNaN(e) ? "n/a" : String.format("%.2f", Units.toMicrosPerOp(e, p.getScoreUnit()));
    }

    /** (syncCalls + syncedWrites) / writes, from the workload's own counters. */
    static String syncsPerWrite(RunResult r) {
        Map<String, Result> sec = r.getSecondaryResults();
        Result<?> writes = sec.get("writes");
        if (writes == null || writes.getScore() == 0) return "-";
        double syncs = score(sec.get("syncCalls")) + score(sec.get("syncedWrites"));
        return String.format("%.3f", syncs / writes.getScore());
    }

    private static double score(Result<?> r) {
        return r == null ? 0 : r.getScore();
    }
}
