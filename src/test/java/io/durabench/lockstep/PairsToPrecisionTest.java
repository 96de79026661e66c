package io.durabench.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.LockStepFile;
import io.durabench.results.LockStepFile.Block;
import io.durabench.results.LockStepFile.CellRecord;
import io.durabench.results.LockStepFile.PairRecord;
import io.durabench.results.LockStepFile.SideRecord;
import io.durabench.results.PairsRule;
import io.durabench.stats.LockStepEstimate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fork pairs to a precision: a cell wider than the precision gets the next fork pair, one within it does not; the cap,
 * the budget and Ctrl-C stop the run adding pairs; a FAILED cell is never extended; and the rule reads the interval's
 * width, never its estimate. The widths are recomputed here from the pairs' ln ratios (t at 95%), not read back.
 */
class PairsToPrecisionTest {
    private static final long NOW = 1_000_000_000_000L;
    private static final PairsToPrecision THREE_PERCENT = rule(0.03, PairsToPrecision.NO_DEADLINE);

    private static PairsToPrecision rule(double precision, long deadline) {
        return new PairsToPrecision(new PairsRule(5, precision, 10, null), deadline);
    }

    /** A cell whose fork pairs read these B/A (A at 100 µs per operation); each pair took 3 s, each side's cell 1 s. */
    static CellRecord cell(double... ratios) {
        List<PairRecord> pairs = new ArrayList<>();
        for (int i = 0; i < ratios.length; i++) pairs.add(new PairRecord(i + 1, "t", 3000, side(100), side(100 * ratios[i])));
        return new CellRecord("A", "B", "SyncWriteCost.writeBlock", Map.of(), Map.of(), 100, pairs);
    }

    private static SideRecord side(double microsPerOperation) {
        long ops = 1000;
        return new SideRecord(null, false, 6, false, 0, 1000, "1", List.of(new Block(Math.round(microsPerOperation * 1000 * ops), 1000, ops,
                1, 0, 0, 0)), Map.of());
    }

    /** The relative half-width at 95% from first principles: sinh(t(n-1) * sd(ln r) / sqrt(n)). */
    private static double width(double... ratios) {
        int n = ratios.length;
        double m = 0, ss = 0;
        for (double r : ratios) m += Math.log(r) / n;
        for (double r : ratios) ss += (Math.log(r) - m) * (Math.log(r) - m);
        double t = new org.apache.commons.math3.distribution.TDistribution(n - 1).inverseCumulativeProbability(0.975);
        return Math.sinh(t * Math.sqrt(ss / (n - 1)) / Math.sqrt(n));
    }

    private static final double[] WIDE = {1.00, 1.08, 0.93, 1.05, 0.96};
    private static final double[] NARROW = {1.000, 1.004, 0.997, 1.002, 0.999};

    @Test
    void theWidthIsTheReportsIntervalsHalfWidthOverTheRatio() {
        LockStepEstimate e = cell(WIDE).estimate(LockStepEstimate.CONFIDENCE);
        assertEquals(width(WIDE), cell(WIDE).halfWidth(), 1e-12);
        assertEquals((e.ratioCi().high() - e.ratioCi().low()) / 2 / e.ratio(), cell(WIDE).halfWidth(), 1e-12);
        assertTrue(Double.isNaN(cell(1.01).halfWidth()), "one pair: no interval");
    }

    @Test
    void aCellWiderThanThePrecisionGetsTheNextPairAndOneWithinDoesNot() {
        assertTrue(width(WIDE) > 0.03 && width(NARROW) < 0.03, width(WIDE) + " " + width(NARROW));
        PairsToPrecision.Next next = THREE_PERCENT.next(6, List.of(cell(NARROW), cell(WIDE), cell(NARROW)), Set.of(), NOW, false);
        assertEquals(List.of(1), next.cells());
        assertFalse(next.stops());
        assertEquals(List.of(0), THREE_PERCENT.next(6, List.of(cell(1.01)), Set.of(), NOW, false).cells(), "one measured pair: no interval, wants more");
    }

