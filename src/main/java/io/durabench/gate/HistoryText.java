package io.durabench.gate;

import io.durabench.compare.Verdict;
import io.durabench.compare.render.CompareText;
import io.durabench.report.render.Table;
import io.durabench.stats.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The gate's verdict against a history as text: the rule, one table grouped like compare's, the summary. */
public final class HistoryText {
    private HistoryText() {
    }

    public static String render(HistoryVerdict v) {
        StringBuilder sb = new StringBuilder();
        // The head line is not wrapped: where a long history path would push the break must not split the verdict.
        String head = "durabench gate: this run against the history " + v.history() + ": ";
        if (v.tooShort()) {
            return sb.append(head).append(v.runs()).append(v.runs() == 1 ? " run" : " runs").append(", fewer than the ")
                    .append(HistoryJudge.MIN_RUNS).append(" it takes to judge: this run is not judged\n").toString();
        }
        sb.append(head).append(v.runs()).append(" runs, the newest ").append(v.window()).append(" at most\n");
        sb.append(wrap("    started " + v.firstStart() + " to " + v.lastStart())).append('\n');
        sb.append(wrap("rule: a row fails when this run's value (the Hodges-Lehmann location of its forks) lies outside the history's control limits (the runs'"
                + " mean +- t * s * sqrt(1 + 1/k), s the row's run-to-run sd shrunk across rows; Holm over the rows at alpha "
                + Numbers.sig(v.judge().alpha(), 3) + ", so a run of an unchanged setup fails with probability at most "
                + Numbers.sig(v.judge().alpha() * 100, 3) + "%) and the change is at least the " + Numbers.sig(v.judge().thresholdPercent(), 3)
                + "% threshold. 'flags at': the slowdown this gate flags with 80% power.")).append('\n');
        Table t = new Table(List.of("Row", "History", "Run to run", "This run", "Change", "Limits", "Flags at", "Verdict"),
                false, true, true, true, true, true, true, false);
        Map<String, List<JudgedRow>> groups = new LinkedHashMap<>();
        for (JudgedRow r : v.rows()) groups.computeIfAbsent(r.key().groupLabel() + ", " + r.unit(), k -> new ArrayList<>()).add(r);
        for (List<JudgedRow> g : groups.values()) {
            for (JudgedRow r : g) {
                t.add(List.of("  " + r.key().label(), r.judged() ? score(r.historyMean()) : "", r.judged() ? "+-" + Numbers.percent(r.runToRunPercent()) : "",
                        score(r.value()), r.judged() ? Numbers.signedPercent(r.changePercent()) : "",
                        r.judged() ? "[" + score(r.lowerLimit()) + ", " + score(r.upperLimit()) + "]" : "",
                        r.judged() ? "+" + Numbers.percent(r.detectablePercent()) : "", r.judged() ? r.verdict().label() : "not judged"));
            }
        }
        sb.append(CompareText.withHeadings(t.text(), groups, List::size));
        sb.append('\n').append(summary(v)).append('\n');
        for (JudgedRow r : v.rows()) {
            if (!r.judged() || r.verdict() != Verdict.UNCHANGED) sb.append(wrap("  " + label(r) + ": " + r.key().name() + ": " + r.reason())).append('\n');
        }
        return sb.toString();
    }

    /** "1 regression, 0 improvements, 28 inside the limits, 1 small; judged 30 of 30 rows". */
    public static String summary(HistoryVerdict v) {
        long judged = v.rows().stream().filter(JudgedRow::judged).count();
        return v.count(Verdict.REGRESSION) + (v.count(Verdict.REGRESSION) == 1 ? " regression, " : " regressions, ")
                + v.count(Verdict.IMPROVEMENT) + (v.count(Verdict.IMPROVEMENT) == 1 ? " improvement, " : " improvements, ")
                + v.count(Verdict.UNCHANGED) + " inside the limits (~), " + v.count(Verdict.UNDER_THRESHOLD) + " outside but under the threshold (small); "
                + "judged " + judged + " of " + v.rows().size() + " rows";
    }

    private static String label(JudgedRow r) {
        return r.judged() ? r.verdict().label() : "not judged";
    }

    private static String score(double x) {
        if (!Double.isFinite(x)) return "";
        return Numbers.sig(x, x >= 100 ? 4 : 3);
    }

    private static String wrap(String text) {
        StringBuilder sb = new StringBuilder();
        String rest = text;
        while (rest.length() > 120) {
            int cut = rest.lastIndexOf(' ', 120);
            if (cut <= 0) break;
            sb.append(rest, 0, cut).append("\n    ");
            rest = rest.substring(cut + 1);
        }
        return sb.append(rest).toString();
    }
}
