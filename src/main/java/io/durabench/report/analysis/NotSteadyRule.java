package io.durabench.report.analysis;

import io.durabench.report.ContextNames;
import io.durabench.format.Fmt;
import io.durabench.report.ReportRow;
import io.durabench.report.ReportWarning;
import io.durabench.report.ReportWarning.Kind;
import io.durabench.stats.Numbers;
import io.durabench.stats.SteadyState;
import io.durabench.stats.SteadyState.Trend;
import java.util.ArrayList;
import java.util.List;

/**
 * One not-steady warning per row whose measurement is still warming up (its iterations trend
 * inside the forks) or drifting (its fork means trend over the run), with the figure: how much, from
 * what to what, over how many forks, and the test's p ({@link SteadyState}: resolved at 0.001 and a
 * change of 10% or more). The row's mean is then of a moving target: the warm-up is in the cost, or
 * the disk changed during the run, and the row's interval does not say which part is which.
 */
final class NotSteadyRule {
    private NotSteadyRule() {
    }

    static List<ReportWarning> warnings(List<ReportRow> rows, ContextNames names) {
        List<ReportWarning> out = new ArrayList<>();
        for (ReportRow r : rows) {
            SteadyState s = r.steadyState();
            if (!r.measured() || s == null || s.steady()) continue;
            Trend warm = flagged(s.warmingUp()), drift = flagged(s.drifting());
            List<String> said = new ArrayList<>(), brief = new ArrayList<>();
            double severity = 0;
            if (warm != null) {
                said.add("still warming up: " + within(warm));
                brief.add(String.format("iterations %s within forks (%s → %s µs, p %s)", signed(warm.change()), Fmt.usRounded(warm.first()),
                        Fmt.usRounded(warm.last()), p(warm.p())));
                severity = Math.abs(warm.change());
            }
            if (drift != null) {
                said.add(String.format("drifting: its fork means %s %s over the run (first %s µs → last %s µs on Sen's line through %s"
                                + " in the order they ran; Mann-Kendall p %s)", drift.change() > 0 ? "rose" : "fell",
                        Fmt.percentOfFraction(Math.abs(drift.change())), Fmt.usRounded(drift.first()), Fmt.usRounded(drift.last()), forks(drift.n(), s.forksLeftOut()),
                        p(drift.p())));
                brief.add(String.format("fork means %s over the run (%s → %s µs, p %s)", signed(drift.change()), Fmt.usRounded(drift.first()),
                        Fmt.usRounded(drift.last()), p(drift.p())));
                severity = Math.max(severity, Math.abs(drift.change()));
            }
            String message = String.format("%s on %s (%s) is not steady: %s. Its mean is of a moving target (%s); %s.", r.methodLabel(),
                    r.context().place(), r.groupLabel(), String.join("; and ", said),
                    warm != null ? "the warm-up is in the cost" : "the disk changed during the run",
                    warm != null ? "longer or more warmup iterations (JMH -wi, -w) measure the steady state"
                            : "compare it only with a row measured over the same stretch of the run, and rerun it to see whether the trend is the disk's");
            out.add(new ReportWarning(Kind.NOT_STEADY, message, List.of(r.id()), names.of(r.context()), severity,
                    r.methodLabel() + " " + r.groupParams() + ": " + String.join("; ", brief)));
        }
        return out;
    }

    /** "its 40 forks", or "39 of its 40 forks (1 left out: every iteration stalled)", so that 39 in a 40-round run reads as meant. */
    private static String forks(int used, int leftOut) {
        if (leftOut == 0) return "its " + used + " forks";
        return used + " of its " + (used + leftOut) + " forks (" + leftOut + " left out: every iteration stalled)";
    }

    private static String within(Trend t) {
        String how = t.change() > 0 ? "rose" : "fell";
        if (t.test() == SteadyState.Test.ONE_FORK_RANKS) {
            return String.format("in its one fork the %d iterations %s %s from first to last (%s µs → %s µs on Sen's line; Mann-Kendall p %s)",
                    t.n(), how, Fmt.percentOfFraction(Math.abs(t.change())), Fmt.usRounded(t.first()), Fmt.usRounded(t.last()), p(t.p()));
        }
        return String.format("within each fork its iterations %s %s from first to last (%s µs → %s µs; mean log-slope over %d forks,"
                        + " 99.9%% CI of the change %s to %s, p %s)", how, Fmt.percentOfFraction(Math.abs(t.change())), Fmt.usRounded(t.first()),
                Fmt.usRounded(t.last()), t.n(), signed(t.low()), signed(t.high()), p(t.p()));
    }

    private static Trend flagged(Trend t) {
        return t != null && t.flagged() ? t : null;
    }

    private static String signed(double change) {
        return (change >= 0 ? "+" : "−") + Fmt.percentOfFraction(Math.abs(change));
    }

    /** "= 0.0004" or "< 0.0001". */
    private static String p(double p) {
        String v = Numbers.pValue(p);
        return v.startsWith("<") ? v : "= " + v;
    }
}
