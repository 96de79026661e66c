package io.durabench.report.coverage;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.Context;
import io.durabench.report.DecisionTable;
import io.durabench.report.Rendered;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.Decisions;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsLoader;
import io.durabench.stats.AbsoluteFigure;
import io.durabench.stats.Estimate;
import io.durabench.stats.MedianEstimate;
import io.durabench.testing.Evidence;
import io.durabench.testing.EvidenceNotes;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The figures a review quotes: a decision table's absolute column ({@link AbsoluteFigure}: 95%, the
 * disk's level between rounds counted). On the committed data:
 * <ul>
 *   <li>it keeps its promise: on both long runs in rounds (results/long-run-quick, and held out from its
 *       design, results/long-run-quick-lockstep), every window of 3 consecutive rounds yields the figures
 *       the quick profile prints, and at least 95% of them hold the row's 30-round mean, per filesystem;</li>
 *   <li>it is narrow enough to act on where the disk allows: the quick profile on this machine's disk
 *       (results/quick-vda-reference) prints its decision tables' durable figures within ±25% (median);
 *       the old 99.9% interval over forks, which this test fails on, printed them wider;</li>
 *   <li>where a run's figures are wider (a noisy disk, a level that moved between minutes), its table says
 *       so in a line with the forks that would bring them to ±25%, or that none would; and that count comes
 *       true: on the long runs, a window of that many rounds prints its figures within ±25% (median).</li>
 * </ul>
 * The figures go to target/absolute-figures-*.md (docs/intervals.md and results/README.md quote them).
 */
@Evidence
class AbsoluteFiguresTest {
    static final double PROMISE = AbsoluteFigure.CONFIDENCE;
    static final double QUOTABLE = 0.25;
    static final List<Path> LONG_RUNS = List.of(Path.of("results/long-run-quick"), Path.of("results/long-run-quick-lockstep"));
    /** The quick profile on this machine's disk (vda, ext4), the run the acceptance names; and on the lab's images on it. */
    static final Path THIS_DISK = Path.of("results/quick-vda-reference");
    static final List<Path> QUICK_RUNS = List.of(THIS_DISK, Path.of("results/quick-lab-reference"), Path.of("results/design-review-quick"),
            Path.of("results/slo-quick"));
    @Test
    void theFiguresHoldTheLongRunMeansAtTheirLevel() {
        List<String> failures = new ArrayList<>();
        EvidenceNotes notes = new EvidenceNotes("absolute-figures-coverage.md");
        notes.note(Coverage.HEADER);
        for (LongRun run : longRuns()) {
            Coverage.Result figures = Coverage.check(run, Coverage.absolute(3));
            notes.note(Coverage.check(run, Coverage.forks(3)).line());
            notes.note(figures.line());
            if (figures.coverage() < PROMISE) failures.add(run.name() + String.format(Locale.ROOT, ": %.2f%%", figures.coverage() * 100));
        }
        assertTrue(failures.isEmpty(), "below " + PROMISE + ": " + failures + "\n" + notes.text());
    }

    /**
     * "About k forks per cell would bring them to ±25%", said from a window of 3 rounds, held against the window of k
     * rounds from the same start: the median figure then within ±25%, in at least 80% of the windows that could say it.
     */
    @Test
    void theForksThatWouldReachAQuarterComeTrue() {
        int said = 0, cameTrue = 0;
        EvidenceNotes notes = new EvidenceNotes("absolute-figures-forks.md");
        notes.note("| long run | windows wider than ±25% at 3 forks | k said | came true at k |");
        notes.note("|---|---:|---|---:|");
        for (LongRun run : longRuns()) {
            int wide = 0, here = 0, trueHere = 0;
            List<Integer> ks = new ArrayList<>();
            for (int from = 0; from + 3 <= run.rounds(); from++) {
                AbsoluteFigure.Spread three = spread(run, from, 3);
                if (three.medianHalfWidth() <= QUOTABLE) continue;
                wide++;
                int k = three.forksFor();
                if (k == 0 || from + k > run.rounds()) continue;
                ks.add(k);
                here++;
                if (spread(run, from, k).medianHalfWidth() <= QUOTABLE) trueHere++;
            }
            said += here;
            cameTrue += trueHere;
            notes.note("| " + run.name() + " | " + wide + " | " + ks + " | " + trueHere + " of " + here + " |");
        }
        assertTrue(said > 0 && cameTrue >= 0.8 * said, cameTrue + " of " + said + "\n" + notes.text());
    }

