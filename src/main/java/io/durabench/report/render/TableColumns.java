package io.durabench.report.render;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which optional columns the detail tables of the text and Markdown reports show ({@code report
 * --columns}). By default a table holds what a reader compares, within 120 characters: method,
 * µs/op with its interval, ops/s, durability cost with its interval, ratio, syncs/op, durable (group
 * commit: committers, commits/s with its interval, mean latency, p99, syncs/commit, speed-up,
 * durable). The rest is asked for by name: the percentiles, the ratio's (speed-up's) interval and
 * the sync call's own p99.
 * CSV and JSON always carry every field; this only shapes the tables a person reads.
 */
public record TableColumns(Set<String> extra) {
    public static final String P50 = "p50";
    public static final String P99 = "p99";
    public static final String P999 = "p99.9";
    public static final String RATIO_CI = "ratio-ci";
    /** The sync call's own p99 (every fork pooled), for rows whose run timed it. */
    public static final String SYNC_P99 = "sync-p99";
    /** The optional columns, in the order the help and the error list them. */
    public static final List<String> OPTIONAL = List.of(P50, P99, P999, RATIO_CI, SYNC_P99);
    /** Words that stand for a set: every optional column, or none. */
    public static final String ALL = "all";
    public static final String DEFAULT_WORD = "default";

    public static final TableColumns DEFAULT = new TableColumns(Set.of());

    public TableColumns {
        extra = Set.copyOf(extra);
    }

    /**
     * "p99,ratio-ci", "all" or "default" (case-insensitive, spaces ignored); an unknown name is an
     * {@link IllegalArgumentException} whose message lists the valid ones.
     */
    public static TableColumns parse(String spec) {
        Set<String> chosen = new LinkedHashSet<>();
        for (String part : spec.split(",")) {
            String name = part.trim().toLowerCase(Locale.ROOT);
            if (name.equals(ALL)) {
                chosen.addAll(OPTIONAL);
            } else if (!name.equals(DEFAULT_WORD)) {
                if (!OPTIONAL.contains(name)) {
                    throw new IllegalArgumentException("--columns " + spec + ": unknown column '" + part.trim() + "'; valid: "
                            + String.join(", ", valid()) + " (comma list)");
                }
                chosen.add(name);
            }
        }
        return new TableColumns(chosen);
    }

    /** Every word --columns takes. */
    public static List<String> valid() {
        List<String> all = new ArrayList<>(OPTIONAL);
        all.add(ALL);
        all.add(DEFAULT_WORD);
        return all;
    }

    public boolean shows(String column) {
        return extra.contains(column);
    }
}
