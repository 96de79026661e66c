package io.durabench.compare.render;

import io.durabench.compare.ComparedRow;
import io.durabench.compare.Comparison;
import io.durabench.compare.CostChangeRow;
import io.durabench.output.Table;
import io.durabench.stats.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The terminal comparison, within {@value #WIDTH} columns: what was compared and how (above), one
 * table with a heading line per group (benchmark, parameters, mode, unit) instead of a repeated group
 * column, then the summary, the rows that moved and why, rows on one side only, and the absolute
 * durability costs where a baseline itself changed.
 */
public final class CompareText {
    static final int WIDTH = 120;
    private static final int LABEL = 12;

    private CompareText() {
    }

    public static String render(Comparison c) {
        StringBuilder sb = new StringBuilder("durabench compare\n");
        for (CompareLines.Fact f : CompareLines.header(c)) {
            wrap(sb, "  " + pad(f.label() + ":", LABEL) + " ", f.text());
        }
        sb.append('\n');
        Table t = new Table(List.of("Row", "Base median [95%]", "Candidate median [95%]", "Change [95% CI]", "p", "Holm p", "Verdict"),
                false, true, true, true, true, true, false);
        Map<String, List<ComparedRow>> groups = CompareLines.groups(c);
        groups.values().forEach(rows -> rows.forEach(r -> t.add(cells(r))));
        sb.append(withHeadings(t.text(), groups, List::size));
        sb.append('\n');
        for (String line : CompareLines.summary(c)) wrap(sb, "", line);
        section(sb, "Lock-step rows (B - A per operation, between fork pairs):", CompareLines.lockStepRows(c));
        section(sb, "Changed rows, and why:", CompareLines.flagged(c));
        section(sb, "Rows not compared:", CompareLines.notCompared(c));
        if (!c.costChanges().isEmpty()) {
            sb.append('\n');
            wrap(sb, "", CompareLines.costsIntro(c));
            sb.append(costs(c.costChanges()));
        }
        sb.append('\n');
        wrap(sb, "", CompareLines.legend(c));
        return sb.toString();
    }

    static List<String> cells(ComparedRow r) {
        if (r.comparison() == null) {
            return List.of("  " + r.key().label(), CompareFormat.median(r.baseMedian()), CompareFormat.median(r.candidateMedian()), "", "", "",
                    r.verdictLabel());
        }
        var cmp = r.comparison();
        return List.of("  " + r.key().label(), CompareFormat.median(cmp.base()), CompareFormat.median(cmp.candidate()),
                CompareFormat.change(cmp.change()), Numbers.pValue(cmp.rawP()), Numbers.pValue(cmp.adjustedP()), r.verdictLabel());
    }

    private static String costs(List<CostChangeRow> rows) {
        Table t = new Table(List.of("Method", "Cost base", "Cost candidate", "Cost change [95%]", "Ratio change (unreliable)"),
                false, true, true, true, true);
        Map<String, List<CostChangeRow>> groups = new LinkedHashMap<>();
        for (CostChangeRow r : rows) {
            groups.computeIfAbsent((r.target() == null ? "" : r.target() + ": ") + r.groupLabel() + ", cost in " + r.unit(),
                    k -> new ArrayList<>()).add(r);
        }
        groups.values().forEach(g -> g.forEach(r -> t.add(costCells(r))));
        return withHeadings(t.text(), groups, List::size);
    }

    static List<String> costCells(CostChangeRow r) {
        var ch = r.change();
        String change = Double.isNaN(ch.costChangePercent()) ? "undefined" : Numbers.signedPercent(ch.costChangePercent());
        String interval = CompareFormat.percentInterval(ch.costChangeInterval());
        return List.of("  " + r.method(), CompareFormat.score(ch.costBase()), CompareFormat.score(ch.costCandidate()),
                change + (interval.isEmpty() ? "" : " " + interval), Numbers.signedPercent(ch.ratioChangePercent()));
    }

    /** The table's lines with a heading line before each group's first row (the table keeps one set of column widths). */
    public static <V> String withHeadings(String table, Map<String, V> groups, Function<V, Integer> size) {
        String[] lines = table.split("\n");
        StringBuilder sb = new StringBuilder(lines[0]).append('\n').append(lines[1]).append('\n');
        int next = 2;
        for (Map.Entry<String, V> g : groups.entrySet()) {
            sb.append(g.getKey()).append('\n');
            for (int i = 0; i < size.apply(g.getValue()); i++) sb.append(lines[next++]).append('\n');
        }
        return sb.toString();
    }

    private static void section(StringBuilder sb, String title, List<String> lines) {
        if (lines.isEmpty()) return;
        sb.append('\n').append(title).append('\n');
        lines.forEach(l -> wrap(sb, "  ", l));
    }

    /** Appends {@code text} after {@code first}, broken at spaces so no line passes {@value #WIDTH} columns. */
    static void wrap(StringBuilder sb, String first, String text) {
        String indent = " ".repeat(first.length() + (first.isBlank() && !first.isEmpty() ? 2 : 0));
        String prefix = first;
        String rest = text;
        while (prefix.length() + rest.length() > WIDTH) {
            int room = WIDTH - prefix.length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= 0) cut = rest.indexOf(' ', room);
            if (cut <= 0) break;
            sb.append(prefix).append(rest, 0, cut).append('\n');
            rest = rest.substring(cut + 1);
            prefix = indent;
        }
        sb.append(prefix).append(rest).append('\n');
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
