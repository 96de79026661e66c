package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MedianEstimateTest {

    @Test
    void fiveValuesHaveNoNinetyFivePercentInterval() {
        MedianEstimate m = MedianEstimate.of(new double[] {5, 1, 4, 2, 3});
        assertEquals(3, m.median(), 0);
        assertFalse(m.interval().isAvailable());
        // The range covers the median unless all five fall on one side: 1 − 2/32 = 93.75%.
        assertTrue(m.interval().unavailableReason().contains("93.8%"), m.interval().unavailableReason());
    }

    @Test
    void sixValuesUseTheRange() {
        MedianEstimate m = MedianEstimate.of(new double[] {6, 1, 5, 2, 4, 3});
        assertEquals(3.5, m.median(), 0);
        assertEquals(1, m.interval().low(), 0);
        assertEquals(6, m.interval().high(), 0);
        assertEquals(1 - 2.0 / 64, m.interval().confidence(), 1e-15);
    }

    @Test
    void tenValuesUseTheSecondFromEachEnd() {
        // P(B ≤ 1) = 11/1024 ≤ 0.025 < P(B ≤ 2) = 56/1024, so k = 2: [x(2), x(9)], confidence 1 − 22/1024.
        MedianEstimate m = MedianEstimate.of(new double[] {10, 9, 8, 7, 6, 5, 4, 3, 2, 1});
        assertEquals(2, m.interval().low(), 0);
        assertEquals(9, m.interval().high(), 0);
        assertEquals(1 - 22.0 / 1024, m.interval().confidence(), 1e-15);
    }

    @Test
    void coverageMatchesTheAchievedConfidenceInSimulation() {
        // n = 12: k = 3 (P(B ≤ 2) = 79/4096 ≤ 0.025 < P(B ≤ 3) = 299/4096), achieved 1 − 158/4096 = 0.9614.
        Random random = new Random(4);
        int covered = 0, trials = 4000;
        for (int t = 0; t < trials; t++) {
            double[] x = new double[12];
            for (int i = 0; i < x.length; i++) x[i] = Math.exp(random.nextGaussian()); // true median 1
            MedianEstimate m = MedianEstimate.of(x);
            assertEquals(1 - 158.0 / 4096, m.interval().confidence(), 1e-15);
            if (m.interval().contains(1)) covered++;
        }
        assertEquals(1 - 158.0 / 4096, covered / (double) trials, 0.011); // ±3.5 standard errors
    }
}
