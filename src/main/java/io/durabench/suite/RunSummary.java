package io.durabench.suite;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.NotMeasured;
import java.io.PrintWriter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The few lines a run ends with per target (and JVM): how many cells were measured and how many of
 * those are durable — naming the methods that are NOT (a fast row that is not durable is the trap)
 * and saying so for a target without stable storage — then every n/a and FAILED cell with why.
 * Each cell's figure was on its progress line already; the analysis is `durabench report`'s job.
 */
public final class RunSummary {
    private RunSummary() {
    }

    public static void print(PrintWriter out, String target, String slot, String filesystem, boolean durableStorage,
                             List<BenchmarkResult> results, List<NotMeasured> notMeasured) {
        Set<String> cells = new LinkedHashSet<>(), notDurable = new LinkedHashSet<>();
        int durable = 0;
        for (BenchmarkResult r : results) {
            Cell c = SlotResults.cellOf(r);
            if (!cells.add(c.toString())) continue; // one cell, several modes
            boolean methodDurable = c.family().notDurableBecause(c.methodValue()).isEmpty();
            if (durableStorage && methodDurable) durable++;
            else if (!methodDurable) notDurable.add(methodLabel(c));
        }
        long failed = notMeasured.stream().filter(NotMeasured::failed).count();
        out.println();
        out.printf("== %s (%s)%s: %d measured, %s; %d n/a, %d FAILED%n", target, filesystem, slot == null ? "" : " on " + slot,
                cells.size(), durableStorage ? durable + " durable" + (notDurable.isEmpty() ? "" : ", NOT durable: " + String.join(", ", notDurable))
                        : "NONE durable: nothing here reaches stable storage", notMeasured.size() - failed, failed);
        for (NotMeasured s : notMeasured) {
            Cell c = Catalogue.cell(s.benchmark(), s.params().asMap()).orElseThrow();
            out.printf("%s %s: %s%n", s.failed() ? "FAILED" : "n/a   ", c, s.reason());
        }
        out.flush();
    }

    /** The method as a reader knows it: named with its axis when it is a bare boolean (syncDirectory=false), the benchmark when it has none. */
    private static String methodLabel(Cell c) {
        if (c.method().equals("-")) return c.benchmark().shortName();
        return c.methodValue() instanceof Boolean ? c.family().methodAxis().name() + "=" + c.methodValue() : c.method();
    }
}
