package io.durabench.stats;

import java.util.Arrays;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Resampled medians for percentile-bootstrap intervals (Efron &amp; Tibshirani, <i>An Introduction to
 * the Bootstrap</i> (1993), ch. 13): each resample draws n values with replacement and takes their
 * median. Callers pass a generator with a fixed seed so a report is reproducible. At 10–12 values
 * per side the median takes few distinct values and the percentile interval covers somewhat less
 * than its nominal level; it is a guide, not a test.
 */
public final class BootstrapMedians {

    private BootstrapMedians() {
    }

    public static double[] of(double[] sample, int resamples, RandomGenerator random) {
        ExactMannWhitney.requireSample("sample", sample);
        double[] medians = new double[resamples], draw = new double[sample.length];
        for (int b = 0; b < resamples; b++) {
            for (int i = 0; i < draw.length; i++) draw[i] = sample[random.nextInt(sample.length)];
            medians[b] = MedianEstimate.medianOf(draw);
        }
        return medians;
    }

    /** The percentile interval of bootstrap statistics: their (1 − level)/2 and (1 + level)/2 quantiles. */
    public static Interval percentileInterval(double[] statistics, double level) {
        double[] s = statistics.clone();
        Arrays.sort(s);
        int low = (int) Math.floor((1 - level) / 2 * (s.length - 1)), high = (int) Math.ceil((1 + level) / 2 * (s.length - 1));
        return Interval.of(s[low], s[high], level);
    }
}
