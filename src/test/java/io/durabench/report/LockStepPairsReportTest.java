package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.LockStepFile;
import io.durabench.results.PairsRule;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's lock-step section over reference pairs with unequal fork pairs (a precision rule gave each cell its
 * own): each row's interval and count are its own pairs', the pairs column marks a cell still wider at the cap or the
 * budget, and a line under the table gives the rule and where the cells ended. A file of fixed fork pairs (before the
 * rule) reads as before, without that line.
 */
class LockStepPairsReportTest {
    @TempDir
    Path dir;

    @Test
    void cellsWithTheirOwnForkPairsSayHowManyAndWhy() throws Exception {
        copyFixture();
        LockStepFile fixed = LockStepFile.read(dir);
        assertEquals(null, fixed.settings().pairs(), "the committed fixture has fixed fork pairs");
        String before = Rendered.text(report());
        assertFalse(before.contains("Fork pairs:"), before);

        // The first cell keeps its 3 pairs (the cap); the others stop at 2, wider, when the next pair would pass the budget.
        List<LockStepFile.CellRecord> cells = new ArrayList<>();
        for (int i = 0; i < fixed.cells().size(); i++) {
            LockStepFile.CellRecord c = fixed.cells().get(i);
            cells.add(i == 0 ? c : new LockStepFile.CellRecord(c.specA(), c.specB(), c.benchmark(), c.paramsA(), c.paramsB(), c.unitsPerBlock(),
                    c.forkPairs().subList(0, 2)));
        }
        String budget = "the budget (the next fork pair, 2 cells, ~9 s, would pass it)";
        new LockStepFile(fixed.started(), fixed.finished(), fixed.sides(), fixed.pairing(),
                fixed.settings().withPairs(new PairsRule(2, 0.000001, 3, budget)), fixed.placement(), cells).write(dir);

        Report report = report();
        ReferenceComparison rc = report.references().get(0);
        assertEquals(3, rc.forkPairs(), "the most any cell has");
        for (ReferenceComparison.Entry e : rc.entries()) {
            boolean first = e.cell().keyWithoutTarget().equals(keyOf(rc, cells.get(0)));
            assertEquals(first ? 3 : 2, e.estimate().n(), e.method());
            assertEquals(first ? PairsRule.Reached.CAP : PairsRule.Reached.BUDGET, e.reached(), e.method());
        }
        String text = Rendered.text(report);
        assertTrue(text.contains("2 fork pairs, more for the cells wider than ±0.0001% (at most 3)"), text);
        assertTrue(text.contains("Fork pairs: 2 fork pairs, then one more at a time for each cell whose 95% interval is wider than ±0.0001%, at"),
                text);
        assertTrue(text.contains("stopped: " + budget + ". none within; still wider: 1 cap, " + (cells.size() - 1) + " budget"), text);
        assertTrue(text.contains("3 (cap)") && text.contains("2 (budget)"), text);
        assertTrue(text.contains("n = 2–3 fork pairs") && text.contains("in 2–3 fork pairs in lock-step"), "the decision table's n and its line: " + text);
    }

    /** The cell key of a lockstep.json record's side B, as the report's entries name it. */
    private static String keyOf(ReferenceComparison rc, LockStepFile.CellRecord c) {
        return rc.entries().stream().map(e -> e.cell()).filter(cell -> cell.jmhParams().equals(c.paramsB())).findFirst().orElseThrow()
                .keyWithoutTarget();
    }

    private Report report() {
        return ReportBuilder.build(ResultsLoader.load(List.of(dir)), SyncMethod.NONE);
    }

    private void copyFixture() throws IOException, java.net.URISyntaxException {
        Path from = Path.of(LockStepPairsReportTest.class.getResource("/report/reference-pairs").toURI());
        try (Stream<Path> files = Files.list(from)) {
            for (Path p : files.toList()) Files.copy(p, dir.resolve(p.getFileName()));
        }
    }
}
