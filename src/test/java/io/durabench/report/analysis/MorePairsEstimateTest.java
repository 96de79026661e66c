package io.durabench.report.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

class MorePairsEstimateTest {
    private static final double ALPHA = 0.05;

    /** A method of mean ln ratio {@code mean}, sd 0.04 per pair over 5 pairs. */
    private static MorePairsEstimate.Figure method(String name, double mean) {
        return new MorePairsEstimate.Figure(name, mean, 0.04 * 0.04 / 5, 0.04, 5);
    }

    private static final MorePairsEstimate.Figure REFERENCE = new MorePairsEstimate.Figure("REF", 0, 0, 0, 0);

    @Test
    void aSetNoWiderThanItsNoiseGivesNoEstimate() {
        // se of each mean 0.018: ratios within ±0.01 spread far less than that
        var set = List.of(REFERENCE, method("A", -0.01), method("B", 0.005), method("C", 0.01));
        assertInstanceOf(MorePairsEstimate.Ties.class, MorePairsEstimate.of(set, "A", 3, ALPHA));
    }

    @Test
    void aWiderSetShrinksTheExtremesDifferenceAndNamesTheMethodNearestToBeingResolved() {
        var set = List.of(REFERENCE, method("A", -0.06), method("B", 0.0), method("C", 0.05), method("D", 0.02));
        var o = assertInstanceOf(MorePairsEstimate.Pairs.class, MorePairsEstimate.of(set, "A", 4, ALPHA));
        assertEquals("C", o.nearest());
        assertTrue(o.shrunkLogDifference() < 0.11 && o.shrunkLogDifference() > 0.05, "shrunk, not to nothing: " + o.shrunkLogDifference());
    }

    @Test
    void thePairsComeFromTsQuantilesSoNeverFewerThanTheNormalsAndFarMoreAtFewPairs() {
        NormalDistribution z = new NormalDistribution(null, 0, 1);
        double d = 0.05, sd = 0.04;
        int m = 10;
        double normal = Math.pow((z.inverseCumulativeProbability(1 - ALPHA / (2 * m)) + z.inverseCumulativeProbability(0.8)) * sd / d, 2);
        int n = MorePairsEstimate.pairsToResolve(d, sd, m, ALPHA);
        assertTrue(n >= Math.ceil(normal) + 2, "t at " + n + " pairs against the normal's " + normal);
        int big = MorePairsEstimate.pairsToResolve(0.005, sd, m, ALPHA);
        double bigNormal = normal * 100;
        assertTrue(big >= bigNormal && big < bigNormal * 1.05, "at many pairs t is nearly normal: " + big + " against " + bigNormal);
        assertEquals(MorePairsEstimate.MOST_PAIRS + 1, MorePairsEstimate.pairsToResolve(1e-5, sd, m, ALPHA));
    }

    @Test
    void theBestMustBeInTheSet() {
        var set = List.of(REFERENCE, method("A", -0.06), method("C", 0.05));
        assertThrows(IllegalArgumentException.class, () -> MorePairsEstimate.of(set, "X", 2, ALPHA));
    }
}
