package io.durabench.witness;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The witness's verdict on one cell.
 *
 * @param cell        what ran
 * @param counters    what the workload counted over the measured operations (empty if it could not run)
 * @param mismatches  every difference between the counters and the kernel, in plain words
 * @param error       why the cell could not be witnessed (its workload failed, no markers), or null
 */
public record CellVerdict(SizedCell cell, Map<String, Long> counters, List<String> mismatches, String error) {
    public CellVerdict {
        counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters)); // keeps the workload's order
        mismatches = List.copyOf(mismatches);
    }

    /** The kernel confirmed every count. */
    public boolean passed() {
        return error == null && mismatches.isEmpty();
    }

    /** One line for a pass, or the cell followed by one indented line per problem. */
    public String describe() {
        if (error != null) return "NOT WITNESSED " + cell.describe() + ": " + error;
        if (mismatches.isEmpty()) return "confirmed " + cell.describe() + " " + counters;
        StringBuilder sb = new StringBuilder("MISMATCH " + cell.describe() + " " + counters);
        for (String m : mismatches) sb.append(System.lineSeparator()).append("  ").append(m);
        return sb.toString();
    }
}
