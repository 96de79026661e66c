package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

class BootstrapMediansTest {

    @Test
    void percentileIntervalByHand() {
        double[] stats = new double[1000];
        for (int i = 0; i < stats.length; i++) stats[i] = 999 - i; // any order
        Interval ci = BootstrapMedians.percentileInterval(stats, 0.90);
        assertEquals(49, ci.low(), 0); // floor(0.05 · 999)
        assertEquals(950, ci.high(), 0); // ceil(0.95 · 999)
        assertEquals(0.90, ci.confidence(), 0);
    }

    @Test
    void resampledMediansAreMediansOfTheSampleValues() {
        double[] sample = {1, 2, 3, 4, 5};
        double[] medians = BootstrapMedians.of(sample, 500, new Well19937c(1));
        for (double m : medians) assertTrue(m >= 1 && m <= 5 && m == Math.rint(m), "odd n: every median is one of the values");
        assertArrayEquals(medians, BootstrapMedians.of(sample, 500, new Well19937c(1)), 0); // fixed seed, same answer
        double mean = java.util.Arrays.stream(medians).average().orElseThrow();
        assertEquals(3, mean, 0.15); // symmetric sample: resampled medians centre on 3
    }
}
