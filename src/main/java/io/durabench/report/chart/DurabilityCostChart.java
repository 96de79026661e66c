package io.durabench.report.chart;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.Headline;
import java.util.ArrayList;
import java.util.List;

/**
 * Durability cost (time minus the baseline's) per sync method at the centre group: methods on x,
 * one colour per context, the 99.9% interval as a bar. Any number of contexts: past eight, more
 * panels with the same axes. Costs of zero or less have no place on a log axis and are counted in
 * the note instead of drawn.
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
        ContextPanels layout = ContextPanels.of(rows);
        ContextNames names = report.contextNames();
        List<Figure.Panel> panels = new ArrayList<>();
        List<Figure.LegendEntry> legend = new ArrayList<>();
        int notDrawn = 0;
        for (List<Context> part : layout.panels()) {
            List<Figure.Series> series = new ArrayList<>();
            for (Context c : part) {
                List<Figure.Point> points = new ArrayList<>();
                for (ReportRow r : rows) {
                    if (!r.context().equals(c)) continue;
                    if (!(r.cost().mean() > 0)) {
                        notDrawn++;
                        continue;
                    }
                    double low = r.cost().hasInterval() ? r.cost().low() : Double.NaN;
                    double high = r.cost().hasInterval() ? r.cost().high() : Double.NaN;
                    points.add(new Figure.Point(layout.slot(r), r.cost().mean(),
                            r.cost().hasInterval() ? (low > 0 ? low : 0) : Double.NaN, high, !r.durable()));
                }
                String name = ChartParts.contextTitle(c, names);
                series.add(new Figure.Series(name, layout.colour(c), Marker.CIRCLE, false, false, points));
                if (layout.together()) legend.add(new Figure.LegendEntry(name, layout.colour(c), Marker.CIRCLE, false));
            }
            panels.add(new Figure.Panel(layout.title(part, names), layout.x(), null, series));
        }
        if (!layout.together()) legend.add(new Figure.LegendEntry("durability cost (mean)", Palette.colour(0), Marker.CIRCLE, false));
        panels = ChartParts.withY(panels, ChartParts.logRange(panels));
        String note = "dot = mean, bar = 99.9% interval (an arrow at the bottom: it reaches zero); hollow = not durable "
                + "(method or target); * = the method does not reach stable storage"
                + (notDrawn == 0 ? "." : "; " + notDrawn + (notDrawn == 1 ? " cost" : " costs") + " of zero or less not drawn (see the tables).");
        Figure f = new Figure(TITLE + " (" + centre.describe(true, true, true) + ")", panels, layout.columns(), legend,
                "sync method", "durability cost: time minus the baseline's (µs per write, log)", note);
        return ChartSpec.of(NAME, TITLE, f);
    }
}
