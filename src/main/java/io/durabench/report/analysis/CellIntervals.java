package io.durabench.report.analysis;

import io.durabench.catalogue.Cell;
import io.durabench.format.Fmt;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.ReportRow;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.ResultSet;
import io.durabench.stats.Estimate;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figure the report prints for each cell of one target on one JVM, from the results measured so far, once the cell
 * has an interval between forks: what a run's progress line shows after each fork. Not a second computation: the rows
 * are built as a report of these results builds them ({@link ReportBuilder#figures}), the mean without stalls with its
 * interval between forks, each row's variance shrunk toward the other rows' as the report pools a context's rows. So a
 * cell's line shows what {@code durabench report} on the run folder prints for it at that moment (the folder is
 * rewritten after every fork); the final report differs only as far as the forks still to come, of other cells, move
 * the pooled variance.
 */
public final class CellIntervals {
    /** Where the results are said to come from: nothing is read from its folder. */
    private static final Path SO_FAR = Path.of("results-so-far");

    private CellIntervals() {
    }

    /**
     * @param interval the cell's figure with the interval the report's tables print (ReportRow.figure)
     * @param text     as the report's tables print it: "130.2 [98.1, 172.8] µs/op", "1,204 [1,150, 1,260] commits/s"
     */
    public record IntervalFigure(Estimate interval, String text) {
    }

    /** @param results one target's results on one JVM, every round so far (a cell's forks merged, as a results folder reads back) */
    public static Map<Cell, IntervalFigure> of(List<BenchmarkResult> results) {
        ReportBuilder.Figures figures = ReportBuilder.figures(new ResultSet(SO_FAR, null, results, List.of()));
        Map<Cell, IntervalFigure> out = new LinkedHashMap<>();
        for (ReportRow r : figures.rows()) {
            if (r.measured() && r.time().betweenForks()) {
                out.put(r.cell(), new IntervalFigure(r.figure(), Fmt.usCompact(r.meanUs()) + " " + Fmt.usCompactInterval(r.figure()) + " µs/op"));
            }
        }
        for (GroupCommitRow r : figures.groupCommitRows()) {
            if (r.measured() && r.commitsPerSec().betweenForks()) {
                out.put(r.cell(), new IntervalFigure(r.commitsPerSec(), Fmt.ops(r.meanCommitsPerSec()) + " " + Fmt.opsInterval(r.commitsPerSec())
                        + " commits/s"));
            }
        }
        return out;
    }
}
