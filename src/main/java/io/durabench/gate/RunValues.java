package io.durabench.gate;

import io.durabench.compare.Direction;
import io.durabench.compare.RowKey;
import io.durabench.compare.SideRows;
import io.durabench.results.ResultSet;
import io.durabench.stats.ShiftEstimate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run says about each row, as the gate judges it: the Hodges–Lehmann location of ln(fork
 * score) over the run's forks (the median of their Walsh averages: about the log of the geometric
 * mean, but one stalled fork among six moves it little, where it would move the mean of six by a
 * sixth of its own excess and fail a build for one bad second), one number per run. The gate's unit
 * of replication is the run: its forks share the run's moment, and what the gate must not mistake
 * for a change is how much that moment moves from run to run.
 *
 * @param rows by row id (benchmark, mode and parameters; the target directory left out)
 */
public record RunValues(String label, Map<String, Value> rows) {

    /** One row of one run. */
    public record Value(RowKey key, String unit, Direction direction, double logMean, int forks) {
    }

    public static RunValues of(String label, List<ResultSet> sets) {
        Map<String, Value> rows = new LinkedHashMap<>();
        for (SideRows.Row r : SideRows.of(sets).rows()) {
            Direction direction;
            try {
                direction = Direction.ofUnit(r.unit());
            } catch (IllegalArgumentException notJudged) {
                continue;
            }
            double[] v = r.scores().values();
            boolean positive = v.length > 0;
            for (double x : v) positive &= x > 0 && Double.isFinite(x);
            if (positive) rows.put(r.key().id(), new Value(r.key(), r.unit(), direction, ShiftEstimate.logLocation(v), r.scores().forks()));
        }
        return new RunValues(label, rows);
    }
}
