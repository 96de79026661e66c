package io.durabench.report.chart;

import io.durabench.chart.Axis;
import io.durabench.chart.Figure;
import io.durabench.chart.Palette;
import io.durabench.report.ReportRow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Function;

/** What the chart classes share: slot names, the axes panels share (and those they do not), axis ranges. */
public final class ChartParts {
    /** More series than this in one panel cannot be told apart. */
    static final int MAX_SERIES = Palette.SIZE;

    private ChartParts() {
    }

    /** The x slot of a row: its method, starred when the method itself does not reach stable storage. */
    static String methodSlot(ReportRow r) {
        return r.methodLabel() + (methodDurable(r) ? "" : " *");
    }

    /** True when the row's method reaches stable storage on a target that has it (whatever this target is). */
    static boolean methodDurable(ReportRow r) {
        return r.cell().family().notDurableBecause(r.cell().methodValue()).isEmpty();
    }

    /**
     * Method names (or slots) once each, in SyncMethod's declaration order, which is the tables'
     * order; other labels after them in the order met. Rows come in the run's shuffled order.
     */
    static List<String> methodsInOrder(List<String> labels) {
        List<String> out = new ArrayList<>(distinct(labels));
        out.sort(java.util.Comparator.comparingInt(MethodLooks::order));
        return List.copyOf(out);
    }

    static <T> List<T> distinct(List<T> values) {
        return List.copyOf(new LinkedHashSet<>(values));
    }

    /**
     * The panels with their y axes: those not {@code own} share one axis spanning all of them (a
     * reader compares them by eye), each {@code own} one (no stable storage) gets an axis spanning
     * itself alone. When every panel is {@code own}, they share one as well.
     */
    public static List<Figure.Panel> sharedY(List<Figure.Panel> panels, List<Boolean> own, Function<List<Figure.Panel>, Axis> range) {
        List<Figure.Panel> shared = new ArrayList<>();
        for (int i = 0; i < panels.size(); i++) if (!own.get(i)) shared.add(panels.get(i));
        boolean apart = !shared.isEmpty();
        Axis common = range.apply(apart ? shared : panels);
        List<Figure.Panel> out = new ArrayList<>();
        for (int i = 0; i < panels.size(); i++) {
            Figure.Panel p = panels.get(i);
            out.add(p.withY(apart && own.get(i) ? range.apply(List.of(p)) : common));
        }
        return out;
    }

    /** A log axis over every positive value the series place (points and interval ends). */
    public static Axis.Log logRange(List<Figure.Panel> panels) {
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

    /** A linear axis from zero to a little above the highest value the panels place. */
    static Axis.Linear linearRange(List<Figure.Panel> panels) {
        return Axis.Linear.fromZero(highest(panels));
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

    static double low(ReportRow r) {
        return r.time().hasInterval() ? Math.max(0, r.time().low()) : Double.NaN;
    }

    static double high(ReportRow r) {
        return r.time().hasInterval() ? r.time().high() : Double.NaN;
    }
}
