package io.durabench.compare;

import io.durabench.stats.DetectableChange;
import io.durabench.stats.ExactMannWhitney;
import io.durabench.stats.MannWhitneyResult;
import io.durabench.stats.MedianEstimate;
import io.durabench.stats.ShiftEstimate;

/**
 * One compared row: what each side measured, how much it changed, how sure that is, and the verdict.
 *
 * @param base       median of the base scores with its distribution-free interval
 * @param candidate  median of the candidate scores with its interval
 * @param change     candidate/base as a Hodges–Lehmann ratio with its exact interval ({@link ShiftEstimate});
 *                   {@code change.changePercent()} is the % change of the score
 * @param test       the exact Mann–Whitney test of candidate against base (two-sided p is the raw p)
 * @param adjustedP  the raw p after Holm's correction over {@code rows}
 * @param rows       how many rows the correction covered
 * @param detectable the smallest change this row could have detected
 * @param reason     the verdict in plain words, e.g. "+12.3% slower (p 0.00001, 0.0004 after Holm over 41 rows)"
 */
public record RowComparison(String name, Direction direction, MedianEstimate base, MedianEstimate candidate, ShiftEstimate change,
                            MannWhitneyResult test, double adjustedP, int rows, DetectableChange detectable, Verdict verdict,
                            String reason) {

    /** Everything but the correction across rows, which needs all rows' raw p first ({@link SweepComparison}). */
    static MannWhitneyResult test(RowInput row) {
        return ExactMannWhitney.test(row.candidate(), row.base());
    }

    static RowComparison of(RowInput row, MannWhitneyResult test, double adjustedP, int rows, CompareSettings settings) {
        double[] base = row.base(), candidate = row.candidate();
        ShiftEstimate change = ShiftEstimate.ofLogRatio(base, candidate, settings.confidence());
        DetectableChange detectable = DetectableChange.of(base.length, candidate.length, settings.alpha(), rows,
                DetectableChange.pooledLogSd(base, candidate));
        VerdictRules.Decision d = VerdictRules.decide(change.changePercent(), test.pTwoSided(), adjustedP, rows, detectable,
                row.direction(), settings, settings.noiseFloor().percentFor(row.name()));
        return new RowComparison(row.name(), row.direction(), MedianEstimate.of(base, settings.confidence()),
                MedianEstimate.of(candidate, settings.confidence()), change, test, adjustedP, rows, detectable, d.verdict(), d.reason());
    }

    public double rawP() {
        return test.pTwoSided();
    }

    public double changePercent() {
        return change.changePercent();
    }
}
