package io.durabench.report.chart;

import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.Headline;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Time per write against writes per sync, one panel per context (small multiples, shared axes),
 * one colour per method (the same in every panel), the baseline as a dashed line: how fast
 * batching brings a durable write down towards a plain one.
 */
final class BatchSizeChart {
    static final String NAME = "chart-batch-size";
    static final String TITLE = "Time per write vs batch size";
    private static final Color BASELINE = new Color(0x555555);

    private BatchSizeChart() {
    }

    static ChartSpec spec(Report report, Headline centre) {
        List<ReportRow> rows = centre.select(report.rows(), false, true, false).stream().filter(ReportRow::measured).toList();
        TreeSet<Integer> batches = new TreeSet<>(rows.stream().map(BatchSizeChart::batch).toList());
        if (batches.size() < 2) return ChartSpec.skipped(NAME, TITLE, "the results hold only one batch size (writesPerSync)");
        // Methods measured at more than one batch size: the ones batching applies to.
        List<String> methods = ChartParts.distinct(rows.stream().filter(r -> !r.baseline())
                .filter(r -> rows.stream().filter(o -> o.context().equals(r.context()) && o.method().equals(r.method())).count() > 1)
                .map(ReportRow::methodLabel).toList());
        ContextNames names = report.contextNames();
        List<Figure.Panel> panels = new ArrayList<>();
        Axis x = Axis.Log.around(batches.first(), batches.last());
        String baselineName = null;
        for (Context c : ChartParts.distinct(rows.stream().map(ReportRow::context).toList())) {
            List<ReportRow> here = rows.stream().filter(r -> r.context().equals(c)).toList();
            List<List<String>> parts = ChartParts.chunks(methods, ChartParts.MAX_SERIES - 1);
            for (int part = 0; part < parts.size(); part++) {
                List<Figure.Series> series = new ArrayList<>();
                for (String m : parts.get(part)) {
                    List<Figure.Point> points = here.stream().filter(r -> r.methodLabel().equals(m))
                            .map(r -> new Figure.Point(batch(r), r.meanUs(), low(r), high(r), !r.durable())).toList();
                    int i = methods.indexOf(m);
                    if (!points.isEmpty()) series.add(new Figure.Series(m, Palette.colour(i), ChartParts.shape(i), true, false, points));
                }
                ReportRow base = here.stream().filter(ReportRow::baseline).findFirst().orElse(null);
                if (base != null) {
                    baselineName = base.methodLabel();
                    series.add(new Figure.Series(base.methodLabel(), BASELINE, Marker.NONE, true, true,
                            List.of(Figure.Point.of(batches.first(), base.meanUs()), Figure.Point.of(batches.last(), base.meanUs()))));
                }
                String title = ChartParts.contextTitle(c, names) + (parts.size() > 1 ? " (" + (part + 1) + "/" + parts.size() + ")" : "");
                panels.add(new Figure.Panel(title, x, null, series));
            }
        }
        panels = ChartParts.withY(panels, ChartParts.logRange(panels));
        List<Figure.LegendEntry> legend = new ArrayList<>();
        for (String m : methods) {
            int i = methods.indexOf(m);
            legend.add(new Figure.LegendEntry(m, Palette.colour(i), ChartParts.shape(i), true));
        }
        if (baselineName != null) legend.add(new Figure.LegendEntry(baselineName + " (baseline, no sync)", BASELINE, Marker.NONE, true, true));
        Figure f = new Figure(TITLE + " (" + centre.describe(true, false, true) + ")", panels, 2, legend,
                "writes per sync (log)", "time per write (µs, log)",
                "dot = mean, bar = 99.9% interval; hollow = not durable; dashed = the baseline's time per write.");
        return ChartSpec.of(NAME, TITLE, f);
    }

    private static int batch(ReportRow r) {
        Integer b = r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC);
        return b == null ? 1 : b;
    }

    static double low(ReportRow r) {
        return r.time().hasInterval() ? Math.max(0, r.time().low()) : Double.NaN;
    }

    static double high(ReportRow r) {
        return r.time().hasInterval() ? r.time().high() : Double.NaN;
    }
}
