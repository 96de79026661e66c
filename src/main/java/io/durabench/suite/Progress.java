package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.report.analysis.CellIntervals;
import io.durabench.results.BenchmarkResult;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The run's console, one line per cell as it finishes: where it is in the whole run (every target
 * and JVM), elapsed time and
 * an ETA (JMH's own estimate of the remaining cells, scaled by how the run has actually paced), the
 * cell, this fork's own mean time per operation and, from the cell's second fork on, the cell's
 * figure with its interval between forks as the report prints it ({@link CellIntervals}), flushes per
 * operation, and whether the row is durable — or n/a / FAILED with why. JMH's own output is in jmh-log.txt.
 *
 * <p>Not JMH's "±": that is the 99.9% error over one fork's iterations (3 in the quick profile: t(2) = 31.6, so
 * "531.91 ± 1,877 us/op"), which a reader takes for the cell's uncertainty; the forks are the replicates.
 */
final class Progress {
    private static final int REASON_WIDTH = 110;

    private final PrintWriter out;
    private int total;
    private double estimatedSeconds;
    private final long startNanos = System.nanoTime();
    private int done;
    private double doneEstimate;
    /** Per JVM slot and cell, the figure its last line showed: what {@link #closing} checks against the final one. */
    private final java.util.Map<String, String> shown = new java.util.HashMap<>();

    Progress(PrintWriter out, int total, double estimatedSeconds) {
        this.out = out;
        this.total = total;
        this.estimatedSeconds = estimatedSeconds;
    }

    /** Rounds added beyond the profile's (--precision, --budget): more lines to come, more time. */
    void more(int lines, double estimate) {
        total += lines;
        estimatedSeconds += estimate;
    }

    /** Wall seconds per second of JMH's estimate so far (1 before anything ran). */
    double pace() {
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        return doneEstimate > 0 ? elapsed / doneEstimate : 1;
    }

    /** Cells a resumed run had already finished: neither counted nor waited for. */
    void alreadyDone(int cells, double estimate) {
        total -= cells;
        estimatedSeconds -= estimate;
    }

    /**
     * @param fork  this fork's results (one per mode it ran)
     * @param soFar every result of this target and JVM so far, this fork's included (a cell's forks merged): the cell's
     *              interval is computed from them as the report computes it, the context's rows pooled
     */
    void measured(Cell cell, String slot, int round, double estimate, List<BenchmarkResult> fork, List<BenchmarkResult> soFar,
                  String durableOrWhyNot) {
        BenchmarkResult first = fork.get(0);
        CellIntervals.IntervalFigure figure = CellIntervals.of(soFar).get(cell);
        String cellFigure = figure == null ? "" : "; cell " + cellFigure(figure);
        if (figure != null) shown.put(slot + "|" + cell, cellFigure(figure));
        double flushes = cell.family().counters().flushesPerOperation(first::counter);
        String syncs = Double.isNaN(flushes) ? "" : String.format(Locale.ROOT, "  %.3f syncs/op", flushes);
        line(estimate, 1, "r" + (round + 1) + " " + (slot == null ? "" : slot + " "), cell,
                forkMean(first) + cellFigure + syncs + "  " + durableOrWhyNot);
    }

    /**
     * After a target's last round on one JVM: a closing line for each cell whose figure has moved
     * since its last line (a row's interval borrows from the other rows' variances, so other cells'
     * later forks move it), so that every cell's last line shows what the report prints for it.
     *
     * @param all every result of this target and JVM
     */
    void closing(String slot, List<BenchmarkResult> all) {
        CellIntervals.of(all).forEach((cell, figure) -> {
            String now = cellFigure(figure);
            if (now.equals(shown.get(slot + "|" + cell))) return;
            shown.put(slot + "|" + cell, now);
            out.printf("[final] %s%s  cell %s (the report's: other cells' later forks moved it)%n", slot == null ? "" : slot + " ", cell, now);
        });
        out.flush();
    }

    private static String cellFigure(CellIntervals.IntervalFigure figure) {
        return figure.text() + " over " + figure.interval().n() + " forks, w/o stalls";
    }

    /**
     * A cell that will not be measured: it stands for {@code rounds} rounds of the count, and its
     * {@code estimate} leaves the run's estimate rather than joining what was done, because it took
     * no time: counted as done, a run whose n/a cells are all found in round 1 would pace itself as
     * if their time had passed, and promise an end far too early.
     */
    void notMeasured(Cell cell, String slot, double estimate, boolean failed, String reason, int rounds) {
        String r = reason.length() > REASON_WIDTH ? reason.substring(0, REASON_WIDTH - 3) + "..." : reason;
        estimatedSeconds -= estimate;
        line(0, rounds, slot == null ? "" : slot + " ", cell, (failed ? "FAILED: " : "n/a: ") + r);
    }

    private void line(double estimate, int count, String prefix, Cell cell, String what) {
        done += count;
        doneEstimate += estimate;
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        double pace = doneEstimate > 0 ? elapsed / doneEstimate : 1;
        double eta = Math.max(0, (estimatedSeconds - doneEstimate) * pace);
        out.printf("[%d/%d %s, ETA %s] %s%s  %s%n", done, total, clock(elapsed), clock(eta), prefix, cell, what);
        out.flush();
    }

    /** "avgt 327.51 us/op this fork", or for throughput "thrpt 24,249 ops/s this fork": JMH's score of the one fork, its mean. */
    static String forkMean(BenchmarkResult r) {
        return r.mode() + " " + number(r.primary().score()) + " " + r.primary().unit() + " this fork";
    }

    private static String number(double v) {
        return Math.abs(v) >= 1000 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s % 3600 / 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
