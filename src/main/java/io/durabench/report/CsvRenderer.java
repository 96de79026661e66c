package io.durabench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * report.csv: one line per durabench row with the JSON field names (units in the names), RFC 4180
 * quoting. Group-commit rows have other columns, so they are their own CSV (report-group-commit.csv,
 * same field names as report.json's "groupCommit" array).
 */
public final class CsvRenderer {
    static final List<String> HEADER = List.of("benchmark", "context", "params", "method", "meanUs", "ciLowUs", "ciHighUs",
            "opsPerSec", "p50Us", "p99Us", "p999Us", "baselineUs", "ratio", "ratioLow", "ratioHigh", "durabilityCostUs",
            "costLowUs", "costHighUs", "syncsPerWrite", "durable", "na");

    static final List<String> GROUP_COMMIT_HEADER = List.of("benchmark", "context", "params", "variant", "committers",
            "syncMethod", "commitsPerSec", "commitsPerSecLow", "commitsPerSecHigh", "meanLatencyUs", "p50Us", "p99Us", "p999Us",
            "syncsPerCommit", "speedupVs1", "speedupVs1Low", "speedupVs1High", "durable", "na");

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

    public static String renderGroupCommit(Report report) {
        StringBuilder sb = new StringBuilder(String.join(",", GROUP_COMMIT_HEADER)).append('\n');
        for (GroupCommitRow r : report.groupCommitRows()) {
            Estimate c = r.commitsPerSec(), s = r.speedup();
            List<String> cells = List.of(r.benchmark(), r.context().label(), Tables.params(r.params()), r.variant(),
                    String.valueOf(r.committers()), r.method(),
                    num(c == null ? Double.NaN : c.mean()), num(c == null ? Double.NaN : c.low()), num(c == null ? Double.NaN : c.high()),
                    num(r.meanLatencyUs()), num(r.p50Us()), num(r.p99Us()), num(r.p999Us()), num(r.syncsPerCommit()),
                    num(s == null ? Double.NaN : s.mean()), num(s == null ? Double.NaN : s.low()), num(s == null ? Double.NaN : s.high()),
                    r.durable() ? "true" : "false", r.na() == null ? "" : r.na());
            sb.append(String.join(",", cells.stream().map(CsvRenderer::quote).toList())).append('\n');
        }
        return sb.toString();
    }

    public static String render(Report report) {
        StringBuilder sb = new StringBuilder(String.join(",", HEADER)).append('\n');
        for (ReportRow r : report.rows()) {
            List<String> cells = new ArrayList<>();
            cells.add(r.benchmark());
            cells.add(r.context().label());
            cells.add(Tables.params(r.params()));
            cells.add(r.method());
            Estimate t = r.time();
            cells.add(num(t == null ? Double.NaN : t.mean()));
            cells.add(num(t == null ? Double.NaN : t.low()));
            cells.add(num(t == null ? Double.NaN : t.high()));
            cells.add(num(r.measured() ? r.opsPerSec() : Double.NaN));
            cells.add(num(r.p50Us()));
            cells.add(num(r.p99Us()));
            cells.add(num(r.p999Us()));
            cells.add(num(r.baselineUs()));
            cells.add(num(r.ratio() == null ? Double.NaN : r.ratio().mean()));
            cells.add(num(r.ratio() == null ? Double.NaN : r.ratio().low()));
            cells.add(num(r.ratio() == null ? Double.NaN : r.ratio().high()));
            cells.add(num(r.cost() == null ? Double.NaN : r.cost().mean()));
            cells.add(num(r.cost() == null ? Double.NaN : r.cost().low()));
            cells.add(num(r.cost() == null ? Double.NaN : r.cost().high()));
            cells.add(num(r.syncsPerWrite()));
            cells.add(r.durable() ? "true" : "false");
            cells.add(r.na() == null ? "" : r.na());
            sb.append(String.join(",", cells.stream().map(CsvRenderer::quote).toList())).append('\n');
        }
        return sb.toString();
    }

    /** Empty for "not available", full precision otherwise (the CSV is for tools, not eyes). */
    private static String num(double x) {
        return Double.isFinite(x) ? String.valueOf(x) : "";
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
