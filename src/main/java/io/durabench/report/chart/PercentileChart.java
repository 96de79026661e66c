package io.durabench.report.chart;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.Headline;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

/**
 * Latency percentiles per method at the centre group (the standard profile's 8 KiB, one write per
 * sync, append): p50, p99 and p99.9 of every context in one column per method, joined by a bar so
 * the tail's length reads at a glance; one colour per context, at most eight per panel.
 */
final class PercentileChart {
    static final String NAME = "chart-percentiles";
    static final String TITLE = "Latency percentiles per method";
    private static final Color KEY = new Color(0x444444);

    private PercentileChart() {
    }

    static ChartSpec spec(Report report, Headline centre) {
        List<ReportRow> rows = centre.select(report.rows(), false, false, false).stream()
                .filter(r -> r.measured() && Double.isFinite(r.p50Us())).toList();
        if (rows.isEmpty()) return ChartSpec.skipped(NAME, TITLE, "no SampleTime results (run with -bm sample, as the standard profile does)");
        ContextPanels layout = ContextPanels.of(rows);
        ContextNames names = report.contextNames();
        List<Figure.Panel> panels = new ArrayList<>();
        List<Figure.LegendEntry> legend = new ArrayList<>();
        for (List<Context> part : layout.panels()) {
            List<Figure.Series> series = new ArrayList<>();
            for (Context c : part) {
                Color colour = layout.colour(c);
                List<Figure.Point> p50 = new ArrayList<>(), p99 = new ArrayList<>(), p999 = new ArrayList<>();
                for (ReportRow r : rows) {
                    if (!r.context().equals(c)) continue;
                    double slot = layout.slot(r);
                    // The bar from p50 to p99.9 is the tail itself, drawn with the p50 point.
                    p50.add(new Figure.Point(slot, r.p50Us(), r.p50Us(), Double.isFinite(r.p999Us()) ? r.p999Us() : Double.NaN, !r.durable()));
                    if (Double.isFinite(r.p99Us())) p99.add(new Figure.Point(slot, r.p99Us(), Double.NaN, Double.NaN, !r.durable()));
                    if (Double.isFinite(r.p999Us())) p999.add(new Figure.Point(slot, r.p999Us(), Double.NaN, Double.NaN, !r.durable()));
                }
                String name = ChartParts.contextTitle(c, names);
                series.add(new Figure.Series(name, colour, Marker.CIRCLE, false, false, p50));
                series.add(new Figure.Series(name + " p99", colour, Marker.DIAMOND, false, false, p99));
                series.add(new Figure.Series(name + " p99.9", colour, Marker.SQUARE, false, false, p999));
                if (layout.together()) legend.add(new Figure.LegendEntry(name, colour, Marker.CIRCLE, false));
            }
            panels.add(new Figure.Panel(layout.title(part, names), layout.x(), null, series));
        }
        legend.add(new Figure.LegendEntry("p50", KEY, Marker.CIRCLE, false));
        legend.add(new Figure.LegendEntry("p99", KEY, Marker.DIAMOND, false));
        legend.add(new Figure.LegendEntry("p99.9", KEY, Marker.SQUARE, false));
        panels = ChartParts.withY(panels, ChartParts.logRange(panels));
        Figure f = new Figure(TITLE + " (SampleTime, " + centre.describe(true, true, true) + ")", panels, layout.columns(), legend,
                "sync method",
                "latency per write (µs, log)", "circle = p50, diamond = p99, square = p99.9, bar from p50 to p99.9; "
                + "hollow = not durable; * = the method does not reach stable storage.");
        return ChartSpec.of(NAME, TITLE, f);
    }
}
