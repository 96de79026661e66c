package io.durabench.output;

import java.math.BigDecimal;
import java.util.List;

/**
 * CSV text from a field list, for the report's tables (report-KIND.csv) and compare's rows:
 * the header is the fields' keys (units in the names), values are plain numbers (no thousands
 * separators, no exponent, no units), empty where a figure does not exist, and RFC 4180 quoting.
 */
public final class CsvRenderer {
    private CsvRenderer() {
    }

    /** Any rows as CSV from their field list (compare's rows too): the header is the keys. */
    public static <R> String csv(List<Field<R>> fields, List<R> rows) {
        StringBuilder sb = new StringBuilder(String.join(",", fields.stream().map(f -> quote(f.key())).toList())).append('\n');
        for (R r : rows) {
            sb.append(String.join(",", fields.stream().map(f -> quote(cell(f, r))).toList())).append('\n');
        }
        return sb.toString();
    }

    /** Empty for "not available", full precision otherwise (the CSV is for tools, not eyes). */
    private static <R> String cell(Field<R> f, R row) {
        Object v = f.of(row);
        if (v == null) return "";
        return switch (f.kind()) {
            case NUMBER -> plain((Double) v);
            case PARAMS -> ((Field.Params) v).text();
            default -> String.valueOf(v);
        };
    }

    /**
     * A double as every CSV reader takes it: the shortest digits that give it back, never "1.0E-4"
     * (R's read.csv reads that, but a spreadsheet's import may take it as text); empty for NaN.
     */
    public static String plain(double v) {
        if (!Double.isFinite(v)) return "";
        String shortest = Double.toString(v);
        return shortest.indexOf('E') < 0 ? shortest : new BigDecimal(shortest).stripTrailingZeros().toPlainString();
    }

    /** RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
