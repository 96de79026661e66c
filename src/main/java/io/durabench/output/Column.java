package io.durabench.output;

import java.util.function.Function;

/**
 * One column of a grouped table. In text, a {@code tight} column stands one space after the column
 * before it instead of two, and a column with a null {@code textHeader} also shares that column's
 * header ("µs/write [99.9% CI]" over a value and its interval); in Markdown such a joined column
 * shares the cell of the column before it ("473.2 [414.0, 541.0]"). {@code optional} columns are
 * left out of a group where they are empty for every row, and {@code inText} false keeps a column
 * for Markdown only. Which columns a table has at all is the caller's choice (the report's {@code --columns}).
 *
 * @param <R> the row type
 */
public record Column<R>(String textHeader, String markdownHeader, boolean numeric, boolean optional, boolean inText, boolean tight,
                 Function<R, String> value, Function<R, String> markdownValue) {

    public Column(String textHeader, String markdownHeader, boolean numeric, boolean optional, boolean inText, boolean tight,
           Function<R, String> value) {
        this(textHeader, markdownHeader, numeric, optional, inText, tight, value, value);
    }

    public static <R> Column<R> text(String textHeader, String markdownHeader, Function<R, String> value) {
        return new Column<>(textHeader, markdownHeader, false, false, true, false, value);
    }

    public static <R> Column<R> number(String textHeader, String markdownHeader, Function<R, String> value) {
        return new Column<>(textHeader, markdownHeader, true, false, true, false, value);
    }

    /** The interval beside a value: one space after it, under the value's header. */
    public static <R> Column<R> joined(String markdownHeader, Function<R, String> value) {
        return new Column<>(null, markdownHeader, true, false, true, true, value);
    }

    public Column<R> hiddenWhenEmpty() {
        return new Column<>(textHeader, markdownHeader, numeric, true, inText, tight, value, markdownValue);
    }

    public Column<R> close() {
        return new Column<>(textHeader, markdownHeader, numeric, optional, inText, true, value, markdownValue);
    }

    boolean joinsPrevious() {
        return textHeader == null;
    }

    /** The same column with a longer form of its values in Markdown, which has no width to keep to. */
    public Column<R> inMarkdown(Function<R, String> longer) {
        return new Column<>(textHeader, markdownHeader, numeric, optional, inText, tight, value, longer);
    }

    String of(R row) {
        String v = value.apply(row);
        return v == null ? "" : v;
    }

    String markdownOf(R row) {
        String v = markdownValue.apply(row);
        return v == null ? "" : v;
    }
}
