package io.durabench.gate;

import io.durabench.compare.Verdict;
import io.durabench.compare.render.CompareText;
import io.durabench.output.Table;
import io.durabench.stats.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The gate's verdict against a history as text: the rule, then per rule one table grouped like
 * compare's (the ratio to the C control first where the run has one, then the absolute values),
 * each with its summary and the rows that need a word.
 */
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
        int centre = Math.min(HistoryJudge.CENTRE_RUNS, v.runs());
        String alpha = Numbers.sig(v.judge().alpha() * 100, 3) + "%";
        sb.append(wrap("rule: a row fails when this run's value (the Hodges-Lehmann location of its forks, or of its control's fork pairs) lies"
                + " beyond the history's control limit on the worse side (the mean of its newest " + centre + " runs +- t * s * sqrt(1 + 1/" + centre
                + "), s the row's run-to-run sd from all " + v.runs() + " runs, shrunk across rows, never below what a run's own forks allow; one-sided,"
                + " Holm over the rows, so a run of an unchanged setup fails a rule with probability at most " + alpha + "; beyond the other"
                + " limit is an improvement, at " + alpha + " of its own) and the change is at least the rule's threshold. 'flags at': the"
                + " slowdown flagged in " + Math.round(HistoryJudge.POWER * 100) + "% of runs at that " + alpha + ", judged against these "
                + v.runs() + " runs.")).append('\n');
        if (v.ratio() != null) {
            HistoryVerdict.RatioRule r = v.ratio();
            sb.append('\n').append(wrap("Did the Java side get slower? Each row's time per operation over its C control's (the same durable calls"
                    + " made from C, in lock-step), threshold " + Numbers.sig(r.judge().thresholdPercent(), 3) + "%: a regression fails the build."))
                    .append('\n');
            sb.append(table(r.rows(), true));
            sb.append('\n').append(summary(r.rows(), "ratio")).append('\n');
            notes(sb, r.rows());
            r.unpaired().forEach((id, why) -> v.rows().stream().filter(x -> x.key().id().equals(id)).findFirst()
                    .ifPresent(x -> sb.append(wrap("  absolute only: " + x.key().name() + ": " + why)).append('\n')));
            sb.append('\n').append(wrap("Did the machine get slower? Each row's own value, threshold " + Numbers.sig(v.judge().thresholdPercent(), 3)
                    + "%: " + (v.failOnAbsolute() ? "a regression fails the build (--fail-on absolute)."
                    : "reported; a regression fails the build only with --fail-on absolute, since it is the machine's change, not the code's.")))
                    .append('\n');
        } else if (v.noControl() != null) {
            sb.append(wrap("# note: " + v.noControl())).append('\n');
        }
        sb.append(table(v.rows(), false));
        sb.append('\n').append(summary(v.rows(), v.ratio() == null ? null : "absolute")).append('\n');
        notes(sb, v.rows());
        return sb.toString();
    }

    private static String table(List<JudgedRow> rows, boolean ratio) {
        Table t = new Table(List.of("Row", "History", "Run to run", "This run", "Change", "Limits", "Flags at", "Verdict"),
                false, true, true, true, true, true, true, false);
        Map<String, List<JudgedRow>> groups = new LinkedHashMap<>();
        for (JudgedRow r : rows) groups.computeIfAbsent(r.key().groupLabel() + ", " + r.unit(), k -> new ArrayList<>()).add(r);
        for (List<JudgedRow> g : groups.values()) {
            for (JudgedRow r : g) {
                t.add(List.of("  " + r.key().label(), r.judged() ? score(r.historyMean(), ratio) : "",
                        r.judged() ? "+-" + Numbers.percent(r.runToRunPercent()) : "", score(r.value(), ratio),
                        r.judged() ? Numbers.signedPercent(r.changePercent()) : "",
                        r.judged() ? "[" + score(r.lowerLimit(), ratio) + ", " + score(r.upperLimit(), ratio) + "]" : "",
                        r.judged() ? "+" + Numbers.percent(r.detectablePercent()) : "", r.judged() ? r.verdict().label() : "not judged"));
            }
        }
        return CompareText.withHeadings(t.text(), groups, List::size);
    }

    private static void notes(StringBuilder sb, List<JudgedRow> rows) {
        for (JudgedRow r : rows) {
            if (!r.judged() || r.verdict() != Verdict.UNCHANGED) sb.append(wrap("  " + label(r) + ": " + r.key().name() + ": " + r.reason())).append('\n');
        }
    }

    /** "1 regression, 0 improvements, 28 inside the limits, 1 small; judged 30 of 30 rows" (absolute rule; the ratio rule's first where there is one). */
    public static String summary(HistoryVerdict v) {
        if (v.ratio() == null) return summary(v.rows(), null);
        return summary(v.ratio().rows(), "ratio") + "; " + summary(v.rows(), "absolute");
    }

    private static String summary(List<JudgedRow> rows, String rule) {
        long judged = rows.stream().filter(JudgedRow::judged).count();
        return (rule == null ? "" : rule + ": ") + count(rows, Verdict.REGRESSION) + (count(rows, Verdict.REGRESSION) == 1 ? " regression, " : " regressions, ")
                + count(rows, Verdict.IMPROVEMENT) + (count(rows, Verdict.IMPROVEMENT) == 1 ? " improvement, " : " improvements, ")
                + count(rows, Verdict.UNCHANGED) + " inside the limits (~), " + count(rows, Verdict.UNDER_THRESHOLD)
                + " outside but under the threshold (small); judged " + judged + " of " + rows.size() + " rows";
    }

    private static long count(List<JudgedRow> rows, Verdict v) {
        return rows.stream().filter(r -> r.verdict() == v).count();
    }

    private static String label(JudgedRow r) {
        return r.judged() ? r.verdict().label() : "not judged";
    }

    private static String score(double x, boolean ratio) {
        if (!Double.isFinite(x)) return "";
        if (ratio) return String.format(Locale.ROOT, "%.4f", x);
        return Numbers.sig(x, x >= 100 ? 4 : 3);
    }

    private static String wrap(String text) {
        StringBuilder sb = new StringBuilder();
        String rest = text;
        int width = 120; // the first line; later ones are indented by 4
        while (rest.length() > width) {
            int cut = rest.lastIndexOf(' ', width);
            if (cut <= 0) break;
            sb.append(rest, 0, cut).append("\n    ");
            rest = rest.substring(cut + 1);
            width = 116;
        }
        return sb.append(rest).toString();
    }
}
