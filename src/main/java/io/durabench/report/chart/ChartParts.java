package io.durabench.report.chart;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.ReportRow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** What the chart classes share: slot names, panel titles, splitting into panels of at most eight series, axis ranges. */
final class ChartParts {
    /** More series than this in one panel cannot be told apart: the chart splits into more panels. */
    static final int MAX_SERIES = Palette.SIZE;

    private ChartParts() {
    }

    /** The x slot of a row: its method, starred when the method itself does not reach stable storage. */
    static String methodSlot(ReportRow r) {
        boolean methodDurable = r.cell().family().notDurableBecause(r.cell().methodValue()).isEmpty();
        return r.methodLabel() + (methodDurable ? "" : " *");
    }

    /** A panel or legend name for a context: its short name, and a warning where nothing can be durable. */
    static String contextTitle(Context c, ContextNames names) {
        return names.of(c) + (c.hasNoStableStorage() ? " (no stable storage)" : "");
    }

    static <T> List<T> distinct(List<T> values) {
        return List.copyOf(new LinkedHashSet<>(values));
    }

    /** Consecutive pieces of at most {@code size}, as even as can be (9 in pieces of 8: 5 and 4, not 8 and 1). */
    static <T> List<List<T>> chunks(List<T> values, int size) {
        List<List<T>> out = new ArrayList<>();
        int pieces = Math.max(1, (int) Math.ceil(values.size() / (double) size));
        int each = (int) Math.ceil(values.size() / (double) pieces);
        for (int i = 0; i < values.size(); i += each) out.add(values.subList(i, Math.min(values.size(), i + each)));
        return out;
    }

    private static final Marker[] SHAPES = {Marker.CIRCLE, Marker.DIAMOND, Marker.SQUARE, Marker.TRIANGLE_UP, Marker.TRIANGLE_DOWN};

    /** The mark of the i-th series of a figure: past eight, colours repeat with another mark, so no two legend entries look alike. */
    static Marker shape(int i) {
        return SHAPES[(i / Palette.SIZE) % SHAPES.length];
    }

    /** A log axis over every positive value the series place (points and interval ends), shared by all panels. */
    static Axis.Log logRange(List<Figure.Panel> panels) {
        double lo = Double.POSITIVE_INFINITY, hi = 0;
        for (Figure.Panel p : panels) {
            for (Figure.Series s : p.series()) {
                for (Figure.Point pt : s.points()) {
                    for (double v : new double[] {pt.y(), pt.low(), pt.high()}) {
                        if (v > 0 && Double.isFinite(v)) {
                            lo = Math.min(lo, v);
                            hi = Math.max(hi, v);
                        }
                    }
                }
            }
        }
        return Double.isInfinite(lo) ? new Axis.Log(1, 10) : Axis.Log.around(lo, hi);
    }

    /** Panels with their y axis replaced by one shared range. */
    static List<Figure.Panel> withY(List<Figure.Panel> panels, Axis y) {
        return panels.stream().map(p -> new Figure.Panel(p.title(), p.x(), y, p.series())).toList();
    }

    static double highest(List<Figure.Panel> panels) {
        double hi = 0;
        for (Figure.Panel p : panels) {
            for (Figure.Series s : p.series()) {
                for (Figure.Point pt : s.points()) {
                    for (double v : new double[] {pt.y(), pt.high()}) if (Double.isFinite(v)) hi = Math.max(hi, v);
                }
            }
        }
        return hi;
    }
}
