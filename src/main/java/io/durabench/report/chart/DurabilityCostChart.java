package io.durabench.report.chart;

import io.durabench.chart.Axis;
import io.durabench.chart.Figure;
import io.durabench.chart.Look;
import io.durabench.chart.PanelAxes;
import io.durabench.chart.Palette;
import io.durabench.report.Context;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.Headline;
import java.util.ArrayList;
import java.util.List;

/**
 * Durability cost (time minus the baseline's) per sync method at the centre group, methods on x,
 * the 99.9% interval as a bar. With several targets the colour is the target's
 * ({@link Palette#filesystem}) and the disks share one panel, tmpfs another with its own axis
 * ({@link TargetGroups}); with one target the colour is the method's ({@link MethodLooks}). Costs of
 * zero or less have no place on a log axis and are counted in the note instead of drawn.
 */
final class DurabilityCostChart {
    static final String NAME = "chart-durability-cost";
    static final String TITLE = "Durability cost per sync method";

    private DurabilityCostChart() {
    }

    static ChartSpec spec(Report report, Headline centre) {
        List<ReportRow> rows = centre.select(report.rows(), false, false, false).stream()
                .filter(r -> r.measured() && !r.baseline() && r.cost() != null).toList();
        if (rows.isEmpty()) return ChartSpec.skipped(NAME, TITLE, "no SyncWriteCost rows with a durability cost over a baseline");
        Targets targets = new Targets(report, rows.stream().map(ReportRow::context).toList());
        List<String> methods = ChartParts.methodsInOrder(rows.stream().map(ChartParts::methodSlot).toList());
        Axis.Category x = new Axis.Category(methods);
        List<TargetGroups> groups = TargetGroups.of(targets);
        List<Figure.Panel> panels = new ArrayList<>();
        List<Boolean> own = new ArrayList<>();
        for (TargetGroups g : groups) {
            List<Figure.Series> series = new ArrayList<>();
            for (Context c : g.contexts()) {
                for (ReportRow r : rows) {
                    if (!r.context().equals(c) || !(r.cost().mean() > 0)) continue;
                    String slot = ChartParts.methodSlot(r);
                    // One target: each method its own colour, all in one column; several: the target's colour, a column each.
                    Look look = targets.single() ? MethodLooks.of(slot) : targets.look(c);
                    series.add(new Figure.Series(targets.name(c), look, false, List.of(point(r, methods.indexOf(slot))),
                            targets.single() ? "" : targets.name(c)));
                }
            }
            panels.add(new Figure.Panel(targets.single() ? targets.name(targets.all.get(0)) : g.title(), x, null, series));
            own.add(g.ownScale());
        }
        panels = PanelAxes.sharedY(panels, own, PanelAxes::logRange);
        List<Figure.LegendEntry> legend = new ArrayList<>();
        if (!targets.single() && !TargetGroups.onePerPanel(groups)) targets.all.forEach(c -> legend.add(targets.legend(c)));
        long notDrawn = rows.stream().filter(r -> !(r.cost().mean() > 0)).count();
        String note = "dot = mean without stalls, bar = 99.9% interval (an arrow at the bottom: it reaches zero); hollow = not durable "
                + "(method or target); * = the method does not reach stable storage"
                + (notDrawn == 0 ? "." : "; " + notDrawn + (notDrawn == 1 ? " cost" : " costs") + " of zero or less not drawn (see the tables).");
        Figure f = new Figure(TITLE + " (" + centre.describe(true, true, true) + ")", panels, 1, legend,
                "sync method", "durability cost: time minus the baseline's (µs per write, log)", note);
        return ChartSpec.of(NAME, TITLE, f);
    }

    private static Figure.Point point(ReportRow r, int slot) {
        double low = r.cost().hasInterval() ? Math.max(0, r.cost().low()) : Double.NaN;
        double high = r.cost().hasInterval() ? r.cost().high() : Double.NaN;
        return new Figure.Point(slot, r.cost().mean(), low, high, !r.durable());
    }
}
