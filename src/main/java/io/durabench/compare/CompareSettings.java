package io.durabench.compare;

/**
 * The knobs of a comparison.
 *
 * @param thresholdPercent  the smallest |change| that counts (default 5)
 * @param alpha             family-wise error rate over all rows, Holm-corrected (default 0.05)
 * @param confidence        level of the intervals shown (default 0.95)
 * @param noiseFloorPercent the A/A noise floor: the largest |change| seen between two runs of the
 *                          same setup ({@link NoiseFloor}); a change inside it is never a
 *                          regression. NaN when there is no A/A pair.
 */
public record CompareSettings(double thresholdPercent, double alpha, double confidence, double noiseFloorPercent) {

    public CompareSettings {
        if (!(thresholdPercent >= 0)) throw new IllegalArgumentException("threshold " + thresholdPercent + "% must be 0 or more");
        if (!(alpha > 0 && alpha < 1)) throw new IllegalArgumentException("alpha " + alpha + " must be between 0 and 1");
        if (!(confidence > 0 && confidence < 1)) throw new IllegalArgumentException("confidence " + confidence + " must be between 0 and 1");
        if (noiseFloorPercent < 0) throw new IllegalArgumentException("noise floor " + noiseFloorPercent + "% must be 0 or more");
    }

    public static CompareSettings defaults() {
        return new CompareSettings(5, 0.05, 0.95, Double.NaN);
    }

    public CompareSettings withThresholdPercent(double pct) {
        return new CompareSettings(pct, alpha, confidence, noiseFloorPercent);
    }

    public CompareSettings withAlpha(double a) {
        return new CompareSettings(thresholdPercent, a, confidence, noiseFloorPercent);
    }

    public CompareSettings withNoiseFloorPercent(double pct) {
        return new CompareSettings(thresholdPercent, alpha, confidence, pct);
    }

    public boolean hasNoiseFloor() {
        return !Double.isNaN(noiseFloorPercent);
    }
}
