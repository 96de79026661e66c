package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.render.MarkdownRenderer;
import io.durabench.report.render.TextRenderer;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The report a reviewer reads, on the committed quick run (ext4, XFS and btrfs on loop images over
 * a virtio disk that claims to spin, and tmpfs): findings before any table, naming each
 * filesystem's durability cost with its interval and what zero-fill and batching buy; at most
 * twelve warning lines before the first table; no negative cost called implausibly fast; no bare
 * "baseline false"; 95% of the text within 120 columns.
 */
class CommittedQuickRunTest {
    private static final Path RUN = Path.of("results/reference-quick");

    private static Report report() {
        assumeTrue(Files.isDirectory(RUN), "the committed quick run is not in this checkout");
        return ReportBuilder.build(ResultsLoader.load(List.of(RUN)), SyncMethod.NONE);
    }

    @Test
    void findingsComeFirstAndSayWhatDurabilityCostsPerFilesystem() {
        Report report = report();
        String text = TextRenderer.render(report);
        int firstTable = text.indexOf("\n  method ");
        String opening = text.substring(0, firstTable);
        assertTrue(opening.contains("FINDINGS"), opening);
        for (String fs : List.of("ext4", "xfs", "btrfs")) {
            assertTrue(report.findings().stream().anyMatch(f -> f.kind() == Finding.Kind.DURABILITY_COST && f.context().startsWith(fs + " ")
                    && f.message().matches(".*FDATASYNC costs \\d[\\d,]* µs \\[\\d[\\d,.]*, \\d[\\d,.]*\\] more than NONE.*")), fs);
        }
        assertTrue(opening.contains("ZERO_FILL") && opening.contains("one sync per 100 writes"), opening);
        assertTrue(opening.contains("no difference resolved"), opening);
        assertTrue(opening.contains("has no stable storage"), opening);
    }

    @Test
    void theWarningsBeforeTheFirstTableAreAFewLines() {
        String text = TextRenderer.render(report());
        List<String> lines = text.lines().toList();
        int start = lines.indexOf(lines.stream().filter(l -> l.startsWith("WARNINGS")).findFirst().orElseThrow());
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).isEmpty()) end++;
        assertTrue(end - start - 1 <= 12, "warning lines: " + (end - start - 1) + "\n" + String.join("\n", lines.subList(start, end)));
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
        String all = TextRenderer.render(report, true) + MarkdownRenderer.render(report, List.of());
        assertFalse(all.contains("baseline false") || all.contains("baseline true"), "a yes/no baseline is named by its axis");
    }

    @Test
    void theTextFits120Columns() {
        List<String> lines = TextRenderer.render(report()).lines().toList();
        long within = lines.stream().filter(l -> l.length() <= 120).count();
        assertTrue(within >= 0.95 * lines.size(), within + " of " + lines.size());
    }
}
