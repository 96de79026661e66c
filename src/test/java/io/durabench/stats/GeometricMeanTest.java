package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class GeometricMeanTest {

    @Test
    void twoRowsByHand() {
        // ln 1.1 = 0.09531, ln 1.21 = 0.19062: mean 0.142966, s = 0.067397, s/√2 = 0.047657; t(0.975, 1) = 12.7062 (t table).
        GeometricMean g = GeometricMean.of(new double[] {1.1, 1.21}, ShiftEstimate.DEFAULT_LEVEL);
        assertEquals(1.1 * Math.sqrt(1.1), g.value(), 1e-12);
        double mean = Math.log(1.1) * 1.5, se = Math.log(1.1) / Math.sqrt(2) / Math.sqrt(2);
        assertEquals(Math.exp(mean - 12.7062 * se), g.interval().low(), 1e-4);
        assertEquals(Math.exp(mean + 12.7062 * se), g.interval().high(), 1e-4);
        assertEquals(0.95, g.interval().confidence(), 0);
        assertEquals((1.1 * Math.sqrt(1.1) - 1) * 100, g.changePercent(), 1e-9);
    }

    @Test
    void fourRowsByHand() {
        // logs: ln 0.9, ln 1, ln 1.05, ln 1.2; t(0.975, 3) = 3.1824 (t table).
        double[] r = {0.9, 1.0, 1.05, 1.2};
        double[] l = {Math.log(0.9), 0, Math.log(1.05), Math.log(1.2)};
        double mean = (l[0] + l[1] + l[2] + l[3]) / 4, ss = 0;
        for (double v : l) ss += (v - mean) * (v - mean);
        double se = Math.sqrt(ss / 3 / 4);
        GeometricMean g = GeometricMean.of(r, ShiftEstimate.DEFAULT_LEVEL);
        assertEquals(Math.pow(0.9 * 1.05 * 1.2, 0.25), g.value(), 1e-12);
        assertEquals(Math.exp(mean - 3.1824 * se), g.interval().low(), 1e-4);
        assertEquals(Math.exp(mean + 3.1824 * se), g.interval().high(), 1e-4);
    }

    @Test
    void oneRowHasNoInterval() {
        GeometricMean g = GeometricMean.of(new double[] {1.3}, ShiftEstimate.DEFAULT_LEVEL);
        assertEquals(1.3, g.value(), 1e-12);
        assertFalse(g.interval().isAvailable());
    }
}
