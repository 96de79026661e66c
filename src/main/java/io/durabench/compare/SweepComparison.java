package io.durabench.compare;

import io.durabench.stats.MannWhitneyResult;
import io.durabench.stats.MultipleComparisons;
import java.util.ArrayList;
import java.util.List;

/**
 * A whole comparison: every matched row tested, the raw p-values Holm-corrected together (the
 * rows tested are the family; rows present on one side only are not tested and not counted), each
 * row's verdict, and the summary under the table.
 */
public record SweepComparison(List<RowComparison> rows, ComparisonSummary summary) {

    public SweepComparison {
        rows = List.copyOf(rows);
    }

    public static SweepComparison of(List<RowInput> inputs, CompareSettings settings) {
        if (inputs.isEmpty()) throw new IllegalArgumentException("no rows to compare");
        List<MannWhitneyResult> tests = new ArrayList<>();
        for (RowInput row : inputs) tests.add(RowComparison.test(row));
        double[] raw = tests.stream().mapToDouble(MannWhitneyResult::pTwoSided).toArray();
        double[] adjusted = MultipleComparisons.holm(raw);
        List<RowComparison> rows = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) rows.add(RowComparison.of(inputs.get(i), tests.get(i), adjusted[i], inputs.size(), settings));
        return new SweepComparison(rows, ComparisonSummary.of(rows, settings));
    }

    /** What Benjamini–Hochberg would have given instead of Holm, row by row, for a report's footnote. */
    public double[] benjaminiHochbergQ() {
        return MultipleComparisons.benjaminiHochberg(rows.stream().mapToDouble(RowComparison::rawP).toArray());
    }
}
