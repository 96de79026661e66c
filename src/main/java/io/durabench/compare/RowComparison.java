package io.durabench.compare;

import io.durabench.stats.DetectableChange;
import io.durabench.stats.StallPool;
import io.durabench.stats.ExactMannWhitney;
import io.durabench.stats.ExactSignedRank;
import io.durabench.stats.LockStepEstimate;
import io.durabench.stats.MedianEstimate;
import io.durabench.stats.RankTest;
import io.durabench.stats.ShiftEstimate;

/**
 * One compared row: what each side measured, how much it changed, how sure that is, and the verdict.
 *
 * @param base       median of the base scores with its distribution-free interval
 * @param candidate  median of the candidate scores with its interval
 * @param change     candidate/base as a Hodges–Lehmann ratio with its exact interval ({@link ShiftEstimate}): the
 *                   median of all pairwise ratios (unpaired), or of the Walsh averages of the per-round ratios
 *                   (paired); not the ratio of the two medians, so it can differ from them
 * @param test       the rank test used (rank sum unpaired, signed rank paired) with its two-sided p
 * @param paired     true when the forks were compared as pairs by round ({@link Pairing})
 * @param adjustedP  the raw p after Holm's correction over {@code rows}
 * @param rows       how many rows the correction covered
 * @param detectable the smallest change this row would flag with 80% power (test, threshold and A/A floor)
 * @param reason     the verdict in plain words, e.g. "+12.3% slower (p 0.00001, 0.0004 after Holm over 41 rows)"
 */
public record RowComparison(String name, Direction direction, MedianEstimate base, MedianEstimate candidate, ShiftEstimate change,
                            RankTest test, boolean paired, double adjustedP, int rows, DetectableChange detectable, Verdict verdict,
                            String reason) {

    /** Everything but the correction across rows, which needs all rows' raw p first ({@link SweepComparison}). */
    static RankTest test(RowInput row, boolean paired) {
        if (row.lockStep()) {
            LockStepEstimate e = LockStepEstimate.of(row.base(), row.candidate(), ShiftEstimate.DEFAULT_LEVEL);
            return new RankTest(RankTest.LOCK_STEP_T, e.t(), e.n() < 2 ? 1 : e.pTwoSided());
        }
        if (paired) return ExactSignedRank.test(ShiftEstimate.logDifferences(row.base(), row.candidate()));
        return RankTest.of(ExactMannWhitney.test(row.candidate(), row.base()));
    }

    static RowComparison of(RowInput row, boolean paired, RankTest test, double adjustedP, int rows, CompareSettings settings,
                            StallPool stalls) {
        if (row.lockStep()) return LockStepRows.compare(row, test, adjustedP, rows, settings);
        double[] base = row.base(), candidate = row.candidate();
        ShiftEstimate change = change(row, paired, settings);
        double floor = settings.noiseFloor().percentFor(row.name());
        DetectableChange detectable = detectable(row, paired, rows, settings, floor, stalls);
        VerdictRules.Decision d = VerdictRules.decide(change.changePercent(), test.pTwoSided(), adjustedP, rows, detectable,
                row.direction(), settings, floor);
        return new RowComparison(row.name(), row.direction(), MedianEstimate.of(base, settings.confidence()),
                MedianEstimate.of(candidate, settings.confidence()), change, test, paired, adjustedP, rows, detectable, d.verdict(), d.reason());
    }

    /** The verdict alone, without resampling the detectable change (the real-data power test asks this thousands of times). */
    static Verdict verdictOf(RowInput row, boolean paired, RankTest test, double adjustedP, int rows, CompareSettings settings) {
        if (row.lockStep()) return LockStepRows.verdict(row, test, adjustedP, rows, settings);
        DetectableChange sizesOnly = DetectableChange.of(design(row, paired), settings.alpha(), rows, Double.NaN, 0, "");
        return VerdictRules.decide(change(row, paired, settings).changePercent(), test.pTwoSided(), adjustedP, rows, sizesOnly, row.direction(), settings,
                settings.noiseFloor().percentFor(row.name())).verdict();
    }

    /** The change flagged with 80% power by this design, given the threshold and the row's A/A floor, both judged on the estimate. */
    static DetectableChange detectable(RowInput row, boolean paired, int rows, CompareSettings settings, double floorPercent,
                                       StallPool stalls) {
        EstimateBar bar = EstimateBar.of(settings, floorPercent);
        return DetectableChange.ofData(design(row, paired), settings.alpha(), rows, row.base(), row.candidate(), bar.percent(), bar.name(), stalls);
    }

    /** candidate/base as the design estimates it: the Hodges–Lehmann shift of the pairs' ratios, or of all pairwise ratios. */
    private static ShiftEstimate change(RowInput row, boolean paired, CompareSettings settings) {
        return paired ? ShiftEstimate.ofPairedLogRatio(row.base(), row.candidate(), settings.confidence())
                : ShiftEstimate.ofLogRatio(row.base(), row.candidate(), settings.confidence());
    }

    private static DetectableChange.Design design(RowInput row, boolean paired) {
        return paired ? DetectableChange.Design.pairs(row.base().length)
                : DetectableChange.Design.unpaired(row.base().length, row.candidate().length);
    }

    public double rawP() {
        return test.pTwoSided();
    }

    public double changePercent() {
        return change.changePercent();
    }
}
