package io.durabench.report.render;

import io.durabench.report.Context;
import io.durabench.report.Durability;
import io.durabench.report.EnvironmentFacts;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.ReportWarning;
import io.durabench.report.chart.ChartFile;

import java.util.List;

/** report.md: the environment above each table, units in headers, warnings up front, charts linked. */
public final class MarkdownRenderer {
    private MarkdownRenderer() {
    }

    public static String render(Report report, List<ChartFile> charts) {
        StringBuilder sb = new StringBuilder("# durabench report\n\n");
        sb.append("Baseline method: `").append(report.baseline()).append("` (pg_test_fsync equivalent: `WRITE`; file creation: ")
                .append("`syncDirectory=false`). **Durability cost** = time per write minus the baseline's, in the same group: ")
                .append("the number to quote. A ratio depends as much on the baseline as on the method.\n\n");
        if (!report.warnings().isEmpty()) {
            sb.append("## Warnings\n\n");
            for (ReportWarning w : report.warnings()) sb.append("* **").append(w.kind().id()).append("**: ").append(w.message()).append('\n');
            sb.append('\n');
        }
        for (Context c : report.contexts()) {
            List<ReportRow> rows = report.rowsOf(c);
            sb.append("## ").append(c.label()).append("\n\n**Environment**\n\n");
            EnvironmentFacts.lines(c.environment()).forEach(f -> sb.append("* ").append(f).append('\n'));
            if (!rows.isEmpty()) {
                sb.append('\n').append(Tables.durabench(report, rows).markdown()).append('\n');
                for (String l : Tables.fastestDurable(rows)) sb.append("* ").append(l).append('\n');
                for (String l : TextRenderer.notDurableLegend(rows)) sb.append("* Not durable: ").append(l).append('\n');
            }
            List<GroupCommitRow> commits = report.groupCommitRowsOf(c);
            if (!commits.isEmpty()) {
                sb.append("\n### Group commit\n\nCommits/s summed over committers (Throughput), latency per commit ")
                        .append("(SampleTime), syncs per commit from the benchmark's counters.\n\n")
                        .append(Tables.groupCommit(commits).markdown()).append('\n');
                for (String l : Tables.groupCommitPeaks(commits)) sb.append("* ").append(l).append('\n');
                for (String l : TextRenderer.notDurableLegend(commits)) sb.append("* Not durable: ").append(l).append('\n');
            }
            sb.append('\n');
        }
        if (!charts.isEmpty()) {
            sb.append("## Charts\n\n");
            for (ChartFile chart : charts) {
                if (chart.png() != null) {
                    sb.append("### ").append(chart.title()).append("\n\n![").append(chart.title()).append("](")
                            .append(chart.png().getFileName()).append(")\n\n(SVG: [").append(chart.svg().getFileName())
                            .append("](").append(chart.svg().getFileName()).append("))\n\n");
                } else {
                    sb.append("* ").append(chart.title()).append(": not drawn, ").append(chart.skippedBecause()).append("\n\n");
                }
            }
        }
        if (!report.plainRows().isEmpty()) {
            sb.append("## Other JMH results\n\nNo durabench parameters: score ± error as JMH reported them, no ratio analysis.\n\n");
            sb.append(Tables.plain(report.plainRows()).markdown()).append('\n');
        }
        sb.append("---\n\n").append(Report.METHOD_NOTE).append(" Sources: ");
        sb.append(String.join(", ", report.sources().stream().map(p -> "`" + p + "`").toList())).append(".\n");
        return sb.toString();
    }
}
