package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.render.Tables;
import io.durabench.results.ResultsLoader;
import io.durabench.testing.Evidence;
import io.durabench.workload.SyncMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The report a reviewer reads, on the committed quick run (ext4, XFS and btrfs on loop images over
 * a virtio disk that claims to spin, and tmpfs), made before forks were the unit of replication: one
 * fork per cell. Findings before any table, saying first that every interval is within one fork, so
 * nothing is called resolved; naming each filesystem's durability cost with its interval and what
 * zero-fill and batching do, without a winner; no fastest durable method crowned; at most thirteen
 * warning lines before the first table; the one iteration far off its row named; no negative cost
 * called implausibly fast; no bare "baseline false"; 95% of the text within 120 columns.
 */
@Evidence
class CommittedQuickRunTest {
    private static final Path RUN = Path.of("results/reference-quick");

    private static Report report() {
        assumeTrue(Files.isDirectory(RUN), "the committed quick run is not in this checkout");
        return ReportBuilder.build(ResultsLoader.load(List.of(RUN)), SyncMethod.NONE);
    }

    @Test
    void findingsComeFirstAndSayWhatDurabilityCostsPerFilesystem() {
        Report report = report();
        String text = Rendered.text(report);
        int firstTable = text.indexOf("\n  method ");
        String opening = text.substring(0, firstTable);
        assertTrue(opening.indexOf("DECISION: SyncWriteCost") < opening.indexOf("FINDINGS"), opening);
        for (String fs : List.of("ext4", "xfs", "btrfs")) {
            assertTrue(report.findings().stream().anyMatch(f -> f.kind() == Finding.Kind.DURABILITY_COST && f.context().startsWith(fs + " ")
                    && f.message().matches(".*FDATASYNC's cost over NONE is not resolved: \\d[\\d,]* µs \\[\\d[\\d,.]*, \\d[\\d,.]*\\].*")), fs);
        }
        // What zero-fill and batching do is each target's own finding: it opens the target's section, above its tables.
        String ext4 = text.substring(text.indexOf("\n== ext4 "));
        ext4 = ext4.substring(0, ext4.indexOf("\n  method "));
        assertTrue(ext4.contains("ZERO_FILL") && ext4.contains("one sync per 100 writes"), ext4);
        assertTrue(ext4.contains("no difference resolved"), ext4);
        assertTrue(opening.contains("has no stable storage"), opening);
    }

    @Test
    void oneForkPerCellIsSaidFirstAndNothingIsResolved() {
        Report report = report();
        List<Integer> measured = report.rows().stream().filter(ReportRow::measured).map(ReportRow::id).toList();
        Finding oneFork = report.findings().stream().filter(f -> f.kind() == Finding.Kind.TRAP && f.message().contains("in one fork"))
                .findFirst().orElseThrow(() -> new AssertionError(report.findings().toString()));
        assertTrue(oneFork.message().startsWith("tmpfs, btrfs, ext4 and xfs measured each cell in one fork (" + measured.size() + " rows)"),
                oneFork.message());
        assertEquals(measured, oneFork.rows());
        long othersBefore = report.findings().stream().limit(report.findings().indexOf(oneFork)).filter(f -> f.kind() != Finding.Kind.TRAP).count();
        assertEquals(0, othersBefore, "said with the traps, before any other finding");
        String opening = Rendered.text(report).split("\n  method ")[0];
        assertTrue(opening.contains("measured each cell in one fork"), opening);

        for (Finding f : report.findings()) {
            if (f.kind() == Finding.Kind.TRAP) continue;
            assertFalse(f.message().contains("cheaper") || f.message().matches(".* costs .* more than .*"), "nothing is resolved: " + f.message());
        }
        List<String> fastest = Tables.fastestDurable(report.rows());
        assertTrue(fastest.stream().anyMatch(l -> l.contains(": lowest durable mean: ")), fastest.toString());
        for (String l : fastest) {
            assertFalse(l.contains("fastest durable method is") || l.contains("fastest durable:"), "no fastest crowned on one fork: " + l);
            if (l.contains("lowest durable mean")) assertTrue(l.contains("; intervals within one fork, so no fastest is resolved"), l);
        }
    }

    @Test
    void theIterationFarOffItsRowIsNamed() {
        // ext4, SYNC_FILE_RANGE, 100 writes per sync, prealloc NONE: iterations 8.75, 8.84, 29.44, 8.35, 8.76 µs (median 8.76: 3.4x).
        List<ReportWarning> outliers = report().warnings().stream().filter(w -> w.kind() == ReportWarning.Kind.OUTLIER_ITERATION).toList();
        assertEquals(1, outliers.size(), outliers.toString());
        ReportWarning w = outliers.get(0);
        assertTrue(w.message().startsWith("SYNC_FILE_RANGE on ext4 /mnt/durabench-ref-ext4-20036 (SyncWriteCost.writeBlock, 8192 B, "
                + "100 writes per sync, prealloc NONE): 1 iteration left out of the mean, more than 3x off the row's median 8.76 µs;"
                + " the worst: fork 1, iteration 3 at 29.44 µs (3.4x)"), w.message());
        ReportRow row = report().rows().stream().filter(r -> r.id() == w.rows().get(0)).findFirst().orElseThrow();
        assertEquals((8.75 + 8.84 + 8.35 + 8.76) / 4, row.meanUs(), 0.02, "the row's mean is of the other four iterations");
        assertEquals("ext4", w.scope());
    }

    @Test
    void theWarningsBeforeTheFirstTableAreAFewLines() {
        String text = Rendered.text(report());
        List<String> lines = text.lines().toList();
        int start = lines.indexOf(lines.stream().filter(l -> l.startsWith("WARNINGS")).findFirst().orElseThrow());
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).isEmpty()) end++;
        // Twelve before the outlier-iteration kind: the committed run has one such row, and its line wraps in two.
        assertTrue(end - start - 1 <= 13, "warning lines: " + (end - start - 1) + "\n" + String.join("\n", lines.subList(start, end)));
    }

    @Test
    void noNegativeCostIsImplausiblyFastAndNoBaselineIsABareBoolean() {
        Report report = report();
        for (ReportWarning w : report.warnings()) {
            if (w.kind() != ReportWarning.Kind.IMPLAUSIBLY_FAST) continue;
            assertFalse(w.message().matches(".*costs -\\d.*"), w.message());
            for (int id : w.rows()) {
                ReportRow r = report.rows().get(id);
                assertTrue(r.cost().low() > 0, "a cost whose interval reaches zero is not resolved: " + r.method() + " " + r.cost());
            }
        }
        String all = Rendered.text(report, true) + Rendered.markdown(report, List.of());
        assertFalse(all.contains("baseline false") || all.contains("baseline true"), "a yes/no baseline is named by its axis");
    }

    @Test
    void theTextFits120Columns() {
        List<String> lines = Rendered.text(report()).lines().toList();
        long within = lines.stream().filter(l -> l.length() <= 120).count();
        assertTrue(within >= 0.95 * lines.size(), within + " of " + lines.size());
    }
}
