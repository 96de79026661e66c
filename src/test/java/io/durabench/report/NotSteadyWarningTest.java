package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.ReportWarning.Kind;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.analysis.WarningSummary;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The not-steady warning in a report: a row warming up in every fork and a row whose fork means
 * rise over the run are each warned about with the figure, a steady row beside them is not, the
 * opening has one not-steady line, and the full message is in the list at the end.
 */
class NotSteadyWarningTest {
    @TempDir
    Path dir;

    /** k forks of n iterations at 300 µs·level(f, i), with a fixed small wobble (±1%) so nothing is exactly ordered by accident. */
    private static double[][] forks(int k, int n, java.util.function.BiFunction<Integer, Integer, Double> level) {
        double[][] out = new double[k][n];
        for (int f = 0; f < k; f++) for (int i = 0; i < n; i++) out[f][i] = 300 * level.apply(f, i) * (1 + 0.01 * Math.sin(7 * f + 3 * i));
        return out;
    }

    private Report report() {
        SyntheticRun run = new SyntheticRun(dir);
        run.target("/data", "ext4", "vda", 0, "write through")
                .writeIterations("NONE", 8192, 1, "NONE", forks(12, 5, (f, i) -> 0.02))
                // Warming up: each fork 20% slower at its first iteration than at its last.
                .writeIterations("FDATASYNC", 8192, 1, "NONE", forks(12, 5, (f, i) -> 1.25 - 0.0625 * i))
                // Drifting: the fork means rise 20% from the first fork to the last.
                .writeIterations("FSYNC", 8192, 1, "NONE", forks(12, 5, (f, i) -> 1 + 0.2 * f / 11))
                // Steady.
                .writeIterations("O_DSYNC", 8192, 1, "NONE", forks(12, 5, (f, i) -> 1.1));
        return ReportBuilder.build(ResultsLoader.load(List.of(run.save())), SyncMethod.NONE);
    }

    @Test
    void warmingUpAndDriftingRowsAreWarnedWithTheirFigures() {
        List<ReportWarning> ws = Fixtures.warnings(report(), Kind.NOT_STEADY);
        assertEquals(2, ws.size(), ws.toString());
        ReportWarning warm = ws.stream().filter(w -> w.message().startsWith("FDATASYNC")).findFirst().orElseThrow();
        assertTrue(warm.message().contains("still warming up: within each fork its iterations fell 20% from first to last (376 µs → 301 µs;"
                + " mean log-slope over 12 forks"), warm.message());
        assertTrue(warm.brief().startsWith("FDATASYNC 8192 B, 1 write per sync, prealloc NONE: iterations −20% within forks (376 → 301 µs, p < 0.0001)"),
                warm.brief());
        ReportWarning drift = ws.stream().filter(w -> w.message().startsWith("FSYNC")).findFirst().orElseThrow();
        assertTrue(drift.message().contains("drifting: its fork means rose 20% over the run (first 301 µs → last 361 µs on Sen's line"
                + " through its 12 forks in the order they ran; Mann-Kendall p < 0.0001)"), drift.message());
        assertEquals(0.2, drift.severity(), 0.01);
    }

    @Test
    void aStalledForkLeftOutIsCountedInTheDriftWarning() {
        // The FSYNC drift again, with fork 7 stalled in every iteration (20x): out of the row's mean and the trend, and said so.
        double[][] drifting = forks(12, 5, (f, i) -> f == 6 ? 20.0 : 1 + 0.2 * f / 11);
        SyntheticRun run = new SyntheticRun(dir);
        run.target("/data", "ext4", "vda", 0, "write through")
                .writeIterations("NONE", 8192, 1, "NONE", forks(12, 5, (f, i) -> 0.02))
                .writeIterations("FSYNC", 8192, 1, "NONE", drifting);
        Report report = ReportBuilder.build(ResultsLoader.load(List.of(run.save())), SyncMethod.NONE);
        ReportWarning drift = Fixtures.warnings(report, Kind.NOT_STEADY).stream().filter(w -> w.message().startsWith("FSYNC")).findFirst()
                .orElseThrow();
        assertTrue(drift.message().contains("on Sen's line through 11 of its 12 forks (1 left out: every iteration stalled) in the order they ran"),
                drift.message());
    }

    @Test
    void theOpeningHasOneLineForThemAndTheEndEveryMessage() {
        Report report = report();
        List<WarningSummary.Line> lines = WarningSummary.byKind(report.warnings()).stream().filter(l -> l.kind() == Kind.NOT_STEADY).toList();
        assertEquals(1, lines.size());
        assertEquals(2, lines.get(0).count());
        assertTrue(lines.get(0).text().startsWith("2 ext4; worst: "), lines.get(0).text());
        String md = Rendered.markdown(report, List.of());
        assertTrue(md.contains("* **not-steady** 2 ext4; worst: "), md);
        for (ReportWarning w : Fixtures.warnings(report, Kind.NOT_STEADY)) assertTrue(md.contains("* **not-steady**: " + w.message()), w.message());
    }

    @Test
    void oneForkOfFiveIterationsIsNeverWarnedAbout() {
        SyntheticRun run = SyntheticRun.oneFork(dir);
        run.target("/data", "ext4", "vda", 0, "write through")
                .writeIterations("NONE", 8192, 1, "NONE", forks(1, 5, (f, i) -> 0.02))
                // Falling 40% in order: the best one fork of five can do is p = 2/5! = 0.017.
                .writeIterations("FDATASYNC", 8192, 1, "NONE", forks(1, 5, (f, i) -> 1.4 - 0.1 * i));
        Report report = ReportBuilder.build(ResultsLoader.load(List.of(run.save())), SyncMethod.NONE);
        assertEquals(List.of(), Fixtures.warnings(report, Kind.NOT_STEADY));
        ReportRow fdatasync = report.rows().stream().filter(r -> r.method().equals("FDATASYNC")).findFirst().orElseThrow();
        assertEquals(2.0 / 120, fdatasync.steadyState().warmingUp().p(), 1e-12);
    }
}
