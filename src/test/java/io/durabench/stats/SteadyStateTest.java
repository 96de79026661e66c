package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.stats.SteadyState.Test;
import io.durabench.stats.SteadyState.Trend;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A cell that warms up or drifts is flagged with its figure; one that does not is not, on many
 * stationary cells of every shape the profiles produce, with the noise the lab shows (fork-to-fork
 * SD about twice the iteration SD, jitter spikes, the odd stall).
 */
class SteadyStateTest {

    /** k forks of n iterations: 300 µs · exp(fork offset + iteration noise) · trend(fork, iteration), no jitter. */
    private static List<double[]> cell(Random rnd, int k, int n, double sd, java.util.function.BiFunction<Integer, Integer, Double> trend) {
        return cell(rnd, k, n, sd, trend, false);
    }

    /** ... and with {@code jitter}: 5% of iterations 1.5x slow (no stall), 1% stalled 5x. */
    private static List<double[]> cell(Random rnd, int k, int n, double sd, java.util.function.BiFunction<Integer, Integer, Double> trend,
                                       boolean jitter) {
        List<double[]> forks = new ArrayList<>();
        for (int f = 0; f < k; f++) {
            double offset = 2 * sd * rnd.nextGaussian();
            double[] it = new double[n];
            for (int i = 0; i < n; i++) {
                double v = 300 * Math.exp(offset + sd * rnd.nextGaussian()) * trend.apply(f, i);
                if (jitter && rnd.nextDouble() < 0.05) v *= 1.5;   // a slow iteration that is no stall
                if (jitter && rnd.nextDouble() < 0.01) v *= 5;     // a stall (left out by OutlierIterations)
                it[i] = v;
            }
            forks.add(it);
        }
        return forks;
    }

    @org.junit.jupiter.api.Test
    void aCellWarmingUpInEveryForkIsFlaggedWithItsChange() {
        Random rnd = new Random(1);
        // 5 forks of 5 iterations, each fork falling 20% from its first iteration to its last (2% noise).
        List<double[]> forks = cell(new Random(7), 5, 5, 0.0, (f, i) -> Math.exp(Math.log(0.8) * i / 4) * Math.exp(0.02 * rnd.nextGaussian()));
        SteadyState s = SteadyState.of(forks);
        Trend warm = s.warmingUp();
        assertEquals(Test.SLOPE_OVER_FORKS, warm.test());
        assertTrue(warm.flagged(), warm.toString());
        assertEquals(-0.20, warm.change(), 0.03);
        assertTrue(warm.low() < -0.10 && warm.high() < 0 && warm.low() <= warm.change() && warm.change() <= warm.high(), warm.toString());
        assertEquals(300, warm.first(), 15);
        assertEquals(240, warm.last(), 15);
        assertEquals(5, warm.n());
        assertFalse(s.steady());
        assertFalse(s.drifting().flagged(), "no trend between forks: " + s.drifting());
    }

    @org.junit.jupiter.api.Test
    void aSmallButResolvedTrendIsNotMaterial() {
        Random rnd = new Random(2);
        // 16 forks falling 4% within each, resolved (tiny noise) but under the 10% that matters.
        Trend warm = SteadyState.of(cell(rnd, 16, 5, 0.002, (f, i) -> 1 - 0.01 * i)).warmingUp();
        assertTrue(warm.p() < SteadyState.LEVEL, warm.toString());
        assertFalse(warm.flagged(), warm.toString());
    }

    @org.junit.jupiter.api.Test
    void forkMeansRisingOverTheRunAreFlaggedAsDrift() {
        Random rnd = new Random(3);
        // 12 forks (the compare profile), the disk 20% slower at the end of the run than at its start.
        SteadyState s = SteadyState.of(cell(rnd, 12, 5, 0.01, (f, i) -> Math.exp(Math.log(1.2) * f / 11)));
        Trend drift = s.drifting();
        assertEquals(Test.FORK_ORDER, drift.test());
        assertTrue(drift.flagged(), drift.toString());
        assertEquals(0.20, drift.change(), 0.06);
        assertTrue(drift.last() > drift.first() * 1.1, drift.toString());
        assertEquals(12, drift.n());
        assertFalse(s.warmingUp().flagged(), s.warmingUp().toString());
    }

