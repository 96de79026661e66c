package io.durabench.report.render;

import io.durabench.slo.SloText;
import io.durabench.output.Wrap;
import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.DecisionTable;
import io.durabench.report.Durability;
import io.durabench.env.EnvironmentFacts;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.ReportWarning;
import io.durabench.report.analysis.WarningSummary;
import io.durabench.slo.SloVerdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.List;
import java.util.Set;

/**
 * The terminal report, written for 120 columns, in report.md's order: one line of context, the
 * decision tables and recommendations, the run-wide findings, one line per kind of warning, then
 * per context its environment, its own findings and its grouped tables, the cost model, and (with
 * --all-warnings) every warning in full. Prose is word-wrapped; tables leave out what is empty.
 */
public final class TextRenderer {
    private TextRenderer() {
    }

    /**
     * @param columns the optional columns of the detail tables ({@code report --columns})
     * @param slo     the verdicts of {@code report --slo}, printed between the context line and the decision tables
     */
    public static String render(Report report, boolean allWarnings, TableColumns columns, List<SloVerdict> slo) {
        StringBuilder sb = new StringBuilder();
        Opening opening = Opening.of(report);
        sb.append("durabench report\n");
        Wrap.append(sb, opening.context(), "", "");
        SloText.text(sb, slo);
        decisions(sb, report, opening);
        findings(sb, report);
        warningSummary(sb, report, allWarnings);
        for (Context c : report.contexts()) {
            List<ReportRow> rows = report.rowsOf(c);
            List<GroupCommitRow> commits = report.groupCommitRowsOf(c);
            if (rows.isEmpty() && commits.isEmpty()) continue;
            sb.append("\n== ").append(c.label()).append(" ==\n");
            String n = Opening.intervals(rows, commits);
            if (!n.isEmpty()) Wrap.append(sb, n, "  ", "    ");
            EnvironmentFacts.lines(c.environment()).forEach(f -> Wrap.append(sb, f, "  ", "      "));
            List<String> own = FindingsText.of(report, c);
            if (!own.isEmpty()) {
                sb.append("  Findings\n");
                own.forEach(m -> Wrap.append(sb, m, "  * ", "    "));
            }
            report.referenceOn(c).ifPresent(rc -> {
                Wrap.append(sb, LockStepTable.title(rc), "\n  ", "    ");
                sb.append(LockStepTable.of(rc).text());
                LockStepTable.notes(rc).forEach(l -> Wrap.append(sb, l, "  ", "    "));
            });
            if (!rows.isEmpty()) {
                sb.append('\n').append(Tables.durabench(rows, columns).text());
                notDurableLegend(rows).forEach(l -> Wrap.append(sb, l, "  NO = ", "       "));
                DetailColumns.deviceLegend(rows.stream().map(ReportRow::device).toList()).forEach(l -> Wrap.append(sb, l, "  ", "    "));
            }
            if (!commits.isEmpty()) {
                sb.append("\n-- Group commit (commits/s summed over committers; latency per commit) --\n");
                sb.append(Tables.groupCommit(commits, columns).text());
                notDurableLegend(commits).forEach(l -> Wrap.append(sb, l, "  NO = ", "       "));
                DetailColumns.deviceLegend(commits.stream().map(GroupCommitRow::device).toList()).forEach(l -> Wrap.append(sb, l, "  ", "    "));
            }
        }
        if (!report.costModel().isEmpty()) {
            sb.append("\n== ").append(CostModelTable.TITLE).append(" ==\n");
            Wrap.append(sb, CostModelTable.INTRO, "  ", "  ");
            sb.append('\n').append(CostModelTable.of(report).text());
        }
        if (!report.plainRows().isEmpty()) {
            sb.append("\n== Other JMH results (no durabench parameters: score ± error as JMH reported them) ==\n");
            sb.append(Tables.plain(report).text());
        }
        if (allWarnings && !report.warnings().isEmpty()) {
            sb.append("\nALL WARNINGS\n");
            for (ReportWarning w : report.warnings()) Wrap.append(sb, w.message(), "  [" + w.kind().id() + "] ", "    ");
        }
        sb.append('\n');
        Wrap.append(sb, Report.METHOD_NOTE, "", "");
        return sb.toString();
    }

    /** The decision tables, each with its legend, then one recommendation line per target. */
    private static void decisions(StringBuilder sb, Report report, Opening opening) {
        ContextNames names = report.contextNames();
        for (DecisionTable t : opening.tables()) {
            sb.append('\n');
            Wrap.append(sb, "DECISION: " + DecisionTableText.heading(t) + " (" + DecisionTableText.subtitle(t) + ")", "", "  ");
            sb.append(DecisionTableText.table(t, names).text());
            DecisionTableText.legend(t, names).forEach(l -> Wrap.append(sb, l, "  ", "    "));
        }
        if (opening.recommendations().isEmpty()) return;
        sb.append("\nRECOMMENDATION\n");
        opening.recommendations().forEach(r -> Wrap.append(sb, r, "  * ", "    "));
    }

    private static void findings(StringBuilder sb, Report report) {
        Map<String, List<String>> top = FindingsText.opening(report);
        if (top.isEmpty()) return;
        Wrap.append(sb, "FINDINGS (" + FindingsText.INTRO + "; each target's own open its section)", "\n", "  ");
        top.forEach((heading, messages) -> {
            sb.append("  ").append(heading).append('\n');
            messages.forEach(m -> Wrap.append(sb, m, "  * ", "    "));
        });
    }

    private static void warningSummary(StringBuilder sb, Report report, boolean allWarnings) {
        if (report.warnings().isEmpty()) return;
        int n = report.warnings().size();
        sb.append("\nWARNINGS (read before quoting any ratio; one line per kind, ").append(n)
                .append(allWarnings ? " in full at the end)" : " in full with --all-warnings)").append('\n');
        for (WarningSummary.Line l : WarningSummary.byKind(report.warnings())) {
            Wrap.append(sb, l.text(), "  [" + l.kind().id() + "] ", "    ");
        }
    }

    /** Why the non-durable methods are not durable, one line per reason: "FSYNC, FDATASYNC: tmpfs /dev/shm has no stable storage". */
    static List<String> notDurableLegend(List<? extends Durability> rows) {
        Map<String, Set<String>> methodsByReason = new LinkedHashMap<>();
        for (Durability r : rows) {
            if (!r.durable() && r.notDurableBecause() != null) {
                methodsByReason.computeIfAbsent(r.notDurableBecause(), k -> new LinkedHashSet<>()).add(label(r));
            }
        }
        List<String> lines = new ArrayList<>();
        methodsByReason.forEach((why, methods) -> lines.add(String.join(", ", methods) + ": " + why));
        return lines;
    }

    private static String label(Durability r) {
        return r instanceof ReportRow row ? row.methodLabel() : r.method();
    }
}
