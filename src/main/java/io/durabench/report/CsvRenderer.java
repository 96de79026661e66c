package io.durabench.report;

import java.util.ArrayList;
import java.util.List;

/** report.csv: one line per durabench row with the JSON field names (units in the names), RFC 4180 quoting. */
public final class CsvRenderer {
    static final List<String> HEADER = List.of("benchmark", "context", "params", "method", "meanUs", "ciLowUs", "ciHighUs",
            "opsPerSec", "p50Us", "p99Us", "p999Us", "baselineUs", "ratio", "ratioLow", "ratioHigh", "durabilityCostUs",
            "costLowUs", "costHighUs", "syncsPerWrite", "durable", "na");

    private CsvRenderer() {
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
