package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The detectable change with a threshold the estimate must pass, and for pairs. */
class DetectableChangeBarTest {

    @Test
    void aThresholdAboveWhatTheTestNeedsSetsTheFigure() {
        var design = DetectableChange.Design.unpaired(12, 12);
        DetectableChange testOnly = DetectableChange.of(design, 0.05, 29, 0.01, 0, "");
        DetectableChange withBar = DetectableChange.of(design, 0.05, 29, 0.01, 5, "the 5% threshold");
        // σ 1%: the test alone flags ~2%; the 5% bar needs a true change a little above 5% (the estimate scatters).
        assertTrue(testOnly.changePercent() < 3, testOnly.explanation());
        assertTrue(withBar.changePercent() > 5 && withBar.changePercent() < 6, withBar.explanation());
        assertTrue(withBar.explanation().contains("set by the 5% threshold"), withBar.explanation());
    }

    @Test
    void aBarBelowTheTestsNeedChangesNothing() {
        var design = DetectableChange.Design.unpaired(12, 12);
        double testOnly = DetectableChange.of(design, 0.05, 29, 0.08, 0, "").changePercent();
        double withBar = DetectableChange.of(design, 0.05, 29, 0.08, 5, "the 5% threshold").changePercent();
        assertEquals(testOnly, withBar, testOnly * 0.03);
    }

    @Test
    void pairsNeedTwelveRoundsAcrossThirtyRows() {
        assertFalse(DetectableChange.of(DetectableChange.Design.pairs(10), 0.05, 29, 0.03, 0, "").anyChangeDetectable()); // 2/1024 > 0.0017
        DetectableChange twelve = DetectableChange.of(DetectableChange.Design.pairs(12), 0.05, 29, 0.03, 0, "");
        assertTrue(twelve.anyChangeDetectable());
        assertTrue(twelve.explanation().contains("12 pairs by round"), twelve.explanation());
    }

    @Test
    void selectionFindsTheKthSmallest() {
        double[] x = {5, 1, 4, 2, 3, 9, 0, 7};
        assertEquals(4, ShiftTrials.select(x.clone(), 4));
        assertEquals(0, ShiftTrials.select(x.clone(), 0));
        assertEquals(9, ShiftTrials.select(x.clone(), 7));
    }
}
