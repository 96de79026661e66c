package io.durabench.slo;

import io.durabench.format.Fmt;
import io.durabench.stats.Estimate;
import io.durabench.stats.ForkBounds;

/**
 * One SLO judged on one target. {@code figure} is the SLO's metric, the mean over forks, with the
 * verdict's one-sided {@value ForkBounds#LEVEL} bounds on its long-run value as its low and high ends
 * (ops/s already inverted from time per op; {@link SloJudge}), null when there is none; {@code why}
 * says what the outcome rests on when the figure alone does not (the reason a row is n/a, why it is
 * undecided, how many forks would decide it). {@code context} is the label of the report's target; null
 * for a verdict judged outside a report (etcd-check's, on the one directory it measured).
 */
public record SloVerdict(Slo slo, String context, String target, Outcome outcome, Estimate figure, String why) {

    /** Only {@link #MISSED} fails a report (exit 1): undecided asks for more forks, it does not say no. */
    public enum Outcome {
        MET("met"), MISSED("missed"), UNDECIDED("undecided"), NOT_DURABLE("not durable here"), NOT_MEASURED("not measured");

        private final String word;

        Outcome(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    /** "FDATASYNC p99 < 10 ms on ext4: met — 612 µs over 3 forks, at most 2,210 µs (one-sided 99% bound)". */
    public String line() {
        StringBuilder sb = new StringBuilder(slo.describe()).append(" on ").append(target).append(": ").append(outcome.word());
        String shown = figureText();
        if (!shown.isEmpty()) sb.append(" — ").append(shown);
        if (why != null) sb.append(shown.isEmpty() ? " — " : ": ").append(why);
        return sb.toString();
    }

    /**
     * "612 µs over 3 forks, at most 2,210 µs (one-sided 99% bound)": the bound that decided a met or missed
     * verdict, both bounds of an undecided one, none for the other outcomes; "" without a figure.
     */
    private String figureText() {
        if (figure == null || !Double.isFinite(figure.mean())) return "";
        String forks = figure.betweenForks() && figure.n() > 0 ? " over " + figure.n() + (figure.n() == 1 ? " fork" : " forks") : "";
        String text = value(figure.mean()) + forks;
        boolean judged = outcome == Outcome.MET || outcome == Outcome.MISSED || outcome == Outcome.UNDECIDED;
        if (!figure.hasInterval() || !judged) return text;
        String level = Math.round(ForkBounds.LEVEL * 100) + "%";
        if (outcome == Outcome.UNDECIDED) {
            return text + ", between " + number(figure.low()) + " and " + value(figure.high()) + " (one-sided " + level + " bounds)";
        }
        boolean high = (outcome == Outcome.MET) == slo.op().below();
        return text + (high ? ", at most " + value(figure.high()) : ", at least " + value(figure.low())) + " (one-sided " + level + " bound)";
    }

    private String value(double x) {
        return number(x) + (slo.metric().isTime() ? " µs" : " ops/s");
    }

    private String number(double x) {
        return slo.metric().isTime() ? Fmt.usRounded(x) : Fmt.ops(x);
    }
}
