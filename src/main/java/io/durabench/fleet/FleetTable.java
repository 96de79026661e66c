package io.durabench.fleet;

import io.durabench.report.Context;
import io.durabench.report.ReportRow;
import io.durabench.stats.Estimate;
import java.util.List;

/**
 * One benchmark group across the fleet ("SyncWriteCost.writeBlock, 8 KiB, 1 write per sync, prealloc
 * NONE"): its methods (lines) by its columns (hosts, or the groups of {@link GroupBy}), each cell the
 * durability cost over the baseline (or, in a group without a baseline, the time) of that method there.
 *
 * @param group   the group's label, as every host's report names it
 * @param figure  what a cell is: "durability cost over NONE" or "time"
 * @param unit    "µs per write"
 * @param columns in order: those with stable storage, then those without
 * @param lines   durable methods first (cheapest typical cost first), then the methods that are not durable
 */
public record FleetTable(String group, String figure, String unit, List<FleetColumn> columns, List<Line> lines) {

    /**
     * One column: its name and the contexts (host targets) in it.
     *
     * @param noStableStorage true when none of its contexts has stable storage (tmpfs): nothing there is durable
     */
    public record FleetColumn(String name, List<Context> contexts, boolean noStableStorage) {
        public List<String> hosts() {
            return contexts.stream().map(c -> c.host() == null ? c.label() : c.host()).distinct().toList();
        }
    }

    /** One method: a cell per column (null where it was not measured on any of the column's hosts). */
    public record Line(String method, boolean durable, List<FleetCell> cells) {
    }

    /**
     * A cell. Of one context: the row's figure with its 99.9% interval ({@code estimate}). Of several (a
     * column of several hosts): the median of their figures, with the lowest and highest host's figure
     * ({@code range}), since hosts are not forks of one measurement. {@code notMeasured} is "n/a" or
     * "FAILED" when no host of the column measured it.
     */
    public record FleetCell(double value, double low, double high, boolean range, int contexts, Estimate estimate, List<ReportRow> rows,
                       String notMeasured) {
        public boolean measured() {
            return notMeasured == null;
        }
    }
}
