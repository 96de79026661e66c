package io.durabench.report.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A table of rows in groups, each under its own heading line instead of a repeated group column.
 * In text, consecutive groups of one kind ({@code segment}, e.g. the benchmark) showing the same
 * columns share one header and one set of widths; a row without figures is one line of its own
 * ("FSYNC  FAILED: EIO ...", rows with the same reason merged) so its reason never widens a
 * numeric column. Markdown gives every group its own table with every column.
 *
 * @param <R> the row type
 */
final class GroupedTable<R> {
    private static final String INDENT = "  ";
    /** How a failed row's text starts ({@link Tables#unmeasured}): such a line is never wrapped. */
    static final String FAILED = "FAILED: ";

    private record Group<R>(String heading, String segment, List<R> rows, List<String> notes) {
    }

    private final List<Column<R>> columns;
    /** Null for a row with figures, else what it has instead ("n/a: ...", "FAILED: ..."). */
    private final Function<R, String> unmeasured;
    private final List<Group<R>> groups = new ArrayList<>();

    GroupedTable(List<Column<R>> columns, Function<R, String> unmeasured) {
        this.columns = columns;
        this.unmeasured = unmeasured;
    }

    void add(String heading, String segment, List<R> rows, List<String> notes) {
        groups.add(new Group<>(heading, segment, rows, notes));
    }

    boolean isEmpty() {
        return groups.isEmpty();
    }

