package io.durabench.report.chart;

import io.durabench.chart.PanelAxes;
import io.durabench.chart.Palette;
import io.durabench.report.ReportRow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** What the report's chart classes share: slot names, method order, a row's interval ends; axes are {@link PanelAxes}'. */
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

    /** The lower end of the row's figure's interval (ReportRow.figure: what the tables print). */
    static double low(ReportRow r) {
        return r.figure().hasInterval() ? Math.max(0, r.figure().low()) : Double.NaN;
    }

    static double high(ReportRow r) {
        return r.figure().hasInterval() ? r.figure().high() : Double.NaN;
    }
}
