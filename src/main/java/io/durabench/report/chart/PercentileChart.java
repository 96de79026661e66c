package io.durabench.report.chart;

import io.durabench.chart.Axis;
import io.durabench.chart.Figure;
import io.durabench.chart.Look;
import io.durabench.chart.Marker;
import io.durabench.chart.PanelAxes;
import io.durabench.chart.Palette;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.Headline;
import java.util.ArrayList;
import java.util.List;

/**
 * Latency percentiles per durable method at the centre group (the standard profile's 8 KiB, one
 * write per sync, append): one panel per target, one column per method holding its p50 (circle),
 * p99 (diamond) and p99.9 (square), joined by a bar so the tail's length reads at a glance.
 *
 * <p>Why this shape: all targets in one panel put 21 methods x 4 targets x 3 marks in one plot,
 * 252 marks a reader cannot follow. A panel per target leaves one column per method, and the
 * panels side by side (same axes) compare targets. Only methods that reach stable storage are
 * drawn: the tail of a write that stops in the page cache answers no durability question, and
 * leaving them out keeps the disks' axis on the durable range (200 µs to 10 ms, not 2 µs to 10 ms).
 * tmpfs's panel has its own axis. The colour is the target's; with one target, the method's.
 */
final class PercentileChart {
    static final String NAME = "chart-percentiles";
    static final String TITLE = "Latency percentiles per method";

    private PercentileChart() {
    }

    static ChartSpec spec(Report report, Headline centre) {
        List<ReportRow> rows = centre.select(report.rows(), false, false, false).stream()
                .filter(r -> r.measured() && Double.isFinite(r.p50Us()) && ChartParts.methodDurable(r)).toList();
        if (rows.isEmpty()) return ChartSpec.skipped(NAME, TITLE, "no SampleTime results of a durable method "
                + "(run with -bm sample, as the standard profile does)");
        Targets targets = new Targets(report, rows.stream().map(ReportRow::context).toList());
        List<String> methods = ChartParts.methodsInOrder(rows.stream().map(ReportRow::methodLabel).toList());
        Axis.Category x = new Axis.Category(methods);
        List<Figure.Panel> panels = targets.panels(x, c -> {
            List<Figure.Series> series = new ArrayList<>();
            for (ReportRow r : rows) {
                if (!r.context().equals(c)) continue;
                Look look = targets.single() ? MethodLooks.of(r.methodLabel()) : targets.look(c);
                int slot = methods.indexOf(r.methodLabel());
                // The bar from p50 to p99.9 is the tail itself, drawn with the p50 point; one lane: the three marks share a column.
                double p999 = Double.isFinite(r.p999Us()) ? r.p999Us() : Double.NaN;
                series.add(new Figure.Series(r.methodLabel() + " p50", look.colour(), Marker.CIRCLE, false, false,
                        List.of(new Figure.Point(slot, r.p50Us(), r.p50Us(), p999, !r.durable())), ""));
                if (Double.isFinite(r.p99Us())) series.add(new Figure.Series(r.methodLabel() + " p99", look.colour(), Marker.DIAMOND,
                        false, false, List.of(new Figure.Point(slot, r.p99Us(), Double.NaN, Double.NaN, !r.durable())), ""));
                if (Double.isFinite(p999)) series.add(new Figure.Series(r.methodLabel() + " p99.9", look.colour(), Marker.SQUARE,
                        false, false, List.of(new Figure.Point(slot, p999, Double.NaN, Double.NaN, !r.durable())), ""));
            }
            return series;
        }, PanelAxes::logRange);
        List<Figure.LegendEntry> legend = List.of(
                new Figure.LegendEntry("p50", Palette.DARK, Marker.CIRCLE, false),
                new Figure.LegendEntry("p99", Palette.DARK, Marker.DIAMOND, false),
                new Figure.LegendEntry("p99.9", Palette.DARK, Marker.SQUARE, false));
        Figure f = new Figure("Latency percentiles per durable method (SampleTime, " + centre.describe(true, true, true) + ")", panels, panels.size() > 1 ? 2 : 1,
                legend, "sync method (durable methods only)", "latency per write (µs, log)",
                "circle = p50, diamond = p99, square = p99.9, bar from p50 to p99.9; hollow = the target has no stable storage; "
                + "methods that do not reach stable storage are left out (the tables hold them).");
        return ChartSpec.of(NAME, TITLE, f);
    }
}
