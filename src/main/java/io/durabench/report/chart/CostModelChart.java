package io.durabench.report.chart;

import io.durabench.chart.Axis;
import io.durabench.chart.Figure;
import io.durabench.chart.Look;
import io.durabench.chart.Marker;
import io.durabench.chart.PanelAxes;
import io.durabench.report.CostFit;
import io.durabench.report.Report;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.List;

/**
 * The cost model against the data: one panel per target, per method its measured time per write
 * at each block size (hollow where left out of the fit) and its fitted line, so a reader sees the
 * fixed cost (where the line starts) and where the line does not hold (below a page).
 *
 * <p>At most {@value #MAX_METHODS} methods a panel, each with a colour no other in it has
 * ({@link MethodLooks}): of the methods that share a colour because they ask the kernel for the
 * same thing (FDATASYNC and CHANNEL_FORCE_DATA are both fdatasync), the first in SyncMethod's order
 * is drawn, the native call, and the others are named in the note; their lines lay on top of it and
 * could not be told apart anyway (the report's cost-model table has every fit). Splitting the
 * methods over two panels per target instead put methods side by side by their position in a list.
 */
final class CostModelChart {
    static final String NAME = "chart-cost-model";
    static final String TITLE = "Cost model: time per write vs block size";
    static final int MAX_METHODS = 6;
    private static final int LINE_POINTS = 48;

    private CostModelChart() {
    }

    static ChartSpec spec(Report report) {
        List<CostFit> fits = report.costModel();
        if (fits.isEmpty()) return ChartSpec.skipped(NAME, TITLE, "no durable method was measured at three block sizes or more "
                + "(the standard profile sweeps 512 B to 64 KiB)");
        DoubleSummaryStatistics kib = fits.stream().flatMap(f -> f.points().stream()).mapToDouble(p -> p.blockBytes() / 1024.0).summaryStatistics();
        double lo = kib.getMin(), hi = Math.max(0, kib.getMax());
        Axis.Log x = Axis.Log.around(lo, hi);
        Targets targets = new Targets(report, fits.stream().map(CostFit::context).toList());
        List<String> drawn = new ArrayList<>(), sameCall = new ArrayList<>(), overflow = new ArrayList<>();
        List<Figure.Panel> panels = targets.panels(x, c -> {
            List<CostFit> here = fits.stream().filter(f -> f.context().equals(c))
                    .sorted(Comparator.comparingInt(f -> MethodLooks.order(f.method()))).toList();
            List<Figure.Series> series = new ArrayList<>();
            List<Color> taken = new ArrayList<>();
            for (CostFit f : here) {
                Look look = MethodLooks.of(f.method());
                if (taken.contains(look.colour()) || taken.size() == MAX_METHODS) {
                    List<String> why = taken.contains(look.colour()) ? sameCall : overflow;
                    if (!why.contains(f.method())) why.add(f.method());
                    continue;
                }
                taken.add(look.colour());
                if (!drawn.contains(f.method())) drawn.add(f.method());
                series.add(new Figure.Series(f.method(), look, false, measured(f), null));
                series.add(new Figure.Series(f.method() + " fit", look.colour(), Marker.NONE, true, false, line(f, lo, hi)));
            }
            return series;
        }, PanelAxes::linearRange);
        sameCall.removeAll(drawn);
        overflow.removeAll(drawn);
        List<Figure.LegendEntry> legend = new ArrayList<>();
        drawn.sort(Comparator.comparingInt(MethodLooks::order));
        for (String m : drawn) legend.add(new Figure.LegendEntry(m, MethodLooks.of(m).colour(), MethodLooks.of(m).marker(), true));
        String note = "dot = measured mean without stalls, bar = 99.9% interval; line = fixed + per KiB x size, fitted to the filled dots; "
                + "hollow = left out of the fit (below a page)"
                + (sameCall.isEmpty() ? "" : "; not drawn, the same call as a method shown: " + String.join(", ", sameCall))
                + (overflow.isEmpty() ? "" : "; not drawn, past " + MAX_METHODS + " a panel: " + String.join(", ", overflow))
                + (sameCall.isEmpty() && overflow.isEmpty() ? "." : " (the cost-model table has every fit).");
        Figure f = new Figure(TITLE + " (" + fits.get(0).conditions() + ")", panels, 2, legend, "block size (KiB, log)",
                "time per write (µs)", note);
        return ChartSpec.of(NAME, TITLE, f);
    }

    private static List<Figure.Point> measured(CostFit f) {
        return f.points().stream().map(p -> new Figure.Point(p.blockBytes() / 1024.0, p.measured().mean(),
                p.measured().hasInterval() ? p.measured().low() : Double.NaN,
                p.measured().hasInterval() ? p.measured().high() : Double.NaN, !p.fitted())).toList();
    }

    private static List<Figure.Point> line(CostFit f, double lo, double hi) {
        List<Figure.Point> line = new ArrayList<>();
        for (int i = 0; i < LINE_POINTS; i++) {
            double kib = lo * Math.pow(hi / lo, i / (LINE_POINTS - 1.0));
            line.add(Figure.Point.of(kib, f.predictUs(kib * 1024)));
        }
        return line;
    }
}
