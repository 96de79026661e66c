package io.durabench.slo;

import io.durabench.format.Fmt;
import io.durabench.stats.Estimate;

/**
 * One SLO judged on one target. {@code figure} is the SLO's metric with its 99.9% interval over
 * forks (ops/s already inverted from time per op), null when there is none; {@code why} says what
 * the outcome rests on when the figure alone does not (the reason a row is n/a, why it is
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

    /** "FDATASYNC p99 < 10 ms on ext4: met — 612 µs [480, 790] (n = 3 forks)". */
    public String line() {
        StringBuilder sb = new StringBuilder(slo.describe()).append(" on ").append(target).append(": ").append(outcome.word());
        String shown = figureText();
        if (!shown.isEmpty()) sb.append(" — ").append(shown);
        if (why != null) sb.append(shown.isEmpty() ? " — " : ": ").append(why);
        return sb.toString();
    }

    /** "612 µs [480, 790] (n = 3 forks)", "5,210 ops/s [4,900, 5,500] (n = 5 forks)"; "" without a figure. */
    private String figureText() {
        if (figure == null || !Double.isFinite(figure.mean())) return "";
        boolean time = slo.metric().isTime();
        String mean = time ? Fmt.usRounded(figure.mean()) + " µs" : Fmt.ops(figure.mean()) + " ops/s";
        if (!figure.hasInterval()) return mean;
        String interval = time ? Fmt.usRoundedInterval(figure) : "[" + Fmt.ops(figure.low()) + ", " + Fmt.ops(figure.high()) + "]";
        String n = figure.betweenForks() ? " (n = " + figure.n() + (figure.n() == 1 ? " fork)" : " forks)") : "";
        return mean + " " + interval + n;
    }
}
