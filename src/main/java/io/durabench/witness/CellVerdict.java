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
 * @param notes       what the witness could not look at, and why (an io_uring cell's ops without root's tracefs)
 */
public record CellVerdict(SizedCell cell, Map<String, Long> counters, List<String> mismatches, String error, List<String> notes) {
    public CellVerdict {
        counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters)); // keeps the workload's order
        mismatches = List.copyOf(mismatches);
        notes = List.copyOf(notes);
    }

    /** A verdict with nothing left unlooked at. */
    public CellVerdict(SizedCell cell, Map<String, Long> counters, List<String> mismatches, String error) {
        this(cell, counters, mismatches, error, List.of());
    }

    /** The kernel confirmed every count. */
    public boolean passed() {
        return error == null && mismatches.isEmpty();
    }

    /** One line for a pass (and a line per note), or the cell followed by one indented line per problem. */
    public String describe() {
        if (error != null) return "NOT WITNESSED " + cell.describe() + ": " + error;
        StringBuilder sb = new StringBuilder(mismatches.isEmpty() ? "confirmed " : "MISMATCH ").append(cell.describe()).append(' ').append(counters);
        for (String m : mismatches) sb.append(System.lineSeparator()).append("  ").append(m);
        for (String n : notes) sb.append(System.lineSeparator()).append("  note: ").append(n);
        return sb.toString();
    }
}
