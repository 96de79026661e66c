package io.durabench.report.chart;

import io.durabench.chart.Axis;
import io.durabench.chart.Figure;
import io.durabench.chart.Marker;
import io.durabench.chart.PanelAxes;
import io.durabench.chart.Palette;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.Headline;
import io.durabench.workload.Preallocation;
import java.util.ArrayList;
import java.util.List;

/**
 * Preallocation strategies side by side: one panel per target (the disks on shared axes, tmpfs on
 * its own), methods on x, time per write with its interval; each strategy a mark of its own in a
 * fixed order within a method's slot (none, ftruncate, fallocate, zero-fill, left to right). The
 * colour is the target's, as in every chart with several targets; with one target, the method's.
 * Only methods measured with more than one strategy are shown (O_DIRECT and mmap size their own files).
 */
final class PreallocationChart {
    static final String NAME = "chart-preallocation";
    static final String TITLE = "Preallocation strategies side by side";
    private static final Marker[] MARKS = {Marker.CIRCLE, Marker.DIAMOND, Marker.SQUARE, Marker.TRIANGLE_UP, Marker.TRIANGLE_DOWN};

    private PreallocationChart() {
    }

    static ChartSpec spec(Report report, Headline centre) {
        List<ReportRow> rows = centre.select(report.rows(), false, false, true).stream().filter(ReportRow::measured).toList();
        List<Preallocation> strategies = ChartParts.distinct(rows.stream().map(PreallocationChart::strategy).sorted().toList());
        if (strategies.size() < 2) return ChartSpec.skipped(NAME, TITLE, "the results hold only one preallocation strategy");
        List<ReportRow> compared = rows.stream().filter(r -> rows.stream().filter(o -> o.context().equals(r.context())
                && o.method().equals(r.method())).map(PreallocationChart::strategy).distinct().count() > 1).toList();
        List<String> methods = ChartParts.methodsInOrder(compared.stream().map(ChartParts::methodSlot).toList());
        Axis x = new Axis.Category(methods);
        Targets targets = new Targets(report, compared.stream().map(ReportRow::context).toList());
        List<Figure.Panel> panels = targets.panels(x, c -> {
            List<Figure.Series> series = new ArrayList<>();
            for (Preallocation p : strategies) {
                Marker mark = MARKS[strategies.indexOf(p) % MARKS.length];
                for (ReportRow r : compared) {
                    if (!r.context().equals(c) || strategy(r) != p) continue;
                    String slot = ChartParts.methodSlot(r);
                    var colour = targets.single() ? MethodLooks.of(slot).colour() : targets.look(c).colour();
                    series.add(new Figure.Series(p.name(), colour, mark, false, false, List.of(new Figure.Point(methods.indexOf(slot),
                            r.meanUs(), ChartParts.low(r), ChartParts.high(r), !r.durable())), p.name()));
                }
            }
            return series;
        }, PanelAxes::logRange);
        List<Figure.LegendEntry> legend = new ArrayList<>();
        for (Preallocation p : strategies) {
            legend.add(new Figure.LegendEntry(SyncWriteCostFamily.PREALLOCATION.label(p), Palette.DARK,
                    MARKS[strategies.indexOf(p) % MARKS.length], false));
        }
        // Side by side only while each method's marks keep room for themselves (about 12 px each) in half the width.
        int columns = methods.size() * strategies.size() * 12 > 380 ? 1 : 2;
        Figure f = new Figure(TITLE + " (" + centre.describe(true, true, false) + ")", panels, columns, legend, "sync method",
                "time per write (µs, log)", "mark = mean without stalls, bar = 95% interval (the disk's level counted), left to right in "
                + "the legend's order; hollow = not durable; "
                + "* = the method does not reach stable storage; colour = the " + (targets.single() ? "method" : "target") + ".");
        return ChartSpec.of(NAME, TITLE, f);
    }

    private static Preallocation strategy(ReportRow r) {
        return r.cell().get(SyncWriteCostFamily.PREALLOCATION);
    }
}
