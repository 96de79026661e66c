package io.durabench.compare;

import static io.durabench.compare.VerdictTest.BASE;
import static io.durabench.compare.VerdictTest.scaled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.stats.DetectableChange;
import io.durabench.stats.Numbers;
import io.durabench.stats.StallPool;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonSummaryTest {

    private static final List<RowInput> ROWS = List.of(
            new RowInput("slower", BASE, scaled(BASE, 1.3), Direction.LOWER_IS_BETTER),
            new RowInput("faster", BASE, scaled(BASE, 0.8), Direction.LOWER_IS_BETTER),
            new RowInput("a bit slower", BASE, scaled(BASE, 1.06), Direction.LOWER_IS_BETTER),
            new RowInput("same", BASE, BASE, Direction.LOWER_IS_BETTER),
            new RowInput("throughput down", BASE, scaled(BASE, 0.5), Direction.HIGHER_IS_BETTER));

    @Test
    void theSentenceUnderTheTable() {
        ComparisonSummary s = SweepComparison.of(ROWS, CompareSettings.defaults().withNoiseFloor(NoiseFloor.uniform(7))).summary();
        assertEquals(2, s.regressions()); // slower, throughput down
        assertEquals(1, s.improvements()); // faster
        assertEquals(2, s.unchanged()); // a bit slower (inside the 7% floor), same
        // Every row has the same base noise; the candidate's is the same in log terms, so every row's
        // detectable change is the one for the pooled sd of BASE with itself.
        // The 7% floor is above the 5% threshold, so the estimate must pass 7%: that sets every row's figure.
        double expected = DetectableChange.ofData(DetectableChange.Design.unpaired(12, 12), 0.05, 5, BASE, BASE, 7,
                "the row's A/A noise of 7.0%", StallPool.NONE).changePercent();
        assertEquals(expected, s.typicalDetectablePercent(), 1e-9);
        assertEquals("2 regressions, 1 improvement, 2 unchanged (1 ~, 1 inside the A/A noise); smallest change flagged with 80% power " + Numbers.percent(expected)
                + " for a typical row; the largest change inside the A/A noise was 6.0% (A/A changes reached 7.0%)", s.sentence());
    }

    @Test
    void withoutAFloorTheNoisePartIsLeftOut() {
        String sentence = SweepComparison.of(ROWS, CompareSettings.defaults()).summary().sentence();
        assertTrue(sentence.startsWith("3 regressions, 1 improvement, 1 unchanged; smallest change flagged with 80% power "), sentence);
        assertTrue(!sentence.contains("A/A"), sentence);
    }

    @Test
    void aFloorNoChangeFellInto() {
        List<RowInput> rows = List.of(new RowInput("slower", BASE, scaled(BASE, 1.3), Direction.LOWER_IS_BETTER));
        NoiseFloor floor = new NoiseFloor(java.util.Map.of("slower", 2.0, "elsewhere", 4.5), Double.NaN);
        String sentence = SweepComparison.of(rows, CompareSettings.defaults().withNoiseFloor(floor)).summary().sentence();
        assertTrue(sentence.endsWith("; no change fell inside the A/A noise (A/A changes reached 4.5%)"), sentence);
    }

    @Test
    void geometricMeanReadsEveryRowAsCost() {
        ComparisonSummary s = SweepComparison.of(ROWS, CompareSettings.defaults()).summary();
        // Cost ratios: 1.3, 0.8, 1.06, 1, and 1/0.5 = 2 for the throughput row that halved.
        double expected = Math.pow(1.3 * 0.8 * 1.06 * 1 * 2, 1.0 / 5);
        assertEquals(expected, s.geometricMean().value(), 1e-9);
        assertEquals(5, s.geometricMean().count());
        assertTrue(s.geometricMeanLine().startsWith(String.format(java.util.Locale.ROOT,
                "geometric mean of candidate/base (time per op): %.3f (%s, 95%% interval ", expected, Numbers.signedPercent((expected - 1) * 100))),
                s.geometricMeanLine());
        assertTrue(s.geometricMeanLine().endsWith(" over 5 rows"), s.geometricMeanLine());
    }

    @Test
    void rangeAcrossRowsWhenTheirNoiseDiffers() {
        double[] noisy = {250, 350, 280, 330, 300, 310, 260, 340, 290, 320, 270, 305};
        List<RowInput> rows = List.of(new RowInput("quiet", BASE, BASE, Direction.LOWER_IS_BETTER),
                new RowInput("noisy", noisy, noisy, Direction.LOWER_IS_BETTER));
        ComparisonSummary s = SweepComparison.of(rows, CompareSettings.defaults()).summary();
        var design = DetectableChange.Design.unpaired(12, 12);
        double quiet = DetectableChange.ofData(design, 0.05, 2, BASE, BASE, 5, "the 5% threshold", StallPool.NONE).changePercent();
        double loud = DetectableChange.ofData(design, 0.05, 2, noisy, noisy, 5, "the 5% threshold", StallPool.NONE).changePercent();
        assertEquals((quiet + loud) / 2, s.typicalDetectablePercent(), 1e-9);
        assertTrue(s.sentence().contains(" for a typical row (" + Numbers.percent(quiet) + " to " + Numbers.percent(loud) + " across rows)"),
                s.sentence());
        assertEquals(Arrays.asList(0, 0, 2), Arrays.asList(s.regressions(), s.improvements(), s.unchanged()));
    }
}
