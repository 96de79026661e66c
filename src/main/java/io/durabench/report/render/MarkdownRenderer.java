package io.durabench.report.render;

import io.durabench.report.Context;
import io.durabench.report.EnvironmentFacts;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.ReportWarning;
import io.durabench.report.analysis.WarningSummary;
import io.durabench.report.chart.ChartFile;
import java.util.List;

/**
 * report.md: findings first, one line per kind and scope of warnings, then per context its
 * environment and one table per group (every column), the cost model, the charts, and every
 * warning in full at the end.
 */
public final class MarkdownRenderer {
    private MarkdownRenderer() {
    }

    public static String render(Report report, List<ChartFile> charts) {
        return render(report, charts, TableColumns.DEFAULT);
    }

    /** @param columns the optional columns of the detail tables ({@code report --columns}) */
    public static String render(Report report, List<ChartFile> charts, TableColumns columns) {
        StringBuilder sb = new StringBuilder("# durabench report\n\n");
        sb.append("Baseline method: `").append(report.baseline()).append("` (pg_test_fsync equivalent: `WRITE`; file creation: ")
                .append("`syncDirectory=false`). **Durability cost** = time per write minus the baseline's, in the same group: ")
                .append("the number to quote. A ratio depends as much on the baseline as on the method.\n\n");
        if (!report.findings().isEmpty()) {
            sb.append("## ").append(FindingsText.TITLE).append("\n\n_").append(FindingsText.INTRO).append("._\n\n");
            FindingsText.sections(report).forEach((heading, messages) -> {
                sb.append("**").append(heading).append("**\n\n");
                messages.forEach(m -> sb.append("* ").append(m).append('\n'));
                sb.append('\n');
            });
        }
        if (!report.warnings().isEmpty()) {
            sb.append("## Warnings\n\nOne line per kind and scope, the worst case shown; all ").append(report.warnings().size())
                    .append(" in full at the end.\n\n");
            for (WarningSummary.Line l : WarningSummary.of(report.warnings())) {
                sb.append("* **").append(l.kind().id()).append("** ").append(l.text()).append('\n');
            }
            sb.append('\n');
        }
        for (Context c : report.contexts()) {
            List<ReportRow> rows = report.rowsOf(c);
            List<GroupCommitRow> commits = report.groupCommitRowsOf(c);
            if (rows.isEmpty() && commits.isEmpty()) continue;
            sb.append("## ").append(c.label()).append("\n\n**Environment**\n\n");
            EnvironmentFacts.lines(c.environment()).forEach(f -> sb.append("* ").append(f).append('\n'));
            sb.append('\n');
            if (!rows.isEmpty()) {
                sb.append(Tables.durabench(rows, columns).markdown());
                for (String l : TextRenderer.notDurableLegend(rows)) sb.append("* Not durable: ").append(l).append('\n');
                sb.append('\n');
            }
            if (!commits.isEmpty()) {
                sb.append("### Group commit\n\nCommits/s summed over committers (Throughput), latency per commit ")
                        .append("(SampleTime), syncs per commit from the benchmark's counters.\n\n")
                        .append(Tables.groupCommit(commits, columns).markdown());
                for (String l : TextRenderer.notDurableLegend(commits)) sb.append("* Not durable: ").append(l).append('\n');
                sb.append('\n');
            }
        }
        if (!report.costModel().isEmpty()) {
            sb.append("## ").append(CostModelTable.TITLE).append("\n\n").append(CostModelTable.INTRO).append("\n\n")
                    .append(CostModelTable.of(report).markdown());
        }
        charts(sb, charts);
        if (!report.plainRows().isEmpty()) {
            sb.append("## Other JMH results\n\nNo durabench parameters: score ± error as JMH reported them, no ratio analysis; the target is where each ran.\n\n");
            sb.append(Tables.plain(report).markdown()).append('\n');
        }
        if (!report.warnings().isEmpty()) {
            sb.append("## All warnings\n\n");
            for (ReportWarning w : report.warnings()) sb.append("* **").append(w.kind().id()).append("**: ").append(w.message()).append('\n');
            sb.append('\n');
        }
        sb.append("---\n\n").append(Report.METHOD_NOTE).append(" Sources: ");
        sb.append(String.join(", ", report.sources().stream().map(p -> "`" + p + "`").toList())).append(".\n");
        return sb.toString();
    }

    private static void charts(StringBuilder sb, List<ChartFile> charts) {
        if (charts.isEmpty()) return;
        sb.append("## Charts\n\n");
        for (ChartFile chart : charts) {
            if (chart.png() != null) {
                sb.append("### ").append(chart.title()).append("\n\n![").append(chart.title()).append("](")
                        .append(chart.png().getFileName()).append(")\n\n");
                if (chart.svg() != null) {
                    sb.append("(SVG: [").append(chart.svg().getFileName()).append("](").append(chart.svg().getFileName()).append("))\n\n");
                }
            } else {
                sb.append("* ").append(chart.title()).append(": not drawn, ").append(chart.skippedBecause()).append("\n\n");
            }
        }
    }
}
