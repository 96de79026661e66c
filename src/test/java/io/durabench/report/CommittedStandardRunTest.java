package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.ResultsLoader;
import io.durabench.testing.Evidence;
import io.durabench.workload.SyncMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The page a design review pastes, on the committed standard run (ext4, XFS, btrfs and tmpfs):
 * the decision table within the first 40 lines, nothing wider than 120 characters before the first
 * detail table, and at most 10 lines of warnings before it.
 */
@Evidence
class CommittedStandardRunTest {
    private static final Path RUN = Path.of("results/reference-standard");

    @Test
    void theDecisionTableOpensThePageAndTheOpeningFitsOneScreenWide() {
        assumeTrue(Files.isDirectory(RUN), "the committed standard run is not in this checkout");
        Report report = ReportBuilder.build(ResultsLoader.load(List.of(RUN)), SyncMethod.NONE);
        List<String> lines = Arrays.asList(Rendered.markdown(report, List.of()).split("\n", -1));
        int decisionTable = index(lines, l -> l.startsWith("| Method |"));
        assertTrue(decisionTable >= 0 && decisionTable < 40, "decision table at line " + (decisionTable + 1));
        assertTrue(lines.get(decisionTable - 4).startsWith("### SyncWriteCost at 8 KiB"), lines.get(decisionTable - 4));
        int firstDetailSection = index(lines, l -> report.contexts().stream().anyMatch(c -> l.equals("## " + c.label())));
        assertTrue(firstDetailSection > decisionTable, "the detail comes after the decision");
        for (int i = 0; i < firstDetailSection; i++) {
            assertTrue(lines.get(i).length() <= 120, "line " + (i + 1) + " is " + lines.get(i).length() + " wide: " + lines.get(i));
        }
        int warnings = index(lines, l -> l.startsWith("## Warnings"));
        long warningLines = lines.subList(warnings + 1, firstDetailSection).stream().filter(l -> !l.isBlank()).count();
        assertTrue(warningLines <= 10, warningLines + " lines of warnings");
    }

    private static int index(List<String> lines, java.util.function.Predicate<String> p) {
        for (int i = 0; i < lines.size(); i++) if (p.test(lines.get(i))) return i;
        return -1;
    }
}
