package io.durabench.fleet;

import io.durabench.output.Table;
import io.durabench.output.Wrap;
import io.durabench.format.Fmt;
import io.durabench.fleet.FleetTable.FleetCell;
import io.durabench.fleet.FleetTable.FleetColumn;
import io.durabench.fleet.FleetTable.Line;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A fleet table laid out to fit {@link Wrap#WIDTH} columns: methods as rows and hosts (or groups) as
 * columns when that fits, else hosts as rows and methods as columns, else methods as rows with the
 * hosts split over as many tables as it takes (the method column repeated in each). Widths are
 * measured on the rendered lines of the format asked for (text or Markdown), so what is tested is
 * what is printed.
 */
final class FleetGrid {
    static final String NOT_DURABLE = "not durable:";

    private FleetGrid() {
    }

    /** The tables to print for {@code t}, each within the width in {@code render}'s format. */
    static List<Table> layout(FleetTable t, Function<Table, String> render) {
        Table wide = methodsAsRows(t, 0, t.columns().size());
        if (fits(wide, render)) return List.of(wide);
        Table tall = hostsAsRows(t);
        if (fits(tall, render)) return List.of(tall);
        List<Table> parts = new ArrayList<>();
        int from = 0;
        while (from < t.columns().size()) {
            int to = from + 1;
            while (to < t.columns().size() && fits(methodsAsRows(t, from, to + 1), render)) to++;
            parts.add(methodsAsRows(t, from, to));
            from = to;
        }
        return parts;
    }

    private static boolean fits(Table table, Function<Table, String> render) {
        return render.apply(table).lines().allMatch(l -> l.length() <= Wrap.WIDTH);
    }

    private static Table methodsAsRows(FleetTable t, int from, int to) {
        List<String> headers = new ArrayList<>(List.of("method"));
        boolean[] numeric = new boolean[to - from + 1];
        for (int i = from; i < to; i++) {
            headers.add(t.columns().get(i).name());
            numeric[i - from + 1] = true;
        }
        Table table = new Table(headers, numeric);
        boolean separated = false;
        for (Line l : t.lines()) {
            if (!l.durable() && !separated) {
                table.add(blankRow(NOT_DURABLE, to - from));
                separated = true;
            }
            List<String> row = new ArrayList<>(List.of(l.method()));
            for (int i = from; i < to; i++) row.add(cell(l.cells().get(i)));
            table.add(row);
        }
        return table;
    }

    private static Table hostsAsRows(FleetTable t) {
        List<String> headers = new ArrayList<>(List.of(t.columns().isEmpty() || t.columns().get(0).contexts().size() > 1 ? "group" : "host"));
        boolean[] numeric = new boolean[t.lines().size() + 1];
        for (int i = 0; i < t.lines().size(); i++) {
            Line l = t.lines().get(i);
            headers.add(l.durable() ? l.method() : l.method() + " (not durable)");
            numeric[i + 1] = true;
        }
        Table table = new Table(headers, numeric);
        for (int c = 0; c < t.columns().size(); c++) {
            FleetColumn col = t.columns().get(c);
            List<String> row = new ArrayList<>(List.of(col.name()));
            for (Line l : t.lines()) row.add(cell(l.cells().get(c)));
            table.add(row);
        }
        return table;
    }

    private static List<String> blankRow(String first, int cells) {
        List<String> row = new ArrayList<>(List.of(first));
        for (int i = 0; i < cells; i++) row.add("");
        return row;
    }

    /** "678 [502, 916]" for one host; "678 (502..916)" for a column of several: their median, lowest and highest. */
    static String cell(FleetCell c) {
        if (c == null) return "-";
        if (!c.measured()) return c.notMeasured();
        if (c.range()) return Fmt.usRounded(c.value()) + " (" + Fmt.usRounded(c.low()) + ".." + Fmt.usRounded(c.high()) + ")";
        String interval = Fmt.usRoundedInterval(c.estimate());
        return Fmt.usRounded(c.value()) + (interval.isEmpty() ? "" : " " + interval);
    }
}
