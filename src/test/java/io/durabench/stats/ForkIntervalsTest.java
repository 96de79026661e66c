package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A row's mean and interval from its fork means (the replicates), each row's log variance squeezed toward its context's. */
class ForkIntervalsTest {

    @Test
    void oneRowAloneIsALogScaleIntervalOnItsOwnForks() {
        // Fork means 98, 99, 100, 101, 102: as StatsTest's one-fork example, but these vary between forks.
        Estimate e = ForkIntervals.alone(new double[] {98, 100, 102, 99, 101});
        assertEquals(100.0, e.mean(), 1e-12);
        assertEquals(94.09248598216296, e.low(), 1e-9);
        assertEquals(106.27841209228646, e.high(), 1e-9);
        assertEquals(5, e.n());
        assertEquals(4, e.df(), 0);
        assertEquals(Estimate.Basis.FORKS, e.basis());
        assertTrue(e.betweenForks());
        assertNull(ForkIntervals.alone(new double[] {100}), "one fork: no variation between forks");
    }

    @Test
    void everyRowGetsAPositiveBetweenForkIntervalAroundItsMeanAndOneForkRowsGetNone() {
        List<double[]> rows = List.of(
                new double[] {4.9, 5.0, 5.1},
                new double[] {290, 305, 320},
                new double[] {200, 205, 210},
                new double[] {150, 300, 450}, // noisy: a fork SD of half its mean
                new double[] {30},            // one fork
                new double[] {14.8, 15.0, 15.2});
        List<Estimate> out = ForkIntervals.of(rows);
        assertEquals(rows.size(), out.size());
        assertNull(out.get(4), "one fork: no interval between forks (the report falls back to its iterations)");
        for (int i = 0; i < rows.size(); i++) {
            if (i == 4) continue;
            Estimate e = out.get(i);
            double mean = java.util.Arrays.stream(rows.get(i)).average().orElseThrow();
            assertEquals(mean, e.mean(), 1e-12, "the mean of the fork means");
            assertTrue(e.low() > 0 && e.low() < mean && mean < e.high(), "positive and holds the mean: " + e);
            assertEquals(mean * mean, e.low() * e.high(), 1e-9 * mean * mean, "symmetric on the log scale");
            assertEquals(Estimate.Basis.FORKS, e.basis());
            assertEquals(3, e.n());
            assertTrue(e.df() > 2, "more than its own 2 df: borrowed from the other rows: " + e);
        }
        assertTrue(out.get(3).relativeWidth() > 5 * out.get(2).relativeWidth(), "a noisy row stays noisy: " + out.get(3) + " vs " + out.get(2));
    }

    @Test
    void theSqueezedVarianceIsTheOneThatBuildsTheInterval() {
        List<double[]> rows = List.of(new double[] {4.9, 5.0, 5.1}, new double[] {290, 305, 320}, new double[] {200, 205, 210},
                new double[] {150, 300, 450}, new double[] {14.8, 15.0, 15.2});
        double[] s2 = new double[rows.size()], df = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            s2[i] = ForkIntervals.variance(ForkIntervals.logs(rows.get(i)));
            df[i] = 2;
        }
        SqueezedVariance prior = SqueezedVariance.fit(s2, df);
        List<Estimate> out = ForkIntervals.of(rows);
        for (int i = 0; i < rows.size(); i++) {
            double mean = java.util.Arrays.stream(rows.get(i)).average().orElseThrow();
            double half = Stats.t(prior.df(2)) * Math.sqrt(prior.variance(s2[i], 2) / 3);
            assertEquals(mean * Math.exp(-half), out.get(i).low(), 1e-9 * mean);
            assertEquals(mean * Math.exp(half), out.get(i).high(), 1e-9 * mean);
            assertEquals(prior.df(2), out.get(i).df(), 1e-12);
        }
    }

    @Test
    void twoRowsAreTooFewToBorrowFromAndStandAlone() {
        double[] a = {98, 100, 102, 99, 101}, b = {9.6, 9.8, 10, 10.2, 10.4};
        List<Estimate> out = ForkIntervals.of(List.of(a, b));
        assertEquals(ForkIntervals.alone(a), out.get(0));
        assertEquals(ForkIntervals.alone(b), out.get(1));
    }
}