    /**
     * A one-cell run's figure stands on its own forks (no rows to borrow from, no level seen). On this disk's gate
     * history (results/gate-control-vda: 15 runs spread over the session, FDATASYNC, O_DSYNC and FSYNC in 6 forks each)
     * each durable row taken alone, as a one-cell run of its first 3 or all 6 forks would print it: the width falls
     * within ±35% with the forks a run of few cells now takes; how often it holds the mean of all 15 runs is shown, not
     * promised: a run of seconds does not see the disk's level between minutes.
     */
    @Test
    void aOneCellRunsFigureIsWithinAThirdWithTheForksItTakes() {
        List<List<double[]>> runs = new ArrayList<>();
        for (int b = 1; b <= 15; b++) {
            Path target = Path.of(String.format(Locale.ROOT, "results/gate-control-vda/history/build-%02d/work-main-target-durabench-data", b));
            LongRun run = LongRun.of("build " + b, ResultsLoader.load(List.of(target)).get(0));
            runs.add(run.rows().stream().filter(LongRun.Row::centreDurable).map(r -> r.forkMeans(0, run.rounds())).toList());
        }
        EvidenceNotes notes = new EvidenceNotes("absolute-figures-one-cell.md");
        notes.note("| forks of one cell | median half-width | holds the 15 runs' mean |");
        notes.note("|---:|---:|---:|");
        double sixForks = Double.NaN;
        for (int k : new int[] {3, 6}) {
            List<Double> half = new ArrayList<>();
            int held = 0, n = 0;
            for (int row = 0; row < runs.get(0).size(); row++) {
                List<Double> all = new ArrayList<>();
                for (List<double[]> run : runs) for (double v : run.get(row)) all.add(v);
                double truth = all.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
                for (List<double[]> run : runs) {
                    Estimate e = AbsoluteFigure.of(List.of(java.util.Arrays.copyOf(run.get(row), k))).get(0).interval();
                    half.add(e.halfWidth() / e.mean());
                    n++;
                    if (e.low() <= truth && truth <= e.high()) held++;
                }
            }
            double median = MedianEstimate.median(half.stream().mapToDouble(Double::doubleValue).toArray());
            if (k == 6) sixForks = median;
            notes.note(String.format(Locale.ROOT, "| %d | ±%.1f%% | %d of %d |", k, median * 100, held, n));
        }
        assertTrue(sixForks <= 0.35, notes.text());
    }

    private static AbsoluteFigure.Spread spread(LongRun run, int from, int k) {
        List<AbsoluteFigure> figures = AbsoluteFigure.of(run.rows().stream().map(r -> r.forkMeans(from, k)).toList());
        return AbsoluteFigure.Spread.of(figures.stream().filter(java.util.Objects::nonNull).toList(), QUOTABLE);
    }

    private static List<LongRun> longRuns() {
        List<LongRun> out = new ArrayList<>();
        for (Path folder : LONG_RUNS) {
            for (String fs : List.of("ext4", "xfs")) {
                ResultSet set = ResultsLoader.load(List.of(folder.resolve("mnt-durabench-lab-" + fs + "-data"))).get(0);
                LongRun run = LongRun.of(folder.getFileName() + " " + fs, set);
                assertTrue(run.rounds() >= 30, run.name() + ": " + run.rounds() + " rounds");
                out.add(run);
            }
        }
        return out;
    }

    @Test
    void theQuickProfileOnThisDiskPrintsFiguresWithinAQuarter() {
        EvidenceNotes notes = new EvidenceNotes("absolute-figures-widths.md");
        notes.note("| run | target | durable figures | median half-width, 99.9% over forks (old) |"
                + " median half-width, figure (new) | the disk's level moved | the line under the table |");
        notes.note("|---|---|---:|---:|---:|---:|---|");
        double thisDiskOld = Double.NaN, thisDiskNew = Double.NaN;
        List<String> unsaid = new ArrayList<>();
        for (Path folder : QUICK_RUNS) {
            Report report = ReportBuilder.build(ResultsLoader.load(List.of(folder)), SyncMethod.NONE);
            String text = Rendered.text(report).replaceAll("\\s+", " ");
            List<DecisionTable> tables = Decisions.of(report);
            for (Context c : report.contexts()) {
                List<ReportRow> rows = new ArrayList<>();
                for (DecisionTable t : tables) t.durableOn(c).forEach(l -> rows.add(l.on(c)));
                rows.removeIf(r -> r.absolute() == null);
                if (rows.isEmpty()) continue;
                double old = median(rows, ReportRow::time), now = median(rows, ReportRow::figure);
                String name = report.contextNames().of(c);
                AbsoluteFigure.Spread spread = AbsoluteFigure.Spread.of(rows.stream().map(ReportRow::absolute).toList(), QUOTABLE);
                String said = "On " + name + " the figures are ±";
                boolean wide = spread.medianHalfWidth() > QUOTABLE;
                if (wide && !text.contains(said)) unsaid.add(folder + " " + name);
                notes.note(String.format(Locale.ROOT, "| %s | %s | %d | ±%.1f%% | ±%.1f%% | ±%.1f%% | %s |", folder.getFileName(), name, rows.size(),
                        old * 100, now * 100, spread.levelMoved() * 100, wide ? (spread.forksFor() > 0 ? "~" + spread.forksFor()
                        + " forks per cell would reach ±25%" : "no number of forks reaches ±25%") : "—"));
                if (folder.equals(THIS_DISK)) {
                    thisDiskOld = old;
                    thisDiskNew = now;
                }
            }
        }
        assertTrue(thisDiskNew <= QUOTABLE, "this disk's quick run: figures ±" + thisDiskNew + "\n" + notes.text());
        assertTrue(thisDiskOld > QUOTABLE, "the old interval was wider than a review can act on: ±" + thisDiskOld);
        assertTrue(unsaid.isEmpty(), "figures wider than ±25% with no line saying why: " + unsaid);
    }

    /** The median over rows of a figure's half-width as a share of its mean. */
    private static double median(List<ReportRow> rows, Function<ReportRow, Estimate> figure) {
        return MedianEstimate.median(rows.stream().map(figure).mapToDouble(e -> e.halfWidth() / e.mean()).toArray());
    }
}
