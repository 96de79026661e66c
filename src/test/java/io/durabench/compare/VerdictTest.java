package io.durabench.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.stats.MultipleComparisons;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each verdict rule, on hand-made rows whose outcome is plain from their construction. */
class VerdictTest {
    /** Twelve distinct scores around 300 with a 1% spread; no two equal. */
    static final double[] BASE = {297, 298.5, 299, 299.5, 300, 300.25, 300.5, 301, 301.5, 302, 303, 296.5};

    static double[] scaled(double[] x, double factor) {
        return Arrays.stream(x).map(v -> v * factor).toArray();
    }

    static RowComparison one(RowInput row, CompareSettings settings) {
        return SweepComparison.of(List.of(row), settings).rows().get(0);
    }

    @Test
    void aClearSlowdownIsARegressionWithItsIntervalAndMedians() {
        RowComparison r = one(new RowInput("fdatasync", BASE, scaled(BASE, 1.2), Direction.LOWER_IS_BETTER), CompareSettings.defaults());
        assertEquals(Verdict.REGRESSION, r.verdict());
        assertEquals(20.0, r.changePercent(), 1e-9); // exactly scaled: the Hodges–Lehmann ratio is exactly 1.2
        assertTrue(r.change().changePercentInterval().contains(20));
        assertEquals(300.125, r.base().median(), 1e-12);
        assertEquals(300.125 * 1.2, r.candidate().median(), 1e-9);
        assertTrue(r.base().interval().isAvailable() && r.candidate().interval().isAvailable());
        assertEquals(2.0 / 2_704_156, r.rawP(), 1e-20); // complete separation at 12 vs 12: 2/C(24,12)
        assertEquals("+20.0% slower (p < 0.0001)", r.reason());
    }

    @Test
    void forThroughputLessIsTheRegression() {
        RowComparison down = one(new RowInput("ops", BASE, scaled(BASE, 0.8), Direction.HIGHER_IS_BETTER), CompareSettings.defaults());
        assertEquals(Verdict.REGRESSION, down.verdict());
        assertTrue(down.reason().startsWith("-20.0% less throughput"), down.reason());
        RowComparison up = one(new RowInput("ops", BASE, scaled(BASE, 1.25), Direction.HIGHER_IS_BETTER), CompareSettings.defaults());
        assertEquals(Verdict.IMPROVEMENT, up.verdict());
        RowComparison faster = one(new RowInput("t", BASE, scaled(BASE, 0.8), Direction.LOWER_IS_BETTER), CompareSettings.defaults());
        assertEquals(Verdict.IMPROVEMENT, faster.verdict());
        assertTrue(faster.reason().startsWith("-20.0% faster"), faster.reason());
    }

    @Test
    void aSignificantChangeUnderTheThresholdIsSmallNotTilde() {
        RowComparison r = one(new RowInput("t", BASE, scaled(BASE, 1.04), Direction.LOWER_IS_BETTER), CompareSettings.defaults());
        assertTrue(r.rawP() < 1e-5, "completely separated");
        assertEquals(Verdict.UNDER_THRESHOLD, r.verdict());
        assertEquals("small", r.verdict().label());
        assertEquals("+4.0% is significant (p < 0.0001) but under the 5% threshold", r.reason());
        assertEquals(Verdict.REGRESSION,
                one(new RowInput("t", BASE, scaled(BASE, 1.04), Direction.LOWER_IS_BETTER), CompareSettings.defaults().withThresholdPercent(3)).verdict());
    }

    @Test
    void aChangeInsideTheAaNoiseFloorIsNeverARegression() {
        CompareSettings withFloor = CompareSettings.defaults().withNoiseFloor(NoiseFloor.uniform(8));
        RowComparison r = one(new RowInput("t", BASE, scaled(BASE, 1.07), Direction.LOWER_IS_BETTER), withFloor);
        assertEquals(Verdict.INSIDE_NOISE, r.verdict());
        assertTrue(r.reason().endsWith("but inside this row's A/A noise of 8.0%: two runs of the same setup differed as much"), r.reason());
        assertEquals(Verdict.REGRESSION, one(new RowInput("t", BASE, scaled(BASE, 1.09), Direction.LOWER_IS_BETTER), withFloor).verdict());
    }

