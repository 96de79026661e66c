package io.durabench.report.chart;

import io.durabench.chart.Axis;
import io.durabench.chart.Figure;
import io.durabench.report.ReferenceComparison;
import io.durabench.report.Report;
import io.durabench.report.analysis.Headline;
import java.util.ArrayList;
import java.util.List;

/**
 * The lock-step differences to the run's reference at the centre cell: per target a panel, the
 * durable methods on x, B/A − 1 in % on a linear y with its 95% interval between fork pairs as a
 * bar, the reference at 0 by definition (not drawn: it is the axis' zero). Differences, not costs,
 * so below zero is cheaper than the reference.
 */
final class LockStepChart {
    static final String NAME = "chart-lock-step";
    static final String TITLE = "Lock-step difference to the reference";

    private LockStepChart() {
    }

    static ChartSpec spec(Report report, Headline centre) {
        List<ReferenceComparison> refs = report.references();
        if (refs.isEmpty()) return ChartSpec.skipped(NAME, TITLE, "no lock-step pairs against a reference in these results");
        List<Figure.Panel> panels = new ArrayList<>();
        double lo = 0, hi = 0;
        for (ReferenceComparison rc : refs) {
            List<ReferenceComparison.Entry> shown = rc.entries().stream().filter(e -> e.measured() && centre.matches(e.cell())).toList();
            if (shown.isEmpty()) continue;
            List<String> methods = shown.stream().map(ReferenceComparison.Entry::method).toList();
            List<Figure.Series> series = new ArrayList<>();
            for (int i = 0; i < shown.size(); i++) {
                var e = shown.get(i).estimate();
                double y = e.changePercent();
                double l = e.ratioCi().isAvailable() ? (e.ratioCi().low() - 1) * 100 : Double.NaN;
                double h = e.ratioCi().isAvailable() ? (e.ratioCi().high() - 1) * 100 : Double.NaN;
                for (double v : new double[] {y, l, h}) {
                    if (Double.isFinite(v)) {
                        lo = Math.min(lo, v);
                        hi = Math.max(hi, v);
                    }
                }
                series.add(new Figure.Series(methods.get(i), MethodLooks.of(methods.get(i)), false,
                        List.of(new Figure.Point(i, y, l, h, false)), ""));
            }
            panels.add(new Figure.Panel(rc.context().place() + " vs " + rc.reference(), new Axis.Category(methods), null, series));
        }
        if (panels.isEmpty()) return ChartSpec.skipped(NAME, TITLE, "no lock-step pair at the centre cell");
        double pad = Math.max(1, (hi - lo) * 0.08);
        Axis.Linear y = new Axis.Linear(lo - pad, hi + pad);
        List<Figure.Panel> withY = panels.stream().map(p -> new Figure.Panel(p.title(), p.x(), y, p.series())).toList();
        Figure f = new Figure(TITLE + " (" + centre.describe(true, true, true) + ")", withY, 1, List.of(), "sync method",
                "B/A - 1 (%), lock-step", "dot = the fork pairs' mean ratio to the reference, bar = its 95% interval between fork pairs; "
                + "below 0: cheaper than the reference. Absolute costs: the durability-cost chart.");
        return ChartSpec.of(NAME, TITLE, f);
    }
}
