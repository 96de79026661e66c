package io.durabench.report.chart;

import io.durabench.chart.Axis;
import io.durabench.chart.Figure;
import io.durabench.chart.Marker;
import io.durabench.chart.PanelAxes;
import io.durabench.chart.Palette;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.report.Context;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.Headline;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Time per write against writes per sync: how fast batching brings a durable write down towards
 * a plain one (the baseline, dashed). With several targets, one panel per method and one line per
 * target in the target's colour, so the targets compare within a panel and colour means the
 * target as in every such chart; targets without stable storage are left out (their syncs cost
 * nothing to batch, and their microseconds would stretch the disks' axis). With one target, one
 * panel and one line per method in the method's colour.
 */
final class BatchSizeChart {
    static final String NAME = "chart-batch-size";
    static final String TITLE = "Time per write vs batch size";

    private BatchSizeChart() {
    }

    static ChartSpec spec(Report report, Headline centre) {
        List<ReportRow> all = centre.select(report.rows(), false, true, false).stream().filter(ReportRow::measured).toList();
        TreeSet<Integer> batches = new TreeSet<>(all.stream().map(BatchSizeChart::batch).toList());
        if (batches.size() < 2) return ChartSpec.skipped(NAME, TITLE, "the results hold only one batch size (writesPerSync)");
        Targets everyTarget = new Targets(report, all.stream().map(ReportRow::context).toList());
        List<Context> shown = everyTarget.disks().isEmpty() ? everyTarget.all : everyTarget.disks();
        List<ReportRow> rows = all.stream().filter(r -> shown.contains(r.context())).toList();
        Targets targets = new Targets(report, shown);
        // Methods measured at more than one batch size: the ones batching applies to.
        List<String> methods = ChartParts.methodsInOrder(rows.stream().filter(r -> !r.baseline())
                .filter(r -> rows.stream().filter(o -> o.context().equals(r.context()) && o.method().equals(r.method())).count() > 1)
                .map(ReportRow::methodLabel).toList());
        Axis x = Axis.Log.around(batches.first(), batches.last());
        List<Figure.Panel> panels = new ArrayList<>();
        List<Figure.LegendEntry> legend = new ArrayList<>();
        String baselineName = null;
        if (targets.single()) {
            Context c = targets.all.get(0);
            List<Figure.Series> series = new ArrayList<>();
            for (String m : methods) {
                series.add(new Figure.Series(m, MethodLooks.of(m), true, points(rows, c, m), null));
                legend.add(new Figure.LegendEntry(m, MethodLooks.of(m).colour(), MethodLooks.of(m).marker(), true));
            }
            baselineName = baseline(rows, c, batches, Palette.DARK, series);
            panels.add(new Figure.Panel(targets.name(c), x, null, series));
        } else {
            for (String m : methods) {
                List<Figure.Series> series = new ArrayList<>();
                for (Context c : targets.all) {
                    List<Figure.Point> points = points(rows, c, m);
                    if (points.isEmpty()) continue;
                    series.add(new Figure.Series(targets.name(c), targets.look(c), true, points, null));
                    String base = baseline(rows, c, batches, targets.look(c).colour(), series);
                    if (base != null) baselineName = base;
                }
                panels.add(new Figure.Panel(m, x, null, series));
            }
            for (Context c : targets.all) legend.add(new Figure.LegendEntry(targets.name(c), targets.look(c).colour(), targets.look(c).marker(), true));
        }
        panels = PanelAxes.sharedY(panels, panels.stream().map(p -> false).toList(), PanelAxes::logRange);
        if (baselineName != null) {
            legend.add(new Figure.LegendEntry(baselineName + " (baseline, no sync)",
                    Palette.DARK, Marker.NONE, true, true));
        }
        List<Context> left = everyTarget.all.stream().filter(c -> !shown.contains(c)).toList();
        String note = "dot = mean without stalls, bar = 95% interval (the disk's level counted); hollow = not durable; "
                + "dashed = the baseline's time per write"
                + (targets.single() ? "" : ", in its target's colour")
                + (left.isEmpty() ? "." : "; left out, no stable storage: " + String.join(", ", left.stream().map(everyTarget::bareName).toList()) + ".");
        Figure f = new Figure(TITLE + " (" + centre.describe(true, false, true) + ")", panels, targets.single() ? 1 : 2, legend,
                "writes per sync (log)", "time per write (µs, log)", note);
        return ChartSpec.of(NAME, TITLE, f);
    }

    private static List<Figure.Point> points(List<ReportRow> rows, Context c, String method) {
        return rows.stream().filter(r -> r.context().equals(c) && r.methodLabel().equals(method))
                .map(r -> new Figure.Point(batch(r), r.meanUs(), ChartParts.low(r), ChartParts.high(r), !r.durable())).toList();
    }

    /** Adds the target's baseline as a dashed line over every batch size; its method's name, or null when the target has none. */
    private static String baseline(List<ReportRow> rows, Context c, TreeSet<Integer> batches, java.awt.Color colour, List<Figure.Series> to) {
        ReportRow base = rows.stream().filter(r -> r.context().equals(c) && r.baseline()).findFirst().orElse(null);
        if (base == null) return null;
        to.add(new Figure.Series(base.methodLabel(), colour, Marker.NONE, true, true,
                List.of(Figure.Point.of(batches.first(), base.meanUs()), Figure.Point.of(batches.last(), base.meanUs()))));
        return base.methodLabel();
    }

    private static int batch(ReportRow r) {
        Integer b = r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC);
        return b == null ? 1 : b;
    }
}