    String text() {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < groups.size()) {
            List<Integer> visible = visible(groups.get(i));
            String key = groups.get(i).segment() + visible;
            int end = i + 1;
            while (end < groups.size() && (groups.get(end).segment() + visible(groups.get(end))).equals(key)) end++;
            segment(sb, groups.subList(i, end), visible);
            i = end;
        }
        return sb.toString();
    }

    private void segment(StringBuilder sb, List<Group<R>> segment, List<Integer> shown) {
        List<Integer> visible = new ArrayList<>(shown);
        int[] width = widths(segment, visible);
        List<String> dropped = new ArrayList<>();
        if (headerLine(visible, width).length() > Wrap.WIDTH) {
            // Too wide for the terminal (long method names): the optional columns give way, never an interval.
            for (int c : shown) {
                if (columns.get(c).optional()) {
                    visible.remove(Integer.valueOf(c));
                    dropped.add(columns.get(c).textHeader());
                }
            }
            width = widths(segment, visible);
        }
        if (!sb.isEmpty()) sb.append('\n');
        sb.append(headerLine(visible, width)).append('\n').append(ruleLine(visible, width)).append('\n');
        if (!dropped.isEmpty()) {
            Wrap.append(sb, "(" + String.join(", ", dropped) + " left out to keep " + Wrap.WIDTH
                    + " columns: report.md, --format csv and json have them)", INDENT, INDENT);
        }
        for (Group<R> g : segment) {
            sb.append(g.heading()).append('\n');
            for (R r : measured(g)) {
                List<String> cells = new ArrayList<>();
                for (int c : visible) cells.add(columns.get(c).of(r));
                sb.append(line(visible, width, cells)).append('\n');
            }
            unmeasuredLines(sb, g, width[visible.get(0)]);
            g.notes().forEach(n -> Wrap.append(sb, n, INDENT, INDENT + INDENT));
        }
    }

    private int[] widths(List<Group<R>> segment, List<Integer> visible) {
        int[] width = new int[columns.size()];
        for (int k = 0; k < visible.size(); k++) {
            int c = visible.get(k);
            boolean spans = k + 1 < visible.size() && columns.get(visible.get(k + 1)).joinsPrevious();
            // A header over several columns is fitted to their combined width below, not to the first one's.
            if (!columns.get(c).joinsPrevious() && !spans) width[c] = columns.get(c).textHeader().length();
            for (Group<R> g : segment) for (R r : measured(g)) width[c] = Math.max(width[c], columns.get(c).of(r).length());
        }
        fitSpannedHeaders(visible, width);
        return width;
    }

    /** Rows without figures, one line per reason: "O_DIRECT, O_DIRECT_DSYNC  n/a: ...", wrapped under the reason. */
    private void unmeasuredLines(StringBuilder sb, Group<R> g, int firstWidth) {
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        for (R r : g.rows()) {
            String why = unmeasured.apply(r);
            if (why != null) byReason.computeIfAbsent(why, k -> new ArrayList<>()).add(columns.get(0).of(r));
        }
        byReason.forEach((why, names) -> {
            String label = String.join(", ", names);
            String first = INDENT + label + " ".repeat(Math.max(0, firstWidth - label.length())) + "  ";
            if (why.startsWith(FAILED)) {
                // An error stays whole on its line, to be copied or searched for as the tool printed it.
                sb.append(first).append(why).append('\n');
            } else {
                // Continuation lines start under the reason, unless the method list pushed it far right.
                Wrap.append(sb, why, first, " ".repeat(Math.min(first.length(), 40)));
            }
        });
    }

    /** A header over a value and its joined columns must fit their combined width: widen the last joined one. */
    private void fitSpannedHeaders(List<Integer> visible, int[] width) {
        for (int k = 0; k < visible.size(); k++) {
            int lead = visible.get(k);
            if (columns.get(lead).joinsPrevious()) continue;
            int span = width[lead], last = lead;
            for (int j = k + 1; j < visible.size() && columns.get(visible.get(j)).joinsPrevious(); j++) {
                span += 1 + width[visible.get(j)];
                last = visible.get(j);
            }
            int need = columns.get(lead).textHeader().length() - span;
            if (need > 0) width[last] += need;
        }
    }

    private String headerLine(List<Integer> visible, int[] width) {
        StringBuilder l = new StringBuilder(INDENT);
        for (int k = 0; k < visible.size(); k++) {
            Column<R> c = columns.get(visible.get(k));
            if (c.joinsPrevious()) continue;
            int span = width[visible.get(k)];
            for (int j = k + 1; j < visible.size() && columns.get(visible.get(j)).joinsPrevious(); j++) span += 1 + width[visible.get(j)];
            if (k > 0) l.append(c.tight() ? " " : "  ");
            String h = c.textHeader();
            l.append(c.numeric() ? " ".repeat(span - h.length()) + h : h + " ".repeat(span - h.length()));
        }
        return l.toString().stripTrailing();
    }

    private String ruleLine(List<Integer> visible, int[] width) {
        StringBuilder l = new StringBuilder(INDENT);
        for (int k = 0; k < visible.size(); k++) {
            Column<R> c = columns.get(visible.get(k));
            if (k > 0) l.append(c.tight() ? (c.joinsPrevious() ? "-" : " ") : "  ");
            l.append("-".repeat(width[visible.get(k)]));
        }
        return l.toString();
    }

    private String line(List<Integer> visible, int[] width, List<String> cells) {
        StringBuilder l = new StringBuilder(INDENT);
        for (int k = 0; k < visible.size(); k++) {
            Column<R> c = columns.get(visible.get(k));
            if (k > 0) l.append(c.tight() ? " " : "  ");
            String v = cells.get(k);
            String pad = " ".repeat(Math.max(0, width[visible.get(k)] - v.length()));
            l.append(c.numeric() ? pad + v : v + pad);
        }
        return l.toString().stripTrailing();
    }

    /** The text columns a group shows: optional ones only where some row has a value. */
    private List<Integer> visible(Group<R> g) {
        List<Integer> out = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            Column<R> col = columns.get(c);
            if (!col.inText()) continue;
            if (col.optional() && measured(g).stream().allMatch(r -> col.of(r).isEmpty())) continue;
            out.add(c);
        }
        return out;
    }

    private List<R> measured(Group<R> g) {
        return g.rows().stream().filter(r -> unmeasured.apply(r) == null).toList();
    }

    String markdown() {
        StringBuilder sb = new StringBuilder();
        for (Group<R> g : groups) {
            sb.append("#### ").append(g.heading()).append("\n\n| ");
            sb.append(String.join(" | ", columns.stream().map(c -> escape(c.markdownHeader())).toList())).append(" |\n|");
            for (Column<R> c : columns) sb.append(c.numeric() ? "---:|" : "---|");
            sb.append('\n');
            for (R r : g.rows()) {
                List<String> cells = new ArrayList<>();
                String why = unmeasured.apply(r);
                for (int c = 0; c < columns.size(); c++) {
                    cells.add(why == null || c == 0 ? columns.get(c).markdownOf(r) : c == 1 ? why : "");
                }
                sb.append("| ").append(String.join(" | ", cells.stream().map(GroupedTable::escape).toList())).append(" |\n");
            }
            if (!g.notes().isEmpty()) {
                sb.append('\n');
                g.notes().forEach(n -> sb.append("* ").append(n).append('\n'));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String escape(String s) {
        return s.replace("|", "\\|");
    }
}