    @Test
    void everyCellWithinStops() {
        PairsToPrecision.Next next = THREE_PERCENT.next(6, List.of(cell(NARROW), cell(NARROW)), Set.of(), NOW, false);
        assertTrue(next.stops());
        assertEquals("every cell within ±3%", next.stopped());
    }

    @Test
    void theCapStops() {
        assertFalse(THREE_PERCENT.next(10, List.of(cell(WIDE)), Set.of(), NOW, false).stops(), "pair 10 of at most 10 runs");
        PairsToPrecision.Next next = THREE_PERCENT.next(11, List.of(cell(WIDE)), Set.of(), NOW, false);
        assertTrue(next.stops());
        assertEquals("the cap of 10 fork pairs", next.stopped());
    }

    @Test
    void theBudgetStopsWhenTheNextPairWouldPassIt() {
        // Each pair took 3 s for two cells of 1 s: 1 s beyond its cells. One wide cell's pair: about 2 s.
        List<CellRecord> cells = List.of(cell(WIDE), cell(NARROW));
        assertEquals(2.0, PairTime.seconds(cells, List.of(0)), 1e-9);
        assertFalse(rule(0.03, NOW + 2_500_000_000L).next(6, cells, Set.of(), NOW, false).stops(), "2 s fit in 2.5");
        PairsToPrecision.Next next = rule(0.03, NOW + 1_500_000_000L).next(6, cells, Set.of(), NOW, false);
        assertTrue(next.stops());
        assertTrue(next.stopped().startsWith("the budget"), next.stopped());
    }

    @Test
    void aStoppingRunAddsNoPair() {
        PairsToPrecision.Next next = THREE_PERCENT.next(6, List.of(cell(WIDE)), Set.of(), NOW, true);
        assertTrue(next.stops());
        assertEquals(List.of(), next.cells());
    }

    @Test
    void aFailedCellIsNotExtended() {
        PairsToPrecision.Next next = THREE_PERCENT.next(6, List.of(cell(WIDE), cell(WIDE)), Set.of(0), NOW, false);
        assertEquals(List.of(1), next.cells());
        assertTrue(THREE_PERCENT.next(6, List.of(cell(WIDE)), Set.of(0), NOW, false).stops(), "nothing left to extend");
    }

    @Test
    void withABudgetAloneEveryCellWantsMore() {
        PairsToPrecision budgetOnly = rule(Double.NaN, NOW + 60_000_000_000L);
        assertEquals(List.of(0, 1), budgetOnly.next(6, List.of(cell(NARROW), cell(WIDE)), Set.of(), NOW, false).cells());
    }

    /**
     * The same spread of ln(B/A) about three centres (no difference, B 40% dearer, B 30% cheaper): the same decision for
     * all three, whatever the estimate. Their half-width as a share of the ratio is 2.6%; in points of the ratio, at
     * 1.4 it is 3.7%, and a rule that measured the width there (or that stopped once B/A was decided, as it is at 1.4
     * and 0.7 and not at 1.0) would treat them apart.
     */
    @Test
    void theRuleNeverReadsTheEstimate() {
        double[] deviations = {0.0, 0.032, -0.024, 0.016, -0.032, 0.008};
        List<CellRecord> cells = new ArrayList<>();
        for (double centre : new double[] {1.0, 1.4, 0.7}) {
            double[] r = new double[deviations.length];
            for (int i = 0; i < r.length; i++) r[i] = centre * Math.exp(deviations[i]);
            cells.add(cell(r));
        }
        double w = cells.get(0).halfWidth();
        for (CellRecord c : cells) assertEquals(w, c.halfWidth(), 1e-7, "one width for one spread (the blocks hold whole nanoseconds)");
        LockStepEstimate dear = cells.get(1).estimate(LockStepEstimate.CONFIDENCE);
        double points = (dear.ratioCi().high() - dear.ratioCi().low()) / 2;
        assertTrue(w < 0.03 && points > 0.03, "the case tells the two widths apart: " + w + " and " + points);
        assertTrue(THREE_PERCENT.next(7, cells, Set.of(), NOW, false).stops(), "all three within ±3%");
        PairsToPrecision tighter = rule(0.02, PairsToPrecision.NO_DEADLINE);
        assertEquals(List.of(0, 1, 2), tighter.next(7, cells, Set.of(), NOW, false).cells(), "all three wider than ±2%");
    }

