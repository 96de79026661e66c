package io.durabench.report;

import io.durabench.format.Fmt;
import java.util.List;

/**
 * A plain-words warning with its numbers; {@code rows} are the ids of the rows it is about.
 * The report opens with one line per kind and scope ({@code scope}: a context's short name, a
 * device, or "across contexts"), built from the warning of that scope with the highest
 * {@code severity} (its {@code brief}, a one-line form of the message); the full messages come last.
 */
public record ReportWarning(Kind kind, String message, List<Integer> rows, String scope, double severity, String brief) {

    public enum Kind {
        RATIO_MISLEADS,
        NOISY_BASELINE,
        NOT_DURABLE,
        IMPLAUSIBLY_FAST,
        OUTLIER_ITERATION,
        NOT_STEADY;

        public String id() {
            return Fmt.id(this);
        }
    }
}
