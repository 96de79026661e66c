package io.durabench.report.render;

import io.durabench.slo.SloText;
import io.durabench.output.Wrap;
import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.DecisionTable;
import io.durabench.env.EnvironmentFacts;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.ReportWarning;
import io.durabench.report.analysis.WarningSummary;
import io.durabench.chart.ChartFile;
import io.durabench.slo.SloVerdict;
import java.util.List;
import java.util.Map;

/**
 * report.md, in the order a design review reads it: the title and one line of context, the decision
 * tables and a recommendation per target, the findings that hold for the whole run (one screen),
 * one line per kind of warning, then per context its environment, its own findings and one table
 * per group, the cost model, the charts, and every warning in full at the end.
 */
public final class MarkdownRenderer {
    private MarkdownRenderer() {
    }

    /**
     * @param columns the optional columns of the detail tables ({@code report --columns})
     * @param slo     the verdicts of {@code report --slo}, printed between the context line and the decision tables
     */
    public static String render(Report report, List<ChartFile> charts, TableColumns columns, List<SloVerdict> slo) {
        StringBuilder sb = new StringBuilder("# durabench report\n\n");
        Opening opening = Opening.of(report);
        Wrap.append(sb, opening.context(), "", "");
        sb.append('\n');
        SloText.markdown(sb, slo);
        decisions(sb, report, opening);
        if (!report.findings().isEmpty()) {
            Map<String, List<String>> top = FindingsText.opening(report);
            if (!top.isEmpty()) {
                sb.append("## ").append(FindingsText.TITLE).append("\n\n");
                Wrap.append(sb, "_" + FindingsText.INTRO + "; each target's own findings open its section._", "", "");
                sb.append('\n');
                top.forEach((heading, messages) -> {
                    sb.append("**").append(heading).append("**\n\n");
                    messages.forEach(m -> Wrap.append(sb, m, "* ", "  "));
                    sb.append('\n');
                });
            }
        }
        if (!report.warnings().isEmpty()) {
            // The count and where they are in the heading: the opening spends its lines on the warnings themselves.
            sb.append("## Warnings (one line per kind; all ").append(report.warnings().size()).append(" in full at the end)\n\n");
            for (WarningSummary.Line l : WarningSummary.byKind(report.warnings())) {
                Wrap.append(sb, "**" + l.kind().id() + "** " + l.text(), "* ", "  ");
            }
            sb.append('\n');
        }
        for (Context c : report.contexts()) {
            List<ReportRow> rows = report.rowsOf(c);
            List<GroupCommitRow> commits = report.groupCommitRowsOf(c);
            if (rows.isEmpty() && commits.isEmpty()) continue;
            sb.append("## ").append(c.label()).append("\n\n");
            String n = Opening.intervals(rows, commits);
            if (!n.isEmpty()) sb.append("_").append(n).append("._\n\n");
            sb.append("**Environment**\n\n");
            EnvironmentFacts.lines(c.environment()).forEach(f -> sb.append("* ").append(f).append('\n'));
            sb.append('\n');
            List<String> own = FindingsText.of(report, c);
            if (!own.isEmpty()) {
                sb.append("**Findings**\n\n");
                own.forEach(m -> sb.append("* ").append(m).append('\n'));
                sb.append('\n');
            }
            report.referenceOn(c).ifPresent(rc -> {
                sb.append("**").append(LockStepTable.title(rc)).append("**\n\n").append(LockStepTable.of(rc).markdown());
                LockStepTable.notes(rc).forEach(l -> sb.append("* ").append(l).append('\n'));
                sb.append('\n');
            });
            if (!rows.isEmpty()) {
                sb.append(Tables.durabench(rows, columns).markdown());
                for (String l : TextRenderer.notDurableLegend(rows)) sb.append("* Not durable: ").append(l).append('\n');
                for (String l : DetailColumns.deviceLegend(rows.stream().map(ReportRow::device).toList())) sb.append("* ").append(l).append('\n');
                sb.append('\n');
            }
            if (!commits.isEmpty()) {
                sb.append("### Group commit\n\nCommits/s summed over committers (Throughput), latency per commit ")
                        .append("(SampleTime), syncs per commit from the benchmark's counters.\n\n")
                        .append(Tables.groupCommit(commits, columns).markdown());
                for (String l : TextRenderer.notDurableLegend(commits)) sb.append("* Not durable: ").append(l).append('\n');
                for (String l : DetailColumns.deviceLegend(commits.stream().map(GroupCommitRow::device).toList())) sb.append("* ").append(l).append('\n');
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

    /** The decision tables, each with its legend, then the recommendation per target. */
    private static void decisions(StringBuilder sb, Report report, Opening opening) {
        if (opening.tables().isEmpty()) return;
        ContextNames names = report.contextNames();
        sb.append("## Decision\n\n");
        for (DecisionTable t : opening.tables()) {
            sb.append("### ").append(DecisionTableText.heading(t)).append("\n\n_").append(DecisionTableText.subtitle(t)).append("_\n\n")
                    .append(DecisionTableText.table(t, names).markdown()).append('\n');
            DecisionTableText.legend(t, names).forEach(l -> Wrap.append(sb, l, "* ", "  "));
            sb.append('\n');
        }
        if (!opening.recommendations().isEmpty()) {
            sb.append("**Recommendation**\n\n");
            opening.recommendations().forEach(r -> Wrap.append(sb, r, "* ", "  "));
            sb.append('\n');
        }
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
