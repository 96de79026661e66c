package io.durabench.fleet;

import io.durabench.report.chart.ChartSpec;
import io.durabench.report.chart.MethodLooks;
import io.durabench.chart.Axis;
import io.durabench.chart.ChartFile;
import io.durabench.chart.Figure;
import io.durabench.chart.FigureFiles;
import io.durabench.chart.Look;
import io.durabench.chart.PanelAxes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The fleet on one figure: a panel per fleet table (benchmark group), the table's columns (hosts, or
 * the groups of --group-by) on x, each durable method a mark per column with its 99.9% interval (or,
 * for a column of several hosts, the lowest..highest host) as a bar, on one log axis for every panel
 * so a group's panel reads against the others. Columns without stable storage have nothing durable
 * and are left out; figures of zero or less have no place on a log axis and are counted in the note.
 */
public final class FleetChart {
    static final String NAME = "chart-fleet";
    static final String TITLE = "Durability cost per host";

    private FleetChart() {
    }

    /** PNG and SVG of the fleet's figure in {@code dir}, or the reason it was not drawn. */
    public static List<ChartFile> write(FleetView v, Path dir) {
        ChartSpec spec = spec(v);
        if (spec.figure() == null) return List.of(new ChartFile(spec.title(), null, null, spec.skippedBecause()));
        try {
            java.nio.file.Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
        }
        return List.of(FigureFiles.write(spec.figure(), dir, NAME, spec.title(), true));
    }

    static ChartSpec spec(FleetView v) {
        List<Figure.Panel> panels = new ArrayList<>();
        Set<String> methods = new LinkedHashSet<>();
        int notDrawn = 0;
        for (FleetTable t : v.tables()) {
            List<Integer> shown = new ArrayList<>();
            for (int i = 0; i < t.columns().size(); i++) if (!t.columns().get(i).noStableStorage()) shown.add(i);
            if (shown.isEmpty()) continue;
            Axis.Category x = new Axis.Category(shown.stream().map(i -> t.columns().get(i).name()).toList());
            List<Figure.Series> series = new ArrayList<>();
            for (FleetTable.Line l : t.lines()) {
                if (!l.durable()) continue;
                List<Figure.Point> points = new ArrayList<>();
                for (int k = 0; k < shown.size(); k++) {
                    FleetTable.FleetCell c = l.cells().get(shown.get(k));
                    if (c == null || !c.measured()) continue;
                    if (!(c.value() > 0)) {
                        notDrawn++;
                        continue;
                    }
                    double low = Double.isFinite(c.low()) ? Math.max(0, c.low()) : Double.NaN;
                    points.add(new Figure.Point(k, c.value(), low, c.high(), false));
                }
                if (points.isEmpty()) continue;
                methods.add(l.method());
                series.add(new Figure.Series(l.method(), MethodLooks.of(l.method()), false, points, l.method()));
            }
            if (!series.isEmpty()) panels.add(new Figure.Panel(t.group(), x, null, series));
        }
        if (panels.isEmpty()) return ChartSpec.skipped(NAME, TITLE, "no durable method measured on a host with stable storage");
        panels = PanelAxes.sharedY(panels, panels.stream().map(p -> false).toList(), PanelAxes::logRange);
        List<Figure.LegendEntry> legend = new ArrayList<>();
        for (String m : methods) {
            Look look = MethodLooks.of(m);
            legend.add(new Figure.LegendEntry(m, look.colour(), look.marker(), false));
        }
        String note = "dot = mean without stalls, bar = 99.9% interval (a column of several hosts: their median, bar from the lowest to the highest host); "
                + "durable methods on hosts with stable storage only" + (notDrawn == 0 ? "." : "; " + notDrawn + " figures of zero or less not drawn.");
        String figure = v.tables().isEmpty() ? "" : v.tables().get(0).figure();
        Figure f = new Figure(TITLE + " (fleet " + v.fleet().name() + ", " + figure + ")", panels, panels.size() > 1 ? 2 : 1, legend,
                v.groupBy().word(), "µs per operation (log)", note);
        return ChartSpec.of(NAME, TITLE, f);
    }
}
