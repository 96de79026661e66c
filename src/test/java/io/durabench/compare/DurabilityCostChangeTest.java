package io.durabench.compare;

import static io.durabench.compare.VerdictTest.BASE;
import static io.durabench.compare.VerdictTest.scaled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.stats.MedianEstimate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class DurabilityCostChangeTest {
    /** NONE at ~5 us/op; in the candidate it is 30% slower (a JDK made plain writes slower). */
    private static final double[] NONE_BASE = scaled(BASE, 5.0 / 300), NONE_CANDIDATE = scaled(NONE_BASE, 1.3);
    /** fdatasync at ~300 us/op; in the candidate only the plain-write part grew: the same sync cost on top. */
    private static final double[] METHOD_BASE = BASE;
    private static final double[] METHOD_CANDIDATE = Arrays.stream(BASE)
            .map(v -> v + MedianEstimate.medianOf(NONE_CANDIDATE) - MedianEstimate.medianOf(NONE_BASE)).toArray();
    private static final RowInput NONE = new RowInput("NONE", NONE_BASE, NONE_CANDIDATE, Direction.LOWER_IS_BETTER);
    private static final RowInput FDATASYNC = new RowInput("FDATASYNC", METHOD_BASE, METHOD_CANDIDATE, Direction.LOWER_IS_BETTER);

    @Test
    void whenTheBaselineChangedTheRatioIsUnreliableAndTheAbsoluteCostIsCompared() {
        RowComparison noneResult = SweepComparison.of(List.of(NONE, FDATASYNC), CompareSettings.defaults()).rows().get(0);
        assertEquals(Verdict.REGRESSION, noneResult.verdict());
        DurabilityCostChange c = DurabilityCostChange.of(FDATASYNC, NONE, noneResult, 0.95);
        assertFalse(c.ratioReliable());
        // Ratios by hand from the medians: 300.125/5.00208 = 60 in the base, (300.125 + 1.5006)/6.5027 in the candidate.
        double mB = MedianEstimate.medianOf(METHOD_BASE), mC = MedianEstimate.medianOf(METHOD_CANDIDATE);
        double nB = MedianEstimate.medianOf(NONE_BASE), nC = MedianEstimate.medianOf(NONE_CANDIDATE);
        assertEquals(((mC / nC) / (mB / nB) - 1) * 100, c.ratioChangePercent(), 1e-9);
        assertTrue(c.ratioChangePercent() < -20, "the ratio fell by " + c.ratioChangePercent() + "% though no sync got cheaper");
        assertEquals(mB - nB, c.costBase(), 1e-9);
        assertEquals(0, c.costDifference(), 1e-9);
        assertEquals(0, c.costChangePercent(), 1e-9);
        assertTrue(c.costChangeInterval().contains(0) && c.costDifferenceInterval().contains(0));
        assertTrue(c.reason().startsWith("the baseline NONE itself changed (+30.0% slower"), c.reason());
        assertTrue(c.reason().endsWith("the absolute cost FDATASYNC − NONE changed by +0.0%"), c.reason());
    }

    @Test
    void whenTheBaselineHeldTheRatioIsComparable() {
        RowInput steadyNone = new RowInput("NONE", NONE_BASE, NONE_BASE, Direction.LOWER_IS_BETTER);
        RowInput slowerSync = new RowInput("FSYNC", METHOD_BASE, scaled(METHOD_BASE, 1.2), Direction.LOWER_IS_BETTER);
        RowComparison noneResult = SweepComparison.of(List.of(steadyNone), CompareSettings.defaults()).rows().get(0);
        DurabilityCostChange c = DurabilityCostChange.of(slowerSync, steadyNone, noneResult, 0.95);
        assertTrue(c.ratioReliable());
        assertEquals(20, c.ratioChangePercent(), 1e-9);
        assertTrue(c.ratioChangeInterval().contains(20));
        double cost = MedianEstimate.medianOf(METHOD_BASE) - MedianEstimate.medianOf(NONE_BASE);
        assertEquals((1.2 * MedianEstimate.medianOf(METHOD_BASE) - MedianEstimate.medianOf(NONE_BASE)) / cost * 100 - 100,
                c.costChangePercent(), 1e-9);
        assertEquals("the baseline NONE did not change, so the ratio FSYNC/NONE is comparable", c.reason());
    }

    @Test
    void aMethodThatCostsNothingHasNoRelativeCostChange() {
        DurabilityCostChange c = DurabilityCostChange.of(new RowInput("SAME", NONE_BASE, NONE_CANDIDATE, Direction.LOWER_IS_BETTER), NONE,
                true, "+30.0% slower", 0.95);
        assertTrue(Double.isNaN(c.costChangePercent()));
        assertFalse(c.costChangeInterval().isAvailable());
        assertTrue(c.costChangeInterval().unavailableReason().startsWith("SAME costs nothing over NONE in the base run"));
    }

    @Test
    void throughputIsTurnedIntoTimePerOperation() {
        // 1000 ops/ms without sync, 10 ops/ms with: 0.001 and 0.1 ms/op, a cost of 0.099 ms/op.
        double[] none = {999, 1000, 1001, 998, 1002, 1000.5}, sync = {9.99, 10, 10.01, 9.98, 10.02, 10.005};
        DurabilityCostChange c = DurabilityCostChange.of(new RowInput("S", sync, sync, Direction.HIGHER_IS_BETTER),
                new RowInput("N", none, none, Direction.HIGHER_IS_BETTER), false, "", 0.95);
        // Scores become time per op first, then the median is taken (with even n not the same as 1/median).
        double[] syncTime = Arrays.stream(sync).map(v -> 1 / v).toArray(), noneTime = Arrays.stream(none).map(v -> 1 / v).toArray();
        assertEquals(MedianEstimate.medianOf(syncTime) - MedianEstimate.medianOf(noneTime), c.costBase(), 1e-15);
        assertEquals(0.099, c.costBase(), 1e-4);
        assertEquals(0, c.costChangePercent(), 1e-9);
    }

    @Test
    void rowsInDifferentUnitsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> DurabilityCostChange.of(FDATASYNC,
                new RowInput("N", NONE_BASE, NONE_BASE, Direction.HIGHER_IS_BETTER), false, "", 0.95));
    }
}
