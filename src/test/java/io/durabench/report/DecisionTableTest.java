package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.analysis.Decisions;
import io.durabench.report.analysis.Recommendations;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The decision table and the recommendation line on synthetic runs whose answers are known: on ext4
 * FDATASYNC (200 µs) is resolved cheaper than O_DSYNC and FSYNC, zero-fill and batching are resolved
 * gains for it; on xfs the three methods tie; tmpfs is no column. One fork per row resolves nothing,
 * and the line says so instead of advising.
 */
class DecisionTableTest {
    @TempDir
    Path dir;

    private static SyntheticRun fill(SyntheticRun run) {
        run.target("/data", "ext4", "nvme0n1", 0, "write through")
                .write("NONE", 8192, 1, "NONE", 5.0, 0.05)
                .write("FDATASYNC", 8192, 1, "NONE", 200.0, 2.0)
                .write("O_DSYNC", 8192, 1, "NONE", 300.0, 2.0)
                .write("FSYNC", 8192, 1, "NONE", 320.0, 2.0)
                .write("O_DIRECT", 8192, 1, "NONE", 30.0, 1.0)
                .write("FDATASYNC", 8192, 100, "NONE", 12.0, 0.2)
                .write("FDATASYNC", 8192, 1, "ZERO_FILL", 150.0, 2.0);
        run.target("/xfs", "xfs", "nvme1n1", 0, "write through")
                .write("NONE", 8192, 1, "NONE", 4.0, 0.05)
                .write("FDATASYNC", 8192, 1, "NONE", 250.0, 40.0)
                .write("O_DSYNC", 8192, 1, "NONE", 255.0, 40.0)
                .write("FSYNC", 8192, 1, "NONE", 260.0, 40.0);
        run.memory("/dev/shm")
                .write("NONE", 8192, 1, "NONE", 1.0, 0.01)
                .write("FDATASYNC", 8192, 1, "NONE", 1.5, 0.01);
        return run;
    }

    private Report report(SyntheticRun run) {
        return ReportBuilder.build(ResultsLoader.load(List.of(fill(run).save())), SyncMethod.NONE);
    }

    @Test
    void durableMethodsByTargetWithTheFastestSetAndTheNotDurableBelow() {
        Report report = report(new SyntheticRun(dir.resolve("forks")));
        List<DecisionTable> tables = Decisions.of(report.rows(), report.contexts());
        assertEquals(1, tables.size());
        DecisionTable t = tables.get(0);
        assertEquals("SyncWriteCost", t.family());
        assertEquals("8 KiB, 1 write per sync, prealloc NONE", t.centre());
        assertEquals(List.of("ext4", "xfs"), t.targets().stream().map(Context::filesystem).toList(), "tmpfs is no column");
        assertEquals(List.of("tmpfs"), t.leftOut().stream().map(Context::filesystem).toList());
        assertEquals(List.of("FDATASYNC", "O_DSYNC", "FSYNC"), t.durable().stream().map(DecisionTable.Line::method).toList(),
                "durable rows by their typical mean");
        assertEquals(List.of("NONE", "O_DIRECT"), t.notDurable().stream().map(DecisionTable.Line::method).toList(), "baseline first");
        Context ext4 = t.targets().get(0), xfs = t.targets().get(1);
        assertEquals(List.of("FDATASYNC"), t.fastestOn(ext4).stream().map(DecisionTable.Line::method).toList());
        assertEquals(3, t.fastestOn(xfs).size(), "a tie stays a tie");
        assertTrue(t.betweenForks());
        assertEquals("5 forks x 5 iterations", t.replication());
    }

    /** Each figure is quoted at 95% with the disk's level; a target whose figures are wider than ±25% is told why and what would help. */
    @Test
    void theLinesUnderTheTableSayWhatAFigureIsAndWhyATargetsFiguresAreWide() {
        Report report = report(new SyntheticRun(dir.resolve("forks")));
        DecisionTable t = Decisions.of(report.rows(), report.contexts()).get(0);
        String md = Rendered.markdown(report, List.of()).replaceAll("\\s+", " ");
        assertTrue(md.contains("Each figure alone: a 95% interval over its forks that counts how far the disk's level moved between this run's"
                + " rounds (±"), md);
        ReportRow xfs = t.durable().get(0).on(t.targets().get(1));
        assertTrue(xfs.absolute().halfWidthShare() > 0.25, "the xfs rows spread ±16% a fork: " + xfs.figure());
        assertTrue(md.contains("On xfs the figures are ±"), md);
        assertTrue(!md.contains("On ext4 the figures are"), "ext4's are narrow: " + md);
    }

