package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A comparison's stalls, pooled over its rows: counted per row-round in robust sds, and met by the rows whose own rounds
 * held none, so their detectable change no longer assumes the disk never stalls.
 */
class StallPoolTest {
    private static final DetectableChange.Design TWELVE_ROUNDS = DetectableChange.Design.pairs(12);

    /** log(candidate/base) of 12 rounds: 3% noise around 0. */
    private static double[] ratios(long seed) {
        Random r = new Random(seed);
        double[] d = new double[12];
        for (int i = 0; i < 12; i++) d[i] = 0.03 * r.nextGaussian();
        return d;
    }

    private static double[] ones() {
        double[] x = new double[12];
        java.util.Arrays.fill(x, 600);
        return x;
    }

    private static double[] times(double[] base, double[] logRatio) {
        double[] c = new double[base.length];
        for (int i = 0; i < c.length; i++) c[i] = base[i] * Math.exp(logRatio[i]);
        return c;
    }

    @Test
    void countsEachRowsStallsInItsOwnRobustSds() {
        double[] quiet = ratios(1), stalled = ratios(2);
        stalled[3] = -1.25; // the base 3.5x slower in round 4
        StallPool pool = StallPool.of(List.of(quiet, stalled));
        assertEquals(24, pool.rowRounds());
        assertEquals(1, pool.standardized().length);
        assertEquals(1 / 24.0, pool.rate(), 1e-12);
        assertTrue(pool.standardized()[0] < -20, "in robust sds: " + pool.standardized()[0]);
        assertEquals(0, StallPool.of(List.of(quiet, ratios(3))).rate());
    }

    @Test
    void aRowWithoutAStallMeetsTheOthersAndARowWithOneKeepsItsOwn() {
        double[] stalled = ratios(2);
        stalled[3] = -1.25;
        StallPool pool = StallPool.of(List.of(ratios(1), stalled, ratios(4), ratios(5)));
        double[] base = ones(), quiet = times(base, ratios(1));
        DetectableChange alone = DetectableChange.ofData(TWELVE_ROUNDS, 0.05, 29, base, quiet, 5, "the 5% threshold", StallPool.NONE);
        DetectableChange met = DetectableChange.ofData(TWELVE_ROUNDS, 0.05, 29, base, quiet, 5, "the 5% threshold", pool);
        assertTrue(met.changePercent() > alone.changePercent(), alone.changePercent() + " -> " + met.changePercent());
        assertTrue(met.explanation().contains("with the stalls the comparison's other rows had (" + pool.standardized().length + " in 48 row-rounds)"), met.explanation());
        double[] own = times(base, stalled);
        assertEquals(DetectableChange.ofData(TWELVE_ROUNDS, 0.05, 29, base, own, 5, "the 5% threshold", StallPool.NONE).changePercent(),
                DetectableChange.ofData(TWELVE_ROUNDS, 0.05, 29, base, own, 5, "the 5% threshold", pool).changePercent());
    }
}
