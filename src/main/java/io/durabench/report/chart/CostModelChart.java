package io.durabench.report.chart;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.CostFit;
import io.durabench.report.Report;
import java.util.ArrayList;
import java.util.List;

/**
 * The cost model against the data: per context a panel, per durable method its measured time per
 * write at each block size (hollow where left out of the fit) and its fitted line, so a reader sees
 * the fixed cost (where the line starts) and where the line does not hold (below a page).
 */
final class CostModelChart {
    static final String NAME = "chart-cost-model";
    static final String TITLE = "Cost model: time per write vs block size";
    private static final int LINE_POINTS = 48;

    private CostModelChart() {
    }

    static ChartSpec spec(Report report) {
        List<CostFit> fits = report.costModel();
        if (fits.isEmpty()) return ChartSpec.skipped(NAME, TITLE, "no durable method was measured at three block sizes or more "
                + "(the standard profile sweeps 512 B to 64 KiB)");
        List<String> methods = ChartParts.distinct(fits.stream().map(CostFit::method).toList());
        double lo = Double.POSITIVE_INFINITY, hi = 0;
        for (CostFit f : fits) {
            for (CostFit.Point p : f.points()) {
                lo = Math.min(lo, p.blockBytes() / 1024.0);
                hi = Math.max(hi, p.blockBytes() / 1024.0);
            }
        }
        Axis.Log x = Axis.Log.around(lo, hi);
        ContextNames names = report.contextNames();
        List<Figure.Panel> panels = new ArrayList<>();
        for (Context c : ChartParts.distinct(fits.stream().map(CostFit::context).toList())) {
            List<CostFit> here = fits.stream().filter(f -> f.context().equals(c)).toList();
            List<List<CostFit>> parts = ChartParts.chunks(here, ChartParts.MAX_SERIES);
            for (int part = 0; part < parts.size(); part++) {
                List<Figure.Series> series = new ArrayList<>();
                for (CostFit f : parts.get(part)) {
                    var colour = Palette.colour(methods.indexOf(f.method()));
                    List<Figure.Point> measured = f.points().stream().map(p -> new Figure.Point(p.blockBytes() / 1024.0, p.measured().mean(),
                            p.measured().hasInterval() ? p.measured().low() : Double.NaN,
                            p.measured().hasInterval() ? p.measured().high() : Double.NaN, !p.fitted())).toList();
                    series.add(new Figure.Series(f.method(), colour, ChartParts.shape(methods.indexOf(f.method())), false, false, measured));
                    List<Figure.Point> line = new ArrayList<>();
                    for (int i = 0; i < LINE_POINTS; i++) {
                        double kib = lo * Math.pow(hi / lo, i / (LINE_POINTS - 1.0));
                        line.add(Figure.Point.of(kib, f.predictUs(kib * 1024)));
                    }
                    series.add(new Figure.Series(f.method() + " fit", colour, Marker.NONE, true, false, line));
                }
                String title = ChartParts.contextTitle(c, names) + (parts.size() > 1 ? " (" + (part + 1) + "/" + parts.size() + ")" : "");
                panels.add(new Figure.Panel(title, x, null, series));
            }
        }
        panels = ChartParts.withY(panels, Axis.Linear.fromZero(ChartParts.highest(panels)));
        List<Figure.LegendEntry> legend = new ArrayList<>();
        for (String m : methods) {
            int i = methods.indexOf(m);
            legend.add(new Figure.LegendEntry(m, Palette.colour(i), ChartParts.shape(i), true));
        }
        Figure f = new Figure(TITLE + " (" + fits.get(0).conditions() + ")", panels, 2, legend, "block size (KiB, log)",
                "time per write (µs)", "dot = measured mean, bar = 99.9% interval; line = fixed + per KiB x size, fitted to the "
                + "filled dots; hollow = left out of the fit (below a page).");
        return ChartSpec.of(NAME, TITLE, f);
    }
}
