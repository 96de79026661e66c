package io.durabench.compare.render;

import io.durabench.compare.ComparedRow;
import io.durabench.compare.Comparison;
import io.durabench.compare.CostChangeRow;
import io.durabench.output.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * compare.md: the same facts, table and sentences as the text, as Markdown; one table per group
 * (its heading above it) with every row's reason in words, so a review can quote a row with its why.
 */
public final class CompareMarkdown {
    private CompareMarkdown() {
    }

    public static String render(Comparison c) {
        StringBuilder sb = new StringBuilder("# durabench compare\n\n");
        for (CompareLines.Fact f : CompareLines.header(c)) sb.append("* **").append(f.label()).append("**: ").append(f.text()).append('\n');
        sb.append('\n');
        for (String line : CompareLines.summary(c)) sb.append("**").append(line).append("**\n\n");
        for (Map.Entry<String, List<ComparedRow>> g : CompareLines.groups(c).entrySet()) {
            sb.append("### ").append(g.getKey()).append("\n\n");
            Table t = new Table(List.of("Row", "Base median [95%]", "Candidate median [95%]", "Change [95% CI]", "p", "Holm p", "Verdict", "Why"),
                    false, true, true, true, true, true, false, false);
            for (ComparedRow r : g.getValue()) {
                List<String> cells = new ArrayList<>(CompareText.cells(r));
                cells.set(0, r.key().label());
                cells.add(r.comparison() == null ? (r.note() == null ? "" : r.note()) : r.comparison().reason());
                t.add(cells);
            }
            sb.append(t.markdown()).append('\n');
        }
        if (!c.costChanges().isEmpty()) {
            sb.append("## Durability cost where the baseline changed\n\n").append(CompareLines.costsIntro(c)).append("\n\n");
            Table t = new Table(List.of("Group", "Method", "Cost base", "Cost candidate", "Cost change [95%]", "Ratio change (unreliable)"),
                    false, false, true, true, true, true);
            for (CostChangeRow r : c.costChanges()) {
                List<String> cells = new ArrayList<>(CompareText.costCells(r));
                cells.set(0, r.method());
                cells.add(0, (r.target() == null ? "" : r.target() + ": ") + r.groupLabel() + ", cost in " + r.unit());
                t.add(cells);
            }
            sb.append(t.markdown()).append('\n');
        }
        List<String> notCompared = CompareLines.notCompared(c);
        if (!notCompared.isEmpty()) {
            sb.append("## Rows not compared\n\n");
            notCompared.forEach(l -> sb.append("* ").append(l).append('\n'));
            sb.append('\n');
        }
        sb.append("_").append(CompareLines.legend(c)).append("_\n");
        return sb.toString();
    }
}
