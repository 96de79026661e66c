package io.durabench.report.render;

import java.util.function.Function;

/**
 * One column of a grouped table. In text, a {@code tight} column stands one space after the column
 * before it instead of two, and a column with a null {@code textHeader} also shares that column's
 * header ("µs/write [99.9% CI]" over a value and its interval); {@code optional} columns are left
 * out of a group where they are empty for every row, and {@code inText} false keeps a column for
 * Markdown only (ops/s is 1e6 / the mean). Markdown shows every column under {@code markdownHeader}.
 *
 * @param <R> the row type
 */
record Column<R>(String textHeader, String markdownHeader, boolean numeric, boolean optional, boolean inText, boolean tight,
                 Function<R, String> value) {

    static <R> Column<R> text(String textHeader, String markdownHeader, Function<R, String> value) {
        return new Column<>(textHeader, markdownHeader, false, false, true, false, value);
    }

    static <R> Column<R> number(String textHeader, String markdownHeader, Function<R, String> value) {
        return new Column<>(textHeader, markdownHeader, true, false, true, false, value);
    }

    /** The interval beside a value: one space after it, under the value's header. */
    static <R> Column<R> joined(String markdownHeader, Function<R, String> value) {
        return new Column<>(null, markdownHeader, true, false, true, true, value);
    }

    Column<R> hiddenWhenEmpty() {
        return new Column<>(textHeader, markdownHeader, numeric, true, inText, tight, value);
    }

    Column<R> markdownOnly() {
        return new Column<>(textHeader, markdownHeader, numeric, optional, false, tight, value);
    }

    Column<R> close() {
        return new Column<>(textHeader, markdownHeader, numeric, optional, inText, true, value);
    }

    boolean joinsPrevious() {
        return textHeader == null;
    }

    String of(R row) {
        String v = value.apply(row);
        return v == null ? "" : v;
    }
}
