package io.durabench.slo;

import io.durabench.output.Wrap;
import java.util.List;

/**
 * The SLO verdicts ({@code report --slo}) as a section right above the decision tables: a reader
 * who brought an SLO reads its answer first, then the table it was read from.
 */
public final class SloText {
    static final String TITLE = "SLO verdicts";
    static final String INTRO = "met or missed: a one-sided 99% bound on the figure's long-run value, from this target's forks"
            + " (a Student t bound on their logs; the upper one never below the slowest fork times a margin), lies on one side of the"
            + " threshold: wrong at most 1 time in 100; undecided: the threshold lies between the bounds (with how many forks would"
            + " decide it), or the run cannot judge it (said why); without cell parameters, at the decision table's cell";

    private SloText() {
    }

    public static void markdown(StringBuilder sb, List<SloVerdict> verdicts) {
        if (verdicts.isEmpty()) return;
        sb.append("## ").append(TITLE).append("\n\n");
        Wrap.append(sb, "_" + INTRO + "._", "", "");
        sb.append('\n');
        verdicts.forEach(v -> Wrap.append(sb, v.line(), "* ", "  "));
        sb.append('\n');
    }

    /** The verdicts as the text report opens with them, for a command that prints them on their own (run, gate). */
    public static String text(List<SloVerdict> verdicts) {
        StringBuilder sb = new StringBuilder();
        text(sb, verdicts);
        return sb.toString();
    }

    public static void text(StringBuilder sb, List<SloVerdict> verdicts) {
        if (verdicts.isEmpty()) return;
        sb.append('\n');
        Wrap.append(sb, TITLE.toUpperCase(java.util.Locale.ROOT) + " (" + INTRO + ")", "", "  ");
        verdicts.forEach(v -> Wrap.append(sb, v.line(), "  * ", "    "));
    }
}
