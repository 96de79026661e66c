package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MedianIntervalTest {

    @Test
    void ranksComeFromTheBinomialDistribution() {
        long[] x = new long[100];
        for (int i = 0; i < 100; i++) x[i] = 100 - i; // unsorted input: 100..1
        MedianInterval m = MedianInterval.of(x, 0.95);
        assertEquals(50.5, m.median());
        // n=100: P(B <= 39) = 0.0176 <= 0.025 < P(B <= 40) = 0.0284, so ranks 40 and 61.
        assertEquals(40, m.lower());
        assertEquals(61, m.upper());
        assertEquals(100, m.n());
    }

    @Test
    void smallestSampleUsesTheExtremes() {
        MedianInterval m = MedianInterval.of(new long[] {5, 1, 4, 2, 6, 3}, 0.95);
        assertEquals(3.5, m.median());
        assertEquals(1, m.lower());
        assertEquals(6, m.upper());
        assertThrows(IllegalArgumentException.class, () -> MedianInterval.of(new long[] {1, 2, 3, 4, 5}, 0.95));
    }

    /** The interval covers the true median of a skewed distribution at least as often as promised. */
    @Test
    void coversTheTrueMedianOfASkewedDistribution() {
        Random rnd = new Random(42);
        double trueMedian = Math.log(2) * 1000; // exponential, mean 1000
        int trials = 2000, covered = 0;
        for (int t = 0; t < trials; t++) {
            long[] x = new long[51];
            for (int i = 0; i < x.length; i++) x[i] = Math.round(-Math.log(1 - rnd.nextDouble()) * 1000);
            MedianInterval m = MedianInterval.of(x, 0.95);
            if (m.lower() <= trueMedian && trueMedian <= m.upper()) covered++;
        }
        double coverage = (double) covered / trials;
        assertTrue(coverage >= 0.93 && coverage <= 0.99, "coverage " + coverage);
    }

    @Test
    void disjointnessIsSymmetric() {
        MedianInterval a = new MedianInterval(10, 9, 11, 10, 0.95);
        MedianInterval b = new MedianInterval(13, 12, 14, 10, 0.95);
        MedianInterval c = new MedianInterval(11.5, 10.5, 12.5, 10, 0.95);
        assertTrue(a.disjointFrom(b));
        assertTrue(b.disjointFrom(a));
        assertFalse(a.disjointFrom(c));
        assertFalse(c.disjointFrom(b));
    }
}
