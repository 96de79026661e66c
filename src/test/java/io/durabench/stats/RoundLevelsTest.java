package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The disk's level per round: what every row's fork of a round shares, on the log scale. */
class RoundLevelsTest {

    /** Rows at any level, each fork the row's own value times the round's factor: the levels are the factors' logs, centred. */
    @Test
    void aFactorEveryRowSharesInARoundIsThatRoundsLevel() {
        double[] factor = {1.10, 0.95, 1.00, 0.90};
        List<double[]> rows = List.of(scaled(200, factor), scaled(3.5, factor), scaled(41_000, factor));
        double mean = 0;
        for (double f : factor) mean += Math.log(f) / factor.length;
        double[] expected = new double[factor.length];
        for (int i = 0; i < factor.length; i++) expected[i] = Math.log(factor[i]) - mean;
        RoundLevels levels = RoundLevels.of(rows);
        assertArrayEquals(expected, levels.levels(), 1e-12);
        double ss = 0;
        for (double e : expected) ss += e * e;
        assertEquals(ss / (factor.length - 1), levels.variance(), 1e-12);
        assertEquals(Math.expm1(Math.sqrt(ss / 3)), levels.moved(), 1e-12);
    }

    /** Rows whose forks wander apart, each its own way, share no level: the mean over rows cancels their noise out. */
    @Test
    void rowsMovingEachTheirOwnWayShareLittle() {
        List<double[]> rows = List.of(new double[] {100, 120, 80}, new double[] {120, 80, 100}, new double[] {80, 100, 120});
        RoundLevels levels = RoundLevels.of(rows);
        double ownSpread = ForkIntervals.variance(ForkIntervals.logs(rows.get(0)));
        assertTrue(levels.variance() < ownSpread / 100, levels.variance() + " against a row's own " + ownSpread);
    }

    /** Fewer than three rows in a round, or one round in all: nothing shared can be told apart. */
    @Test
    void tooFewRowsOrRoundsSayNothing() {
        assertEquals(Double.NaN, RoundLevels.of(List.of(new double[] {1, 2, 3}, new double[] {2, 3, 4})).variance());
        assertEquals(Double.NaN, RoundLevels.of(List.of(new double[] {1}, new double[] {2}, new double[] {3})).variance());
        // A fourth round that only two rows ran (a precision round) is left out; the first three stand.
        RoundLevels three = RoundLevels.of(List.of(new double[] {1, 2, 3, 9}, new double[] {2, 3, 4, 9}, new double[] {3, 4, 5}));
        assertEquals(3, three.levels().length);
    }

    private static double[] scaled(double value, double[] factor) {
        double[] out = new double[factor.length];
        for (int i = 0; i < factor.length; i++) out[i] = value * factor[i];
        return out;
    }
}
