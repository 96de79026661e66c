package io.durabench.compare;

/**
 * The knobs of a comparison.
 *
 * @param thresholdPercent  the smallest |change| that counts (default 5)
 * @param alpha             family-wise error rate over all rows, Holm-corrected (default 0.05)
 * @param confidence        level of the intervals shown (default 0.95)
 * @param noiseFloor        the A/A noise floor per row ({@link NoiseFloor}); a change inside it is
 *                          never a regression. {@link NoiseFloor#NONE} when there is no A/A pair.
 */
public record CompareSettings(double thresholdPercent, double alpha, double confidence, NoiseFloor noiseFloor) {

    public CompareSettings {
        if (!(thresholdPercent >= 0)) throw new IllegalArgumentException("threshold " + thresholdPercent + "% must be 0 or more");
        if (!(alpha > 0 && alpha < 1)) throw new IllegalArgumentException("alpha " + alpha + " must be between 0 and 1");
        if (!(confidence > 0 && confidence < 1)) throw new IllegalArgumentException("confidence " + confidence + " must be between 0 and 1");
        java.util.Objects.requireNonNull(noiseFloor, "noiseFloor (NoiseFloor.NONE when there is none)");
    }

    public static CompareSettings defaults() {
        return new CompareSettings(5, 0.05, 0.95, NoiseFloor.NONE);
    }

    public CompareSettings withThresholdPercent(double pct) {
        return new CompareSettings(pct, alpha, confidence, noiseFloor);
    }

    public CompareSettings withAlpha(double a) {
        return new CompareSettings(thresholdPercent, a, confidence, noiseFloor);
    }

    public CompareSettings withNoiseFloor(NoiseFloor floor) {
        return new CompareSettings(thresholdPercent, alpha, confidence, floor);
    }
}