    /** A one-cell run: its figure stands on its own forks, and the line says the disk's level was not seen. */
    @Test
    void aOneCellRunSaysItCannotSeeTheDisksLevel() {
        SyntheticRun run = new SyntheticRun(dir.resolve("one-cell"));
        run.target("/data", "ext4", "vda", 1, "write back").write("FDATASYNC", 8192, 1, "NONE", 232.0, 10.0);
        Report report = ReportBuilder.build(ResultsLoader.load(List.of(run.save())), SyncMethod.NONE);
        ReportRow r = report.rows().get(0);
        assertTrue(Double.isNaN(r.absolute().levelMoved()), "one row: no level");
        String md = Rendered.markdown(report, List.of()).replaceAll("\\s+", " ");
        assertTrue(md.contains("(not seen on ext4, a run of fewer than 3 cells or one round)"), md);
        assertTrue(md.contains("| FDATASYNC | 232 [" + io.durabench.format.Fmt.usRounded(r.figure().low()) + ", "), md);
    }

    @Test
    void recommendsOnlyWhatTheIntervalsResolve() {
        Report report = report(new SyntheticRun(dir.resolve("forks")));
        DecisionTable t = Decisions.of(report.rows(), report.contexts()).get(0);
        Map<Context, String> lines = Recommendations.of(t, report.rows(), report.contextNames());
        String ext4 = lines.get(t.targets().get(0)), xfs = lines.get(t.targets().get(1));
        assertTrue(ext4.startsWith("ext4: durable 8 KiB append: use FDATASYNC, 200 µs ["), ext4);
        assertTrue(ext4.contains("; with prealloc ZERO_FILL: 150 µs ["), ext4);
        assertTrue(ext4.contains("; batching 100 writes per sync: 12 µs per write ["), ext4);
        assertTrue(xfs.startsWith("xfs: no recommendation: none of the 3 durable methods is resolved slower than the fastest"), xfs);
    }

    @Test
    void oneForkPerRowRecommendsNothingAndMarksNoFastestSet() {
        Report report = report(SyntheticRun.oneFork(dir.resolve("one-fork")));
        DecisionTable t = Decisions.of(report.rows(), report.contexts()).get(0);
        assertTrue(!t.betweenForks());
        String ext4 = Recommendations.of(t, report.rows(), report.contextNames()).get(t.targets().get(0));
        assertTrue(ext4.startsWith("ext4: no recommendation: intervals within one fork (1 fork x 5 iterations)"), ext4);
        String md = Rendered.markdown(report, List.of());
        assertTrue(md.contains("No fastest set marked: these intervals are within one fork"), md);
        assertTrue(!md.contains("★"), md);
    }

    @Test
    void theReportOpensWithTheDecisionThenFindingsThenWarningsThenTheDetail() {
        Report report = report(new SyntheticRun(dir.resolve("forks")));
        String md = Rendered.markdown(report, List.of());
        int decision = md.indexOf("## Decision"), recommendation = md.indexOf("**Recommendation**"),
                findings = md.indexOf("## Findings"), warnings = md.indexOf("## Warnings"), detail = md.indexOf("## ext4 ");
        assertTrue(0 < decision && decision < recommendation && recommendation < findings && findings < warnings && warnings < detail,
                md);
        assertTrue(md.substring(decision, recommendation).contains("| FDATASYNC | 200 ["), md);
        assertTrue(md.substring(decision, recommendation).contains("] ★ |"), "the fastest set is marked: " + md);
        String text = Rendered.text(report);
        assertTrue(text.indexOf("DECISION: SyncWriteCost") < text.indexOf("RECOMMENDATION"), text);
        assertTrue(text.indexOf("RECOMMENDATION") < text.indexOf("\n== ext4"), text);
    }
}