    @Test
    void aCellSaysWhereItsPairsEndedAndWhy() {
        PairsRule stoppedAtBudget = new PairsRule(5, 0.03, 10, "the budget (the next fork pair, 1 cells, ~2 s, would pass it)");
        assertEquals(PairsRule.Reached.WITHIN_PLANNED, stoppedAtBudget.reached(cell(NARROW)));
        double[] seven = {1.000, 1.004, 0.997, 1.002, 0.999, 1.001, 1.0};
        assertEquals("within ±3% after 7", stoppedAtBudget.why(cell(seven)));
        double[] ten = {1.00, 1.08, 0.93, 1.05, 0.96, 1.00, 1.08, 0.93, 1.05, 0.96};
        assertEquals(PairsRule.Reached.CAP, stoppedAtBudget.reached(cell(ten)));
        assertTrue(stoppedAtBudget.why(cell(ten)).startsWith("the cap of 10, still ±"), stoppedAtBudget.why(cell(ten)));
        assertEquals(PairsRule.Reached.BUDGET, stoppedAtBudget.reached(cell(WIDE)));
        assertEquals(PairsRule.Reached.INTERRUPTED, stoppedAtBudget.withStopped(null).reached(cell(WIDE)));
        CellRecord failed = cell(NARROW).with(new PairRecord(6, "t", 3000, SideRecord.failed("fdatasync: EIO", false), SideRecord.failed("x", true)), 100);
        assertEquals(PairsRule.Reached.FAILED, stoppedAtBudget.reached(failed));
    }

    @Test
    void lockstepJsonKeepsTheRuleAndEachCellsOwnPairs(@TempDir Path dir) {
        LockStepFile.SideInfo side = new LockStepFile.SideInfo("reference", "java", "17", "jnr", "/d", "vda", 0);
        PairsRule rule = new PairsRule(5, 0.03, 10, null);
        LockStepFile file = new LockStepFile("t0", "t1", new LockStepFile.Sides(side, side), "p", new LockStepFile.Settings(10, 20, 1,
                "alternate", 4, 100, 30, true, rule), "pinned", List.of(cell(NARROW), cell(WIDE).with(new PairRecord(6, "t", 2000, side(100),
                side(101)), 100))).withPairsStopped("the cap of 10 fork pairs");
        file.write(dir);
        LockStepFile read = LockStepFile.read(dir);
        assertEquals(rule.withStopped("the cap of 10 fork pairs"), read.settings().pairs());
        assertEquals(List.of(5, 6), read.cells().stream().map(c -> c.measured().size()).toList(), "each cell its own fork pairs");
        assertEquals(PairsRule.Reached.BUDGET, read.settings().pairs().reached(read.cells().get(1)), "wider, under the cap, stopped for a reason");
        LockStepFile fixed = new LockStepFile("t0", "t1", new LockStepFile.Sides(side, side), "p", new LockStepFile.Settings(10, 20, 1,
                "alternate", 4, 100, 30, true, null), "pinned", List.of(cell(NARROW)));
        fixed.write(dir);
        assertEquals(null, LockStepFile.read(dir).settings().pairs(), "fixed fork pairs: no rule in the file");
    }

    @Test
    void aFileWrittenBeforeTheRuleReadsAsFixedPairs() throws Exception {
        // A real run's lockstep.json from before the rule (the report's fixture): its settings have no fork pairs.
        Path old = Path.of(PairsToPrecisionTest.class.getResource("/report/reference-pairs").toURI());
        assertTrue(Files.isRegularFile(old.resolve(LockStepFile.FILE)), old + " is the fixture");
        LockStepFile f = LockStepFile.read(old);
        assertEquals(null, f.settings().pairs());
        assertTrue(f.cells().stream().allMatch(c -> c.measured().size() == 3), "its 3 fork pairs per cell");
    }
}
