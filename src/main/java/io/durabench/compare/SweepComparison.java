package io.durabench.compare;

import io.durabench.stats.RankTest;
import io.durabench.stats.ShiftEstimate;
import io.durabench.stats.StallPool;
import io.durabench.stats.MultipleComparisons;
import java.util.ArrayList;
import java.util.List;

/**
 * A whole comparison: every matched row tested, the raw p-values Holm-corrected together (the
 * rows tested are the family; rows present on one side only are not tested and not counted), each
 * row's verdict, and the summary under the table.
 */
public record SweepComparison(List<RowComparison> rows, ComparisonSummary summary, Pairing pairing) {

    public SweepComparison {
        rows = List.copyOf(rows);
    }

    public static SweepComparison of(List<RowInput> inputs, CompareSettings settings) {
        if (inputs.isEmpty()) throw new IllegalArgumentException("no rows to compare");
        return of(inputs, settings, Pairing.decide(inputs));
    }

    /** With the design given rather than decided from the rows (the real-data power test compares both). */
    static SweepComparison of(List<RowInput> inputs, CompareSettings settings, Pairing pairing) {
        List<RankTest> tests = new ArrayList<>();
        for (RowInput row : inputs) tests.add(RowComparison.test(row, pairing.pairs(row)));
        double[] raw = tests.stream().mapToDouble(RankTest::pTwoSided).toArray();
        double[] adjusted = MultipleComparisons.holm(raw);
        // The disk's stalls, seen across every paired row, for the rows whose own rounds held none (StallPool says why).
        StallPool stalls = StallPool.of(inputs.stream().filter(pairing::pairs)
                .map(r -> ShiftEstimate.logDifferences(r.base(), r.candidate())).toList());
        List<RowComparison> rows = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            RowInput row = inputs.get(i);
            rows.add(RowComparison.of(row, pairing.pairs(row), tests.get(i), adjusted[i], inputs.size(), settings, stalls));
        }
        return new SweepComparison(rows, ComparisonSummary.of(rows, settings), pairing);
    }

    /** What Benjamini–Hochberg would have given instead of Holm, row by row, for a report's footnote. */
    public double[] benjaminiHochbergQ() {
        return MultipleComparisons.benjaminiHochberg(rows.stream().mapToDouble(RowComparison::rawP).toArray());
    }
}
