package io.durabench.report;

import java.util.List;

/** A plain-words warning with its numbers; {@code rows} are the ids of the rows it is about. */
public record ReportWarning(Kind kind, String message, List<Integer> rows) {

    public enum Kind {
        RATIO_MISLEADS("ratio-misleads"),
        NOISY_BASELINE("noisy-baseline"),
        NOT_DURABLE("not-durable"),
        IMPLAUSIBLY_FAST("implausibly-fast");

        private final String id;

        Kind(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }
}
