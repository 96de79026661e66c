package io.durabench.compare;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A finished comparison of two result sets, everything the renderers print: what was compared,
 * how the two were measured (per target, the fingerprint check), notes (unknown environment, A/A
 * pairs used, slots pooled), the rows in table order, the sweep's verdicts and summary, and the
 * durability costs of groups whose baseline itself changed.
 *
 * @param base      what BASE is, in words ("results/a/mnt-ext4 (JDK 17.0.15)")
 * @param candidate what CANDIDATE is
 * @param checks    per target label, its fingerprint check
 * @param aaPairs   the A/A pairs the noise floor was measured from, in words; empty without one
 */
public record Comparison(String base, String candidate, Map<String, FingerprintCheck> checks, List<String> notes, List<String> aaPairs,
                         CompareSettings settings, List<ComparedRow> rows, SweepComparison sweep, List<CostChangeRow> costChanges) {

    public Comparison {
        checks = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(checks));
        notes = List.copyOf(notes);
        aaPairs = List.copyOf(aaPairs);
        rows = List.copyOf(rows);
        costChanges = List.copyOf(costChanges);
    }

    public List<ComparedRow> compared() {
        return rows.stream().filter(r -> r.status() == ComparedRow.Status.COMPARED).toList();
    }

    public long count(Verdict verdict) {
        return rows.stream().filter(r -> r.verdict() == verdict).count();
    }

    /**
     * What one replicate is, for the line above the table: "12 forks per row on each side", or each
     * side's when they differ; iterations of a single fork are named as such, with why that is weak.
     */
    public String replication() {
        Map<String, Long> base = new LinkedHashMap<>(), candidate = new LinkedHashMap<>();
        for (ComparedRow r : compared()) {
            base.merge(r.base().describe(), 1L, Long::sum);
            candidate.merge(r.candidate().describe(), 1L, Long::sum);
        }
        if (base.size() == 1 && base.equals(candidate)) return base.keySet().iterator().next() + " per row on each side";
        return "base " + sides(base) + "; candidate " + sides(candidate);
    }

    private static String sides(Map<String, Long> counts) {
        if (counts.size() == 1) return counts.keySet().iterator().next() + " per row";
        StringBuilder sb = new StringBuilder();
        counts.forEach((what, n) -> sb.append(sb.length() == 0 ? "" : ", ").append(what).append(" (").append(n).append(n == 1 ? " row)" : " rows)"));
        return sb.toString();
    }
}