    @org.junit.jupiter.api.Test
    void threeForksCannotShowADriftAndSixCannotFlagOne() {
        Random rnd = new Random(4);
        // Perfectly ordered and 40% apart: still p = 2/3! or 2/6! at best, above 0.001.
        assertFalse(SteadyState.of(cell(rnd, 3, 5, 0.0, (f, i) -> 1 + 0.2 * f)).drifting().flagged());
        assertFalse(SteadyState.of(cell(rnd, 6, 5, 0.0, (f, i) -> 1 + 0.1 * f)).drifting().flagged());
        assertTrue(SteadyState.of(cell(rnd, 7, 5, 0.0, (f, i) -> 1 + 0.1 * f)).drifting().flagged());
        assertNull(SteadyState.of(cell(rnd, 2, 5, 0.0, (f, i) -> 1.0)).drifting(), "two forks: no order to test");
    }

    @org.junit.jupiter.api.Test
    void oneForkIsTestedByRanksAndFiveIterationsCanNeverBeFlagged() {
        // Five iterations falling 40%: strictly ordered, yet p = 2/5! = 0.017. Not flagged: one old fork is not really checked.
        Trend five = SteadyState.of(List.of(new double[] {500, 450, 400, 350, 300})).warmingUp();
        assertEquals(Test.ONE_FORK_RANKS, five.test());
        assertEquals(2.0 / 120, five.p(), 1e-12);
        assertFalse(five.flagged());
        assertNull(SteadyState.of(List.of(new double[] {500, 450, 400, 350, 300})).drifting());
        // Eight iterations falling 25% with one out of order: p = 0.0008 < 0.001, flagged with Sen's line.
        Trend eight = SteadyState.of(List.of(new double[] {400, 380, 385, 360, 345, 330, 315, 300})).warmingUp();
        assertTrue(eight.flagged(), eight.toString());
        assertEquals(8, eight.n());
        assertTrue(eight.change() < -0.2 && eight.change() > -0.3, eight.toString());
        // ... and the same order over 4%: resolved, not material.
        assertFalse(SteadyState.of(List.of(new double[] {400, 399, 399.5, 398, 397, 396, 395, 384})).warmingUp().flagged());
    }

    @org.junit.jupiter.api.Test
    void aStallIsNotATrend() {
        // The last iteration of every fork stalled (10x): left out, as in the row's figures.
        List<double[]> forks = new ArrayList<>();
        for (int f = 0; f < 8; f++) forks.add(new double[] {300 + f % 2, 302 - f % 3, 299, 301, 3000});
        SteadyState s = SteadyState.of(forks);
        assertTrue(s.steady(), s.toString());
        assertTrue(Math.abs(s.warmingUp().change()) < 0.02, s.warmingUp().toString());
    }

    @org.junit.jupiter.api.Test
    void stationaryCellsAreAlmostNeverFlagged() {
        // Every shape the profiles and old runs produce, at iteration SDs from 1% to 15% (fork SD twice that).
        int[][] shapes = {{1, 5}, {1, 10}, {3, 3}, {3, 5}, {5, 5}, {12, 5}, {16, 5}, {30, 3}};
        double[] sds = {0.01, 0.03, 0.08, 0.15};
        Random rnd = new Random(20261201);
        int cells = 0, flagged = 0;
        for (int[] shape : shapes) {
            for (double sd : sds) {
                for (int c = 0; c < 500; c++) {
                    cells++;
                    if (!SteadyState.of(cell(rnd, shape[0], shape[1], sd, (f, i) -> 1.0, true)).steady()) flagged++;
                }
            }
        }
        double rate = (double) flagged / cells;
        System.out.printf("stationary synthetic cells: %d of %d flagged (%.3f%%)%n", flagged, cells, 100 * rate);
        // Two tests at 0.001 each, before the 10% filter: at most ~0.2% by construction.
        assertTrue(rate <= 0.002, flagged + " of " + cells + " stationary cells flagged");
    }

    @org.junit.jupiter.api.Test
    void nothingToCheckWithoutPositiveValues() {
        SteadyState s = SteadyState.of(List.of(new double[] {1, 0, 2}, new double[] {1, 2, 3}));
        assertNull(s.warmingUp());
        assertNull(s.drifting());
        assertTrue(s.steady());
        assertNotNull(SteadyState.of(List.of(new double[] {1, 2, 3})).warmingUp());
    }
}
