package io.durabench.fleet;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.Headline;
import io.durabench.fleet.FleetTable.FleetCell;
import io.durabench.fleet.FleetTable.FleetColumn;
import io.durabench.fleet.FleetTable.Line;
import io.durabench.stats.Estimate;
import io.durabench.stats.MedianEstimate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fleet's tables from a report over every host: one per benchmark group (the same
 * {@link ReportRow#groupLabel()} on every host), the baseline left out (its cost is 0 by definition),
 * each cell the row's durability cost ({@link ReportRow#cost()}: time minus the baseline's of the same
 * group and host, Welch interval), or its time in a group that has no baseline.
 */
public final class FleetTables {
    private FleetTables() {
    }

    public static List<FleetTable> of(Report report, GroupBy by, ContextNames names) {
        Map<String, List<ReportRow>> groups = new LinkedHashMap<>();
        // The centre cell's group first (Headline: the one every view is built around), then as first seen.
        Headline centre = Headline.of(report.rows());
        report.rows().stream().filter(r -> Headline.syncWrites(List.of(r)).size() == 1 && centre.matches(r, false, false, false)).findFirst()
                .ifPresent(r -> groups.put(r.groupLabel(), new ArrayList<>()));
        for (ReportRow r : report.rows()) groups.computeIfAbsent(r.groupLabel(), g -> new ArrayList<>()).add(r);
        List<FleetTable> tables = new ArrayList<>();
        groups.forEach((label, rows) -> {
            if (rows.isEmpty()) return;
            FleetTable t = table(label, rows, report.contexts(), by, names);
            if (t != null) tables.add(t);
        });
        return tables;
    }

    /** The figure a cell shows: the cost where the group has one, else the time. */
    static Estimate figure(ReportRow r, boolean costs) {
        return costs ? r.cost() : r.time();
    }

    private static FleetTable table(String label, List<ReportRow> rows, List<Context> order, GroupBy by, ContextNames names) {
        List<ReportRow> lineRows = rows.stream().filter(r -> !r.baseline()).toList();
        if (lineRows.isEmpty()) return null;
        boolean costs = lineRows.stream().anyMatch(r -> r.measured() && r.cost() != null);
        List<FleetColumn> columns = columns(rows, order, by, names);
        Map<String, List<ReportRow>> byMethod = new LinkedHashMap<>();
        for (ReportRow r : lineRows) byMethod.computeIfAbsent(r.methodLabel(), m -> new ArrayList<>()).add(r);
        List<Line> durable = new ArrayList<>(), notDurable = new ArrayList<>();
        byMethod.forEach((method, methodRows) -> {
            List<FleetCell> cells = new ArrayList<>();
            for (FleetColumn c : columns) cells.add(cell(methodRows.stream().filter(r -> c.contexts().contains(r.context())).toList(), costs));
            // Durable where it can be: a method is durable when it is on the targets that have stable storage.
            boolean isDurable = methodRows.stream().anyMatch(ReportRow::durable);
            (isDurable ? durable : notDurable).add(new Line(method, isDurable, cells));
        });
        durable.sort(Comparator.comparingDouble(l -> typicalLog(l, columns)));
        notDurable.sort(Comparator.comparingDouble(l -> typicalLog(l, columns)));
        List<Line> lines = new ArrayList<>(durable);
        lines.addAll(notDurable);
        ReportRow any = lineRows.get(0);
        String base = rows.stream().filter(ReportRow::baseline).map(ReportRow::methodLabel).findFirst()
                .orElse(lineRows.stream().filter(r -> r.baselineRow() != null).map(r -> r.baselineRow().methodLabel()).findFirst().orElse(null));
        String figure = costs ? "durability cost" + (base == null ? "" : " over " + base) : "time";
        return new FleetTable(label, figure, "µs per " + any.cell().family().operation().noun(), columns, lines);
    }

    /** The columns: per context (host) or per shared value; those with stable storage first, in the report's order. */
    private static List<FleetColumn> columns(List<ReportRow> rows, List<Context> order, GroupBy by, ContextNames names) {
        Map<String, List<Context>> byKey = new LinkedHashMap<>();
        for (boolean stable : new boolean[] {true, false}) {
            for (Context c : order) {
                if (c.hasNoStableStorage() == stable || rows.stream().noneMatch(r -> r.context().equals(c))) continue;
                String key = by.key(c, names) + (stable ? "" : "*");
                byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
            }
        }
        List<FleetColumn> columns = new ArrayList<>();
        byKey.forEach((k, cs) -> columns.add(new FleetColumn(k, List.copyOf(cs), cs.stream().allMatch(Context::hasNoStableStorage))));
        return columns;
    }

    private static FleetCell cell(List<ReportRow> rows, boolean costs) {
        List<ReportRow> measured = rows.stream().filter(r -> r.measured() && figure(r, costs) != null).toList();
        if (measured.isEmpty()) {
            if (rows.isEmpty()) return null;
            boolean failed = rows.stream().anyMatch(r -> r.failed() != null);
            return new FleetCell(Double.NaN, Double.NaN, Double.NaN, false, rows.size(), null, rows, failed ? "FAILED" : "n/a");
        }
        if (measured.size() == 1) {
            Estimate e = figure(measured.get(0), costs);
            return new FleetCell(e.mean(), e.hasInterval() ? e.low() : Double.NaN, e.hasInterval() ? e.high() : Double.NaN, false, 1, e,
                    measured, null);
        }
        double[] v = measured.stream().mapToDouble(r -> figure(r, costs).mean()).sorted().toArray();
        return new FleetCell(MedianEstimate.median(v), v[0], v[v.length - 1], true, v.length, null, measured, null);
    }

    /** The order of lines: the mean log of a method's positive figures where there is stable storage (a method with none last). */
    private static double typicalLog(Line l, List<FleetColumn> columns) {
        double sum = 0;
        int n = 0;
        for (int i = 0; i < columns.size(); i++) {
            FleetCell c = l.cells().get(i);
            if (columns.get(i).noStableStorage() || c == null || !c.measured() || !(c.value() > 0)) continue;
            sum += Math.log(c.value());
            n++;
        }
        return n == 0 ? Double.MAX_VALUE : sum / n;
    }
}
