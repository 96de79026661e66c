package io.durabench.compare;

import io.durabench.stats.DetectableChange;
import io.durabench.stats.Numbers;

/**
 * The verdict of one row and its reason in plain words. In this order:
 * <ol>
 *   <li>the sample sizes cannot make any change significant → {@code ~}, with the arithmetic;</li>
 *   <li>Holm-adjusted p &gt; α → {@code ~} (not significant after correcting for all rows);</li>
 *   <li>|change| under the threshold → {@code small} (real, perhaps, but too small to matter);</li>
 *   <li>|change| inside the row's A/A noise floor → {@code A/A noise}: two runs of the same setup already
 *       differed that much, so a change inside it is never a regression;</li>
 *   <li>otherwise regression or improvement, by the row's direction.</li>
 * </ol>
 * The change compared with threshold and floor is the Hodges–Lehmann point estimate (not its interval):
 * the interval is already judged by the test, and requiring its whole width past the threshold would
 * double-count the noise; {@link io.durabench.stats.DetectableChange} accounts for the estimate's
 * scatter around a true change when it states what a row can flag.
 */
final class VerdictRules {

    record Decision(Verdict verdict, String reason) {
    }

    private VerdictRules() {
    }

    static Decision decide(double changePercent, double rawP, double adjustedP, int rows, DetectableChange detectable,
                           Direction direction, CompareSettings settings, double noiseFloorPercent) {
        String change = Numbers.signedPercent(changePercent);
        String pText = rows > 1
                ? "p " + Numbers.pValue(rawP) + ", " + Numbers.pValue(adjustedP) + " after Holm over " + rows + " rows"
                : "p " + Numbers.pValue(rawP);
        if (!detectable.anyChangeDetectable()) {
            return new Decision(Verdict.UNCHANGED, change + " but this comparison " + detectable.explanation());
        }
        if (adjustedP > settings.alpha()) {
            return new Decision(Verdict.UNCHANGED, change + " is not significant (" + pText + ", above " + Numbers.sig(settings.alpha(), 3) + ")");
        }
        double size = Math.abs(changePercent);
        if (size < settings.thresholdPercent()) {
            return new Decision(Verdict.UNDER_THRESHOLD, change + " is significant (" + pText + ") but under the "
                    + Numbers.sig(settings.thresholdPercent(), 3) + "% threshold");
        }
        if (size <= noiseFloorPercent) {
            return new Decision(Verdict.INSIDE_NOISE, change + " is significant (" + pText + ") but inside this row's A/A noise of "
                    + Numbers.percent(noiseFloorPercent) + ": two runs of the same setup differed as much");
        }
        boolean worse = direction.isWorse(changePercent);
        String what = direction == Direction.LOWER_IS_BETTER ? (changePercent > 0 ? "slower" : "faster")
                : (changePercent < 0 ? "less throughput" : "more throughput");
        return new Decision(worse ? Verdict.REGRESSION : Verdict.IMPROVEMENT, change + " " + what + " (" + pText + ")");
    }
}
