package io.durabench.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** The y axes of a figure's panels: which panels share one, and the range an axis spans over what they place. */
public final class PanelAxes {
    private PanelAxes() {
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
    public static Axis.Linear linearRange(List<Figure.Panel> panels) {
        return Axis.Linear.fromZero(highest(panels));
    }

    public static double highest(List<Figure.Panel> panels) {
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
