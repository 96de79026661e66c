package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A paired figure that one round alone sets says so: the base stalled in that round (candidate/base far below 1), and the
 * signed-rank test at Holm's first step tolerates almost no negative pair, so the 80% figure is about that round.
 */
class DetectableChangeOneRoundTest {
    private static final DetectableChange.Design TWELVE_ROUNDS = DetectableChange.Design.pairs(12);

    /** 12 rounds near 600 µs, each side with 3% noise, drifting together between rounds as the lab's do. */
    private static double[][] rounds(long seed) {
        Random r = new Random(seed);
        double[] base = new double[12], candidate = new double[12];
        for (int i = 0; i < 12; i++) {
            double round = 600 * Math.exp(0.1 * r.nextGaussian());
            base[i] = round * Math.exp(0.03 * r.nextGaussian());
            candidate[i] = round * Math.exp(0.03 * r.nextGaussian());
        }
        return new double[][] {base, candidate};
    }

    private static DetectableChange figure(double[] base, double[] candidate) {
        return DetectableChange.ofData(TWELVE_ROUNDS, 0.05, 29, base, candidate, 5, "the 5% threshold", StallPool.NONE);
    }

    @Test
    void aBaseStallInOneRoundIsNamedWithTheFigureWithoutIt() {
        double[][] x = rounds(7);
        x[0][4] *= 3.5; // round 5: the base stalled
        DetectableChange d = figure(x[0], x[1]);
        assertNotNull(d.setBy(), d.explanation());
        assertEquals(5, d.setBy().round());
        assertEquals(x[1][4] / x[0][4], d.setBy().ratio(), 1e-12);
        assertTrue(d.setBy().percentWithout() <= d.changePercent() / 2, d.explanation());
        assertTrue(d.explanation().contains("; round 5 alone sets it (candidate/base 0."), d.explanation());
        // And the figure with that round ordinary is the figure of the same rounds without the stall, near enough.
        double[][] clean = rounds(7);
        assertEquals(figure(clean[0], clean[1]).changePercent(), d.setBy().percentWithout(), 0.5 * d.setBy().percentWithout());
    }

    @Test
    void ordinaryRoundsAndACandidateStallNameNoRound() {
        double[][] x = rounds(7);
        assertNull(figure(x[0], x[1]).setBy(), figure(x[0], x[1]).explanation());
        x[1][4] *= 3.5; // the candidate stalled: that pair helps a slowdown's case, it does not block it
        assertNull(figure(x[0], x[1]).setBy(), figure(x[0], x[1]).explanation());
    }
}
