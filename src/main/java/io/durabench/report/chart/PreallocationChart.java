package io.durabench.report.chart;

import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.Headline;
import io.durabench.workload.Preallocation;
import java.util.ArrayList;
import java.util.List;

/**
 * Preallocation strategies side by side: one panel per context (shared axes), methods on x, one
 * colour and mark per strategy, time per write with its interval. Only methods measured with more
 * than one strategy are shown (O_DIRECT and mmap size their own files).
 */
final class PreallocationChart {
    static final String NAME = "chart-preallocation";
    static final String TITLE = "Preallocation strategies side by side";
    private static final Marker[] MARKS = {Marker.CIRCLE, Marker.DIAMOND, Marker.SQUARE, Marker.TRIANGLE_UP};

    private PreallocationChart() {
    }

    static ChartSpec spec(Report report, Headline centre) {
        List<ReportRow> rows = centre.select(report.rows(), false, false, true).stream().filter(ReportRow::measured).toList();
        List<Preallocation> strategies = ChartParts.distinct(rows.stream().map(PreallocationChart::strategy).toList());
        if (strategies.size() < 2) return ChartSpec.skipped(NAME, TITLE, "the results hold only one preallocation strategy");
        List<ReportRow> compared = rows.stream().filter(r -> rows.stream().filter(o -> o.context().equals(r.context())
                && o.method().equals(r.method())).map(PreallocationChart::strategy).distinct().count() > 1).toList();
        List<String> methods = ChartParts.distinct(compared.stream().map(ChartParts::methodSlot).toList());
        Axis x = new Axis.Category(methods);
        ContextNames names = report.contextNames();
        List<Figure.Panel> panels = new ArrayList<>();
        for (Context c : ChartParts.distinct(compared.stream().map(ReportRow::context).toList())) {
            List<Figure.Series> series = new ArrayList<>();
            for (Preallocation p : strategies) {
                int k = strategies.indexOf(p);
                List<Figure.Point> points = compared.stream().filter(r -> r.context().equals(c) && strategy(r) == p)
                        .map(r -> new Figure.Point(methods.indexOf(ChartParts.methodSlot(r)), r.meanUs(), BatchSizeChart.low(r),
                                BatchSizeChart.high(r), !r.durable())).toList();
                series.add(new Figure.Series(p.name(), Palette.colour(k), MARKS[k % MARKS.length], false, false, points));
            }
            panels.add(new Figure.Panel(ChartParts.contextTitle(c, names), x, null, series));
        }
        panels = ChartParts.withY(panels, ChartParts.logRange(panels));
        List<Figure.LegendEntry> legend = new ArrayList<>();
        for (Preallocation p : strategies) {
            int k = strategies.indexOf(p);
            legend.add(new Figure.LegendEntry(SyncWriteCostFamily.PREALLOCATION.label(p), Palette.colour(k), MARKS[k % MARKS.length], false));
        }
        // Side by side only while each method's marks keep room for themselves (about 12 px each) in half the width.
        int columns = methods.size() * strategies.size() * 12 > 380 ? 1 : 2;
        Figure f = new Figure(TITLE + " (" + centre.describe(true, true, false) + ")", panels, columns, legend, "sync method",
                "time per write (µs, log)", "mark = mean, bar = 99.9% interval; hollow = not durable; "
                + "* = the method does not reach stable storage.");
        return ChartSpec.of(NAME, TITLE, f);
    }

    private static Preallocation strategy(ReportRow r) {
        return r.cell().get(SyncWriteCostFamily.PREALLOCATION);
    }
}
