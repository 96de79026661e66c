package io.durabench.report.render;

import io.durabench.catalogue.Cell;
import io.durabench.report.Report;
import io.durabench.results.JmhParams;
import java.util.List;

/**
 * report.csv: one line per durabench row, written from the same field list as report.json
 * ({@link RowFields}: the header is the JSON keys, units in the names), RFC 4180 quoting.
 * Group-commit rows have other fields, so they are their own CSV (report-group-commit.csv, the
 * fields of report.json's "groupCommit" array).
 */
public final class CsvRenderer {
    private CsvRenderer() {
    }

    /**
     * `report --format csv` on stdout: the durabench CSV, then one empty line and the group-commit
     * CSV when there are group-commit rows (only the latter when there are no per-write rows).
     */
    public static String renderAll(Report report) {
        if (report.groupCommitRows().isEmpty()) return render(report);
        if (report.rows().isEmpty()) return renderGroupCommit(report);
        return render(report) + "\n" + renderGroupCommit(report);
    }

    public static String render(Report report) {
        return csv(RowFields.DURABENCH, report.rows());
    }

    public static String renderGroupCommit(Report report) {
        return csv(RowFields.GROUP_COMMIT, report.groupCommitRows());
    }

    /** Any rows as CSV from their field list (compare's rows too): the header is the keys. */
    public static <R> String csv(List<Field<R>> fields, List<R> rows) {
        StringBuilder sb = new StringBuilder(String.join(",", fields.stream().map(Field::key).toList())).append('\n');
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
            case NUMBER -> Double.isFinite((Double) v) ? String.valueOf(v) : "";
            case PARAMS -> v instanceof Cell c ? c.describe() : ((JmhParams) v).describe();
            default -> String.valueOf(v);
        };
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
