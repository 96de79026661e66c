package io.durabench.output;

import java.util.ArrayList;
import java.util.List;

/** A plain table that renders as aligned text or a Markdown table; numbers right-aligned. Also used by compare's renderers. */
public final class Table {
    private final List<String> headers;
    private final boolean[] numeric;
    private final List<List<String>> rows = new ArrayList<>();

    public Table(List<String> headers, boolean... numeric) {
        this.headers = headers;
        this.numeric = numeric;
    }

    public void add(List<String> row) {
        rows.add(row);
    }

    public String text() {
        int[] width = widths();
        StringBuilder sb = new StringBuilder();
        line(sb, headers, width);
        StringBuilder rule = new StringBuilder();
        for (int i = 0; i < width.length; i++) rule.append(i == 0 ? "" : "  ").append("-".repeat(width[i]));
        sb.append(rule.toString().stripTrailing()).append('\n');
        rows.forEach(r -> line(sb, r, width));
        return sb.toString();
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("| ").append(String.join(" | ", headers.stream().map(Table::escape).toList())).append(" |\n|");
        for (int i = 0; i < headers.size(); i++) sb.append(isNumeric(i) ? "---:|" : "---|");
        sb.append('\n');
        for (List<String> r : rows) sb.append("| ").append(String.join(" | ", r.stream().map(Table::escape).toList())).append(" |\n");
        return sb.toString();
    }

    private int[] widths() {
        int[] w = new int[headers.size()];
        for (int i = 0; i < w.length; i++) w[i] = headers.get(i).length();
        for (List<String> r : rows) for (int i = 0; i < w.length; i++) w[i] = Math.max(w[i], r.get(i).length());
        return w;
    }

    private void line(StringBuilder sb, List<String> cells, int[] width) {
        StringBuilder l = new StringBuilder();
        for (int i = 0; i < width.length; i++) {
            if (i > 0) l.append("  ");
            String c = cells.get(i);
            String pad = " ".repeat(width[i] - c.length());
            l.append(isNumeric(i) ? pad + c : c + pad);
        }
        sb.append(l.toString().stripTrailing()).append('\n');
    }

    private boolean isNumeric(int i) {
        return i < numeric.length && numeric[i];
    }

    private static String escape(String s) {
        return s.replace("|", "\\|");
    }
}
