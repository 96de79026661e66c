package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.ReportWarning.Kind;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.analysis.WarningSummary;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Warnings that inform: a negative cost whose interval includes zero is not resolved, never
 * implausibly fast; only a flush cost whose whole interval lies below the device's floor is; the
 * report opens with one line per kind and scope; a yes/no baseline is named by its axis.
 */
class WarningSummaryTest {
    @TempDir
    Path dir;

    /** A disk that claims to spin (a 1 ms floor per flush) behind ext4, where nothing costs a millisecond. */
    private Report report() {
        SyntheticRun run = new SyntheticRun(dir);
        run.target("/data", "ext4", "vda", 1, "write back")
                .write("NONE", 8192, 1, "NONE", 5.0, 0.05)
                .write("FDATASYNC", 8192, 1, "NONE", 305.0, 2.0)
                // Batched: a cost of -1 µs per write whose interval includes zero ... per sync: -100 µs, unresolved.
                .write("FDATASYNC", 8192, 100, "NONE", 4.0, 0.5)
                // ... and one resolved below zero: cheaper than the baseline, which says nothing about a flush.
                .write("FSYNC", 8192, 100, "NONE", 2.0, 0.01)
                // A wide interval that reaches above the floor: not implausible either.
                .write("O_DSYNC", 8192, 1, "NONE", 600.0, 150.0)
                .write("NONE", 8192, 1, "ZERO_FILL", 20.0, 1.0)
                .write("FDATASYNC", 8192, 1, "ZERO_FILL", 150.0, 2.0)
                .fileCreate(false, 300.0, 30.0)
                .fileCreate(true, 500.0, 5.0);
        return ReportBuilder.build(ResultsLoader.load(List.of(run.save())), SyncMethod.NONE);
    }

    private static ReportRow row(Report report, String method, int batch) {
        return report.rows().stream().filter(r -> r.method().equals(method) && r.cell().describe().contains("writesPerSync=" + batch))
                .findFirst().orElseThrow();
    }

    @Test
    void aNegativeCostIsNotResolvedNeverImplausiblyFast() {
        Report report = report();
        ReportRow unresolved = row(report, "FDATASYNC", 100), negative = row(report, "FSYNC", 100);
        assertTrue(unresolved.cost().mean() < 0 && unresolved.cost().low() < 0 && unresolved.cost().high() > 0, unresolved.cost().toString());
        assertTrue(negative.cost().high() < 0, negative.cost().toString());

        List<ReportWarning> fast = Fixtures.warnings(report, Kind.IMPLAUSIBLY_FAST);
        assertEquals(1, fast.size(), fast.toString());
        ReportWarning w = fast.get(0);
        assertTrue(w.rows().contains(row(report, "FDATASYNC", 1).id()), w.rows().toString());
        assertFalse(w.rows().contains(unresolved.id()), "an unresolved cost is not implausibly fast");
        assertFalse(w.rows().contains(negative.id()), "a cost below zero is not a flush price");
        assertFalse(w.rows().contains(row(report, "O_DSYNC", 1).id()), "its interval reaches above the 1,000 µs floor");
        assertFalse(w.message().contains(" -"), "no negative figure quoted as a flush cost: " + w.message());
        assertTrue(w.message().startsWith("FDATASYNC costs 130.00 µs per sync on ext4 /data"), w.message());
        assertTrue(w.message().contains("1 more durable row there is below it too, up to 300.00 µs (FDATASYNC)"), w.message());
        assertTrue(w.message().contains("99.9% interval ["), w.message());
    }

    @Test
    void oneLinePerKindWithItsCountPerScopeAndTheWorstCase() {
        Report report = report();
        List<WarningSummary.Line> lines = WarningSummary.byKind(report.warnings());
        Set<String> seen = new HashSet<>();
        for (WarningSummary.Line l : lines) assertTrue(seen.add(l.kind().id()), "one line per kind: " + lines);
        WarningSummary.Line noisy = lines.stream().filter(l -> l.kind() == Kind.NOISY_BASELINE).findFirst().orElseThrow();
        long noisyWarnings = Fixtures.warnings(report, Kind.NOISY_BASELINE).size();
        assertTrue(noisyWarnings >= 2, report.warnings().toString());
        assertEquals(noisyWarnings, noisy.count());
        assertTrue(noisy.text().startsWith(noisyWarnings + " ext4; worst: syncDirectory=false (FileCreateCost), CI "), noisy.text());
        String text = Rendered.text(report);
        assertTrue(text.contains("[noisy-baseline] " + noisy.text()), text);
        assertFalse(text.contains("The baseline syncDirectory=false"), "the full message only with --all-warnings");
        assertTrue(Rendered.text(report, true).contains("The baseline syncDirectory=false"), "and then it is there");
    }

    @Test
    void aYesNoBaselineIsNamedByItsAxis() {
        Report report = report();
        String all = report.warnings().toString() + report.findings() + Rendered.text(report, true);
        assertFalse(all.contains("baseline false") || all.contains("baseline true"), all);
        assertTrue(all.contains("syncDirectory=false (baseline)"), "the table names it too");
        assertTrue(all.contains("syncDirectory=true adds 200 µs ["), report.findings().toString());
    }
}
