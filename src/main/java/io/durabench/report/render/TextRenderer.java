package io.durabench.report.render;

import io.durabench.report.Context;
import io.durabench.report.Durability;
import io.durabench.report.EnvironmentFacts;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.ReportWarning;
import io.durabench.report.chart.ChartFile;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The terminal report: warnings first, then per context its environment and an aligned table. */
public final class TextRenderer {
    private TextRenderer() {
    }

    public static String render(Report report) {
        StringBuilder sb = new StringBuilder();
        sb.append("durabench report: ").append(report.rows().size()).append(" durabench rows, ")
                .append(report.groupCommitRows().size()).append(" group-commit rows, ")
                .append(report.plainRows().size()).append(" other results, baseline ").append(report.baseline()).append('\n');
        if (!report.warnings().isEmpty()) {
            sb.append("\nWARNINGS (read before quoting any ratio)\n");
            for (ReportWarning w : report.warnings()) sb.append("  [").append(w.kind().id()).append("] ").append(w.message()).append('\n');
        }
        for (Context c : report.contexts()) {
            List<ReportRow> rows = report.rowsOf(c);
            sb.append("\n== ").append(c.label()).append(" ==\n");
            EnvironmentFacts.lines(c.environment()).forEach(f -> sb.append("  ").append(f).append('\n'));
            if (!rows.isEmpty()) {
                sb.append('\n').append(Tables.durabench(report, rows).text());
                Tables.fastestDurable(rows).forEach(l -> sb.append("  ").append(l).append('\n'));
                notDurableLegend(rows).forEach(l -> sb.append("  NO = ").append(l).append('\n'));
            }
            List<GroupCommitRow> commits = report.groupCommitRowsOf(c);
            if (!commits.isEmpty()) {
                sb.append("\n-- Group commit (commits/s summed over committers; latency per commit) --\n");
                sb.append(Tables.groupCommit(commits).text());
                Tables.groupCommitPeaks(commits).forEach(l -> sb.append("  ").append(l).append('\n'));
                notDurableLegend(commits).forEach(l -> sb.append("  NO = ").append(l).append('\n'));
            }
        }
        if (!report.plainRows().isEmpty()) {
            sb.append("\n== Other JMH results (no durabench parameters: score ± error as JMH reported them) ==\n");
            sb.append(Tables.plain(report.plainRows()).text());
        }
        sb.append('\n').append(Report.METHOD_NOTE).append('\n');
        return sb.toString();
    }

    /** Why each non-durable method is not durable, once per method. */
    static List<String> notDurableLegend(List<? extends Durability> rows) {
        Set<String> lines = new LinkedHashSet<>();
        for (Durability r : rows) {
            if (!r.durable() && r.notDurableBecause() != null) lines.add(r.method() + ": " + r.notDurableBecause());
        }
        return List.copyOf(lines);
    }
}
