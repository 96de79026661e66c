package io.durabench.compare;

import io.durabench.stats.Numbers;

/**
 * What a row's estimate must pass to be flagged, as the verdict judges it ({@link VerdictRules}): {@code --threshold},
 * or the row's A/A noise floor where that is larger; with its name for the detectable change's explanation. One place
 * for every design, so a row without an A/A floor (NoiseFloor says none as NaN) still gets the threshold, never a
 * NaN bar that states the change the test alone flags.
 *
 * @param percent the bar in %
 * @param name    "the 5% threshold" or "the row's A/A noise of 7.3%"
 */
record EstimateBar(double percent, String name) {

    /** @param floorPercent the row's A/A floor in %, NaN when it has none */
    static EstimateBar of(CompareSettings settings, double floorPercent) {
        double threshold = settings.thresholdPercent();
        return floorPercent > threshold
                ? new EstimateBar(floorPercent, "the row's A/A noise of " + Numbers.percent(floorPercent))
                : new EstimateBar(threshold, "the " + Numbers.sig(threshold, 3) + "% threshold");
    }
}
