package io.durabench.compare;

import io.durabench.stats.MultipleComparisons;
import io.durabench.stats.RankTest;
import java.util.ArrayList;
import java.util.List;

/**
 * Every row's verdict as {@link SweepComparison#of} decides it (the design, each row's rank test, Holm over every row,
 * the verdict rule) without what only the table shows: the detectable change's resampling, a thousand trials per row,
 * of which a verdict needs nothing but whether the sample sizes can flag any change ({@link RowComparison#verdictOf}).
 * For simulations that ask for thousands of verdicts; {@link SweepVerdictsTest} holds it to SweepComparison's own.
 */
final class SweepVerdicts {

    private SweepVerdicts() {
    }

    /** The verdicts, in the order of {@code inputs}, with the design compare decides from them. */
    static List<Verdict> of(List<RowInput> inputs, CompareSettings settings) {
        return of(inputs, settings, Pairing.decide(inputs));
    }

    /** The verdicts, in the order of {@code inputs}, with {@code pairing} as the design. */
    static List<Verdict> of(List<RowInput> inputs, CompareSettings settings, Pairing pairing) {
        List<RankTest> tests = inputs.stream().map(r -> RowComparison.test(r, pairing.pairs(r))).toList();
        double[] holm = MultipleComparisons.holm(tests.stream().mapToDouble(RankTest::pTwoSided).toArray());
        List<Verdict> verdicts = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            RowInput row = inputs.get(i);
            verdicts.add(RowComparison.verdictOf(row, pairing.pairs(row), tests.get(i), holm[i], inputs.size(), settings));
        }
        return verdicts;
    }

    /** The verdict of the row named {@code name}. */
    static Verdict of(List<RowInput> inputs, CompareSettings settings, String name) {
        List<Verdict> verdicts = of(inputs, settings);
        for (int i = 0; i < inputs.size(); i++) if (inputs.get(i).name().equals(name)) return verdicts.get(i);
        throw new IllegalArgumentException("no row " + name);
    }
}