    @Test
    void eachRowIsHeldToItsOwnAaNoise() {
        // The noisy row's A/A pair moved 12%, the quiet row's 1%: the same +7% is noise for one, a regression for the other.
        NoiseFloor floor = new NoiseFloor(java.util.Map.of("noisy", 12.0, "quiet", 1.0), Double.NaN);
        SweepComparison c = SweepComparison.of(List.of(new RowInput("noisy", BASE, scaled(BASE, 1.07), Direction.LOWER_IS_BETTER),
                new RowInput("quiet", BASE, scaled(BASE, 1.07), Direction.LOWER_IS_BETTER),
                new RowInput("not in the A/A pair", BASE, scaled(BASE, 1.07), Direction.LOWER_IS_BETTER)), CompareSettings.defaults().withNoiseFloor(floor));
        assertEquals(Verdict.INSIDE_NOISE, c.rows().get(0).verdict());
        assertEquals(Verdict.REGRESSION, c.rows().get(1).verdict());
        assertEquals(Verdict.REGRESSION, c.rows().get(2).verdict());
    }

    @Test
    void holmTurnsARawlySignificantRowAmongFortyOneIntoUnchanged() {
        // Seven candidate values just above the base's 5th..11th smallest, five far above: U = 116 of 144,
        // exact two-sided p = 0.0100 (scipy.stats.mannwhitneyu(method="exact") agrees), ×41 = 0.41.
        double[] candidate = scaled(BASE, 1.2);
        double[] sorted = BASE.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < 7; i++) candidate[i] = sorted[4 + i] + 0.05 + 0.001 * i;
        List<RowInput> rows = new ArrayList<>();
        rows.add(new RowInput("moved", BASE, candidate, Direction.LOWER_IS_BETTER));
        for (int i = 1; i < 41; i++) rows.add(new RowInput("same" + i, BASE, BASE, Direction.LOWER_IS_BETTER));
        SweepComparison c = SweepComparison.of(rows, CompareSettings.defaults());
        RowComparison moved = c.rows().get(0);
        assertEquals(116, moved.test().statistic());
        assertEquals(0.010044538850569273, moved.rawP(), 1e-12);
        assertEquals(41 * moved.rawP(), moved.adjustedP(), 1e-12);
        assertEquals(Verdict.UNCHANGED, moved.verdict());
        assertTrue(moved.reason().contains("after Holm over 41 rows, above 0.05"), moved.reason());
        double[] raw = c.rows().stream().mapToDouble(RowComparison::rawP).toArray();
        assertArrayEquals(MultipleComparisons.holm(raw), c.rows().stream().mapToDouble(RowComparison::adjustedP).toArray(), 0);
        assertArrayEquals(MultipleComparisons.benjaminiHochberg(raw), c.benjaminiHochbergQ(), 0);
        assertTrue(c.rows().stream().allMatch(r -> r.rows() == 41));
    }

    @Test
    void fiveVersusFiveAcrossFortyOneRowsSaysItCannotDetectAnything() {
        double[] base = {1, 1.01, 0.99, 1.02, 0.98};
        List<RowInput> rows = new ArrayList<>();
        for (int i = 0; i < 41; i++) rows.add(new RowInput("r" + i, base, scaled(base, i == 0 ? 2 : 1), Direction.LOWER_IS_BETTER));
        RowComparison doubled = SweepComparison.of(rows, CompareSettings.defaults()).rows().get(0);
        assertEquals(Verdict.UNCHANGED, doubled.verdict());
        assertEquals("+100.0% but this comparison cannot detect any change: with 5 and 5 values the smallest possible two-sided p is "
                + "2/C(10,5) = 2/252 = 0.0079, above Holm's first step 0.05/41 = 0.0012", doubled.reason());
        assertFalse(doubled.base().interval().isAvailable()); // and 5 values have no 95% median interval
    }

    @Test
    void directionFromJmhUnits() {
        assertEquals(Direction.LOWER_IS_BETTER, Direction.ofUnit("us/op"));
        assertEquals(Direction.LOWER_IS_BETTER, Direction.ofUnit("ms/op"));
        assertEquals(Direction.HIGHER_IS_BETTER, Direction.ofUnit("ops/s"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Direction.ofUnit("MB/sec"));
        assertTrue(e.getMessage().contains("MB/sec"), e.getMessage());
    }

    @Test
    void badScoresAreRefusedNamingTheRow() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RowInput("fsync", new double[] {1, Double.NaN}, new double[] {1}, Direction.LOWER_IS_BETTER));
        assertEquals("row fsync: base score NaN is not a positive number; changes are ratios of scores", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new RowInput("x", new double[0], new double[] {1}, Direction.LOWER_IS_BETTER));
        assertThrows(IllegalArgumentException.class, () -> SweepComparison.of(List.of(), CompareSettings.defaults()));
    }
}
