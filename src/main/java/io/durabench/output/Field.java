package io.durabench.output;

import java.util.Map;
import java.util.function.Function;

/**
 * One field of a row in the machine formats: its key (the JSON key and the CSV header) and how to
 * get its value from a row. One field list per row type feeds its CSV and its JSON
 * alike (the report's report-KIND.csv files and report.json, compare's compare.csv and compare.json), so the two cannot drift apart.
 *
 * @param <R> the row type
 */
public record Field<R>(String key, Kind kind, Function<R, Object> value) {

    /** How a value is written: NUMBER is a double (NaN = absent), WHOLE an Integer/Long or null, PARAMS a {@link Params}. */
    public enum Kind { TEXT, NUMBER, WHOLE, BOOLEAN, PARAMS }

    /** A PARAMS field's value, a parameter set: one line of text for CSV, name to value (in order) for JSON. */
    public record Params(String text, Map<String, String> values) {
    }

    public static <R> Field<R> text(String key, Function<R, Object> value) {
        return new Field<>(key, Kind.TEXT, value);
    }

    public static <R> Field<R> number(String key, Function<R, Object> value) {
        return new Field<>(key, Kind.NUMBER, value);
    }

    public static <R> Field<R> whole(String key, Function<R, Object> value) {
        return new Field<>(key, Kind.WHOLE, value);
    }

    public static <R> Field<R> bool(String key, Function<R, Object> value) {
        return new Field<>(key, Kind.BOOLEAN, value);
    }

    public static <R> Field<R> params(String key, Function<R, Object> value) {
        return new Field<>(key, Kind.PARAMS, value);
    }

    public Object of(R row) {
        return value.apply(row);
    }
}
