package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsLoader;
import io.durabench.stats.SteadyState;
import io.durabench.testing.Evidence;
import io.durabench.workload.SyncMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The not-steady check on the committed runs. What it finds there (pinned, so a change to the rule
 * shows up here with its effect), and that it does not find noise: the same real cells with their
 * forks and iterations shuffled (stationary by construction, with the lab's own noise, jitter and
 * stalls) are almost never flagged.
 */
@Evidence
class CommittedSteadyStateTest {

    private static Report report(String run) {
        Path dir = Path.of("results", run);
        assumeTrue(Files.isDirectory(dir), run + " is not in this checkout");
        return ReportBuilder.build(ResultsLoader.load(List.of(dir)), SyncMethod.NONE);
    }

    private static long count(Report r, Function<SteadyState, SteadyState.Trend> which) {
        return r.rows().stream().filter(ReportRow::measured).map(ReportRow::steadyState)
                .filter(s -> which.apply(s) != null && which.apply(s).flagged()).count();
    }

    /**
     * Rows warming up and drifting per committed run. One-fork runs (reference-standard,
     * reference-quick: 5 iterations of one fork) cannot be flagged at all; 3-fork runs can only show
     * a clear warm-up; long-run-quick's 30 forks of 3 × 100 ms show real ones (MMAP_FORCE falling
     * 28–38% within each fork after a 100 ms warmup; FSYNC 100 writes per sync rising 35% over the 54 min).
     */
    @ParameterizedTest
    @CsvSource({"reference-standard, 460, 0, 0", "reference-quick, 160, 0, 0", "design-review-quick, 194, 0, 0",
            "reference-standard-forks, 119, 0, 0", "compare-aa-long, 87, 0, 0", "compare-aa-jdk17-rounds, 168, 0, 0",
            "compare-jdk17-vs-25, 87, 0, 1", "compare-jdk17-vs-25-rounds, 24, 0, 0", "compare-aa-30, 56, 0, 1", "compare-aa-40, 56, 0, 7",
            "long-run-quick, 100, 8, 5"})
    void whatTheCommittedRunsAreWarnedAbout(String run, int rows, int warmingUp, int drifting) {
        Report r = report(run);
        assertEquals(rows, r.rows().stream().filter(ReportRow::measured).count());
        assertEquals(warmingUp, count(r, SteadyState::warmingUp), "warming up");
        assertEquals(drifting, count(r, SteadyState::drifting), "drifting");
        long flaggedRows = r.rows().stream().filter(x -> x.measured() && !x.steadyState().steady()).count();
        assertEquals(flaggedRows, r.warnings().stream().filter(w -> w.kind() == ReportWarning.Kind.NOT_STEADY).count());
    }

    @Test
    void theWarningSaysWhatMovedByHowMuch() {
        Report r = report("long-run-quick");
        List<ReportWarning> ws = Fixtures.warnings(r, ReportWarning.Kind.NOT_STEADY);
        assertTrue(ws.stream().anyMatch(w -> w.message().startsWith("MMAP_FORCE on ext4") && w.message().contains("still warming up: within each fork"
                + " its iterations fell 38% from first to last (31 µs → 19 µs; mean log-slope over 30 forks")), messages(ws));
        assertTrue(ws.stream().anyMatch(w -> w.message().startsWith("FSYNC on ext4") && w.message().contains("drifting: its fork means rose 35%"
                + " over the run (first 14 µs → last 19 µs on Sen's line through its 30 forks in the order they ran; Mann-Kendall p < 0.0001)")),
                messages(ws));
        String line = io.durabench.report.analysis.WarningSummary.byKind(r.warnings()).stream()
                .filter(l -> l.kind() == ReportWarning.Kind.NOT_STEADY).findFirst().orElseThrow().text();
        assertTrue(line.startsWith("13 (ext4 6, xfs 7); worst (ext4): MMAP_FORCE"), line);
    }

    /**
     * Every committed cell with several forks (or one long fork), its forks and its iterations
     * shuffled 10 times: whatever trend survives a shuffle is noise, and the rule must not call it one.
     */
    @Test
    void shuffledRealCellsAreAlmostNeverFlagged() {
        Random rnd = new Random(19);
        int cells = 0, flagged = 0;
        for (String run : List.of("design-review-quick", "compare-aa-long", "long-run-quick", "reference-standard-forks",
                "compare-aa-jdk17-rounds", "compare-jdk17-vs-25", "compare-aa-30", "compare-aa-40", "reference-standard")) {
            Path dir = Path.of("results", run);
            assumeTrue(Files.isDirectory(dir), run + " is not in this checkout");
            for (ResultSet set : ResultsLoader.load(List.of(dir))) {
                for (BenchmarkResult result : set.results()) {
                    List<double[]> forks = result.forks();
                    if (forks.isEmpty()) continue;
                    for (int k = 0; k < 10; k++) {
                        cells++;
                        if (!SteadyState.of(shuffled(forks, rnd)).steady()) flagged++;
                    }
                }
            }
        }
        double rate = (double) flagged / cells;
        System.out.printf("shuffled committed cells: %d of %d flagged (%.3f%%)%n", flagged, cells, 100 * rate);
        assertTrue(rate <= 0.002, flagged + " of " + cells);
    }

    private static List<double[]> shuffled(List<double[]> forks, Random rnd) {
        List<double[]> out = new ArrayList<>();
        for (double[] f : forks) {
            List<Double> it = new ArrayList<>();
            for (double v : f) it.add(v);
            Collections.shuffle(it, rnd);
            out.add(it.stream().mapToDouble(Double::doubleValue).toArray());
        }
        Collections.shuffle(out, rnd);
        return out;
    }

    private static String messages(List<ReportWarning> ws) {
        return String.join("\n", ws.stream().map(ReportWarning::message).toList());
    }
}
