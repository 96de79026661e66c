package io.durabench.output;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A table of rows in groups, each under its own heading line instead of a repeated group column.
 * In text, consecutive groups of one kind ({@code segment}, e.g. the benchmark) showing the same
 * columns share one header and one set of widths; a row without figures is one line of its own
 * ("FSYNC  FAILED: EIO ...", rows with the same reason merged) so its reason never widens a
 * numeric column. Markdown gives every group its own table, a value and its interval in one cell,
 * and a row without figures a mark ("n/a¹") whose reason is a note under the table. In both, a
 * table still wider than {@link Wrap#WIDTH} shortens its long names to a mark and a note.
 *
 * @param <R> the row type
 */
public final class GroupedTable<R> {
    private static final String INDENT = "  ";
    /** How a failed row's text starts (the report's {@code Tables.unmeasured}): such a line is never wrapped. */
    public static final String FAILED = "FAILED: ";
    /** A name longer than this is shortened where a table would not fit (a note keeps it whole). */
    static final int LONG_NAME = 20;

    private record Group<R>(String heading, String segment, List<R> rows, List<String> notes) {
    }

    private final List<Column<R>> columns;
    /** Null for a row with figures, else what it has instead ("n/a: ...", "FAILED: ..."). */
    private final Function<R, String> unmeasured;
    private final Function<R, String> shortName;
    private final List<Group<R>> groups = new ArrayList<>();

    public GroupedTable(List<Column<R>> columns, Function<R, String> unmeasured) {
        this(columns, unmeasured, r -> null);
    }

    /** @param shortName a row's shorter name, for a table too wide (null: none, the name is cut) */
    public GroupedTable(List<Column<R>> columns, Function<R, String> unmeasured, Function<R, String> shortName) {
        this.columns = columns;
        this.unmeasured = unmeasured;
        this.shortName = shortName;
    }

    public void add(String heading, String segment, List<R> rows, List<String> notes) {
        groups.add(new Group<>(heading, segment, rows, notes));
    }

    public String text() {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < groups.size()) {
            List<Integer> visible = visible(groups.get(i), true);
            String key = groups.get(i).segment() + visible;
            int end = i + 1;
            while (end < groups.size() && (groups.get(end).segment() + visible(groups.get(end), true)).equals(key)) end++;
            segment(sb, groups.subList(i, end), visible);
            i = end;
        }
        return sb.toString();
    }

    private void segment(StringBuilder sb, List<Group<R>> segment, List<Integer> visible) {
        Footnotes notes = new Footnotes();
        Map<R, String> names = new IdentityHashMap<>();
        int[] width = widths(segment, visible, names);
        // Too wide for the terminal: long names give way (a mark and a note), never a column the reader chose;
        // first to their short forms, then cut; kept whole when even that does not fit (columns asked for).
        for (boolean cut : new boolean[] {false, true}) {
            if (ruleLine(visible, width).length() <= Wrap.WIDTH) break;
            Footnotes tried = new Footnotes();
            Map<R, String> shorter = new IdentityHashMap<>();
            for (Group<R> g : segment) for (R r : measured(g)) shorter.put(r, shortened(columns.get(0).of(r), r, tried, cut));
            int[] narrower = widths(segment, visible, shorter);
            if (ruleLine(visible, narrower).length() <= Wrap.WIDTH) {
                notes = tried;
                names = shorter;
                width = narrower;
            }
        }
        if (!sb.isEmpty()) sb.append('\n');
        sb.append(headerLine(visible, width)).append('\n').append(ruleLine(visible, width)).append('\n');
        for (Group<R> g : segment) {
            sb.append(g.heading()).append('\n');
            for (R r : measured(g)) {
                List<String> cells = new ArrayList<>();
                for (int c : visible) cells.add(cell(c, r, names));
                sb.append(line(visible, width, cells)).append('\n');
            }
            unmeasuredLines(sb, g, width[visible.get(0)]);
            g.notes().forEach(n -> Wrap.append(sb, n, INDENT, INDENT + INDENT));
        }
        notes.legend().forEach(n -> Wrap.append(sb, n, INDENT, INDENT + "  "));
    }

    /**
     * A name longer than {@link #LONG_NAME}: its short form, or with {@code cut} its start and an
     * ellipsis where that is still long, and the mark of a note holding the name whole.
     */
    private String shortened(String name, R r, Footnotes notes, boolean cut) {
        if (name.length() <= LONG_NAME) return name;
        String s = shortName.apply(r);
        String head = s != null && s.length() < name.length() ? s : name;
        if (cut && head.length() > LONG_NAME) head = head.substring(0, LONG_NAME - 1) + "…";
        return head.equals(name) ? name : head + notes.mark(name);
    }

    /** Column c's text of r: the first column's shortened form where there is one. */
    private String cell(int c, R r, Map<R, String> names) {
        return c == 0 && names.containsKey(r) ? names.get(r) : columns.get(c).of(r);
    }

    private int[] widths(List<Group<R>> segment, List<Integer> visible, Map<R, String> names) {
        int[] width = new int[columns.size()];
        for (int k = 0; k < visible.size(); k++) {
            int c = visible.get(k);
            boolean spans = k + 1 < visible.size() && columns.get(visible.get(k + 1)).joinsPrevious();
            // A header over several columns is fitted to their combined width below, not to the first one's.
            if (!columns.get(c).joinsPrevious() && !spans) width[c] = columns.get(c).textHeader().length();
            for (Group<R> g : segment) for (R r : measured(g)) width[c] = Math.max(width[c], cell(c, r, names).length());
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

    /**
     * A header over a value and its joined columns must fit their combined width: widen the value's column, so a value
     * and its interval stay one space apart under a long header ("µs/op w/o stalls [99.9% CI]").
     */
    private void fitSpannedHeaders(List<Integer> visible, int[] width) {
        for (int k = 0; k < visible.size(); k++) {
            int lead = visible.get(k);
            if (columns.get(lead).joinsPrevious()) continue;
            int span = width[lead];
            for (int j = k + 1; j < visible.size() && columns.get(visible.get(j)).joinsPrevious(); j++) span += 1 + width[visible.get(j)];
            int need = columns.get(lead).textHeader().length() - span;
            if (need > 0) width[lead] += need;
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

    /** The columns a group shows: optional ones only where some row has a value; in text only those meant for it. */
    private List<Integer> visible(Group<R> g, boolean text) {
        List<Integer> out = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            Column<R> col = columns.get(c);
            if (text && !col.inText()) continue;
            if (col.optional() && measured(g).stream().allMatch(r -> col.of(r).isEmpty())) continue;
            out.add(c);
        }
        return out;
    }

    private List<R> measured(Group<R> g) {
        return g.rows().stream().filter(r -> unmeasured.apply(r) == null).toList();
    }

    /** Each group its own table under its heading, then its notes: what a mark in it stands for, and the group's own. */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        for (Group<R> g : groups) {
            List<Integer> leads = visible(g, false).stream().filter(c -> !columns.get(c).joinsPrevious()).toList();
            List<Integer> shown = visible(g, false);
            Footnotes notes = new Footnotes();
            List<String> lines = markdownRows(g, shown, notes, null);
            // As in text: short forms, then cut names, each only where the table then fits.
            for (boolean cut : new boolean[] {false, true}) {
                if (fits(lines)) break;
                Footnotes tried = new Footnotes();
                List<String> shorter = markdownRows(g, shown, tried, cut);
                if (fits(shorter)) {
                    notes = tried;
                    lines = shorter;
                }
            }
            sb.append("#### ").append(g.heading()).append("\n\n| ");
            sb.append(String.join(" | ", leads.stream().map(c -> escape(columns.get(c).markdownHeader())).toList())).append(" |\n|");
            for (int c : leads) sb.append(columns.get(c).numeric() ? "---:|" : "---|");
            sb.append('\n');
            lines.forEach(l -> sb.append(l).append('\n'));
            if (!notes.isEmpty() || !g.notes().isEmpty()) sb.append('\n');
            notes.legend().forEach(n -> sb.append("* ").append(escape(n)).append('\n'));
            g.notes().forEach(n -> sb.append("* ").append(n).append('\n'));
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * The group's rows as Markdown lines: a value and the intervals joined to it in one cell; a row
     * without figures its name and a mark ("n/a¹", "FAILED²"); {@code shorten} non-null: long names
     * shortened ({@link #shortened}, cut when true).
     */
    private List<String> markdownRows(Group<R> g, List<Integer> shown, Footnotes notes, Boolean shorten) {
        List<String> lines = new ArrayList<>();
        for (R r : g.rows()) {
            List<String> cells = new ArrayList<>();
            String why = unmeasured.apply(r);
            for (int c : shown) {
                Column<R> col = columns.get(c);
                String v = col.markdownOf(r);
                if (c == 0 && shorten != null) v = shortened(v, r, notes, shorten);
                if (why != null && c != 0) v = c == shown.get(1) ? marker(why) + notes.mark(why) : "";
                if (col.joinsPrevious()) {
                    int last = cells.size() - 1;
                    cells.set(last, (cells.get(last) + " " + v).strip());
                } else {
                    cells.add(v);
                }
            }
            lines.add("| " + String.join(" | ", cells.stream().map(GroupedTable::escape).toList()) + " |");
        }
        return lines;
    }

    private static boolean fits(List<String> lines) {
        return lines.stream().allMatch(l -> l.length() <= Wrap.WIDTH);
    }

    /** "n/a" or "FAILED": the kind of a row without figures, its reason in the note. */
    private static String marker(String why) {
        return why.startsWith(FAILED) ? FAILED.strip().replace(":", "") : "n/a";
    }

    private static String escape(String s) {
        return s.replace("|", "\\|");
    }
}
