package io.durabench.report.chart;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.ReportRow;
import java.awt.Color;
import java.util.List;

/**
 * A chart with methods on x (one slot per method, shared by every panel) and its contexts: up to
 * eight share one panel, a colour each; more get a panel each (small multiples with shared axes,
 * one colour), since a ninth colour could not be told apart.
 */
record ContextPanels(List<String> methods, Axis.Category x, List<Context> contexts, boolean together) {

    static ContextPanels of(List<ReportRow> rows) {
        List<String> methods = ChartParts.distinct(rows.stream().map(ChartParts::methodSlot).toList());
        List<Context> contexts = ChartParts.distinct(rows.stream().map(ReportRow::context).toList());
        return new ContextPanels(methods, new Axis.Category(methods), contexts, contexts.size() <= ChartParts.MAX_SERIES);
    }

    /** A row's x slot. */
    double slot(ReportRow r) {
        return methods.indexOf(ChartParts.methodSlot(r));
    }

    /** The contexts of each panel. */
    List<List<Context>> panels() {
        return together ? List.of(contexts) : contexts.stream().map(List::of).toList();
    }

    Color colour(Context c) {
        return Palette.colour(together ? contexts.indexOf(c) : 0);
    }

    /** No title for the one shared panel (the legend names the contexts); the context's name otherwise. */
    String title(List<Context> panel, ContextNames names) {
        return together ? "" : ChartParts.contextTitle(panel.get(0), names);
    }

    int columns() {
        return together ? 1 : 2;
    }
}
