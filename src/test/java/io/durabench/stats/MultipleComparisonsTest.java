package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MultipleComparisonsTest {

    @Test
    void holmByHand() {
        // Sorted: 0.005 ×4 = 0.02; 0.01 ×3 = 0.03; 0.03 ×2 = 0.06; 0.04 ×1 = 0.04 → raised to 0.06 (monotone).
        double[] adjusted = MultipleComparisons.holm(new double[] {0.01, 0.04, 0.03, 0.005});
        assertArrayEquals(new double[] {0.03, 0.06, 0.06, 0.02}, adjusted, 1e-15);
    }

    @Test
    void benjaminiHochbergByHand() {
        // Sorted: 0.005 ×4/1 = 0.02; 0.01 ×4/2 = 0.02; 0.03 ×4/3 = 0.04; 0.04 ×4/4 = 0.04; then running minimum from the top.
        double[] adjusted = MultipleComparisons.benjaminiHochberg(new double[] {0.01, 0.04, 0.03, 0.005});
        assertArrayEquals(new double[] {0.02, 0.04, 0.04, 0.02}, adjusted, 1e-15);
    }

    @Test
    void benjaminiHochbergStepUpLowersAnEarlierValue() {
        // Sorted 0.02, 0.03, 0.035: raw BH 0.06, 0.045, 0.035; step-up minimum gives 0.035 to all three.
        assertArrayEquals(new double[] {0.035, 0.035, 0.035},
                MultipleComparisons.benjaminiHochberg(new double[] {0.03, 0.02, 0.035}), 1e-15);
        // Holm on the same: 0.02×3 = 0.06, 0.03×2 = 0.06, 0.035×1 → raised to 0.06.
        assertArrayEquals(new double[] {0.06, 0.06, 0.06}, MultipleComparisons.holm(new double[] {0.03, 0.02, 0.035}), 1e-15);
    }

    @Test
    void adjustedValuesAreCappedAtOneAndKeepTheOrder() {
        assertArrayEquals(new double[] {1, 1}, MultipleComparisons.holm(new double[] {0.5, 0.6}), 0);
        Random random = new Random(5);
        double[] p = new double[41];
        for (int i = 0; i < p.length; i++) p[i] = Math.pow(random.nextDouble(), 3);
        double[] holm = MultipleComparisons.holm(p), bh = MultipleComparisons.benjaminiHochberg(p);
        for (int i = 0; i < p.length; i++) {
            assertTrue(holm[i] >= p[i] && holm[i] <= Math.min(1, 41 * p[i]) + 1e-15, "Holm lies between raw and Bonferroni");
            assertTrue(bh[i] >= p[i] && bh[i] <= holm[i] + 1e-15, "BH is never stricter than Holm");
            for (int j = 0; j < p.length; j++) {
                if (p[i] < p[j]) assertTrue(holm[i] <= holm[j] && bh[i] <= bh[j], "adjustment keeps the order of raw p");
            }
        }
    }

    @Test
    void firstStepOfHolmOver41Rows() {
        assertEquals(0.05 / 41, MultipleComparisons.holmFirstStep(0.05, 41), 1e-18);
        // The smallest p of the sweep is judged at exactly that level.
        double[] p = new double[41];
        java.util.Arrays.fill(p, 0.9);
        p[7] = 0.001;
        assertEquals(0.041, MultipleComparisons.holm(p)[7], 1e-15);
    }

    @Test
    void refusesValuesThatAreNotProbabilities() {
        assertThrows(IllegalArgumentException.class, () -> MultipleComparisons.holm(new double[] {0.1, Double.NaN}));
        assertThrows(IllegalArgumentException.class, () -> MultipleComparisons.benjaminiHochberg(new double[] {1.5}));
    }
}
