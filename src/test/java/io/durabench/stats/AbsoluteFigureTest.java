package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/**
 * A row's mean quoted alone: 95% on the log scale, the row's squeezed variance over its forks plus
 * the disk's level between rounds once. Expectations recomputed here from their parts (the t quantile
 * from commons-math directly), not copied from the output.
 */
class AbsoluteFigureTest {
    /** Five rows of three forks, the rounds sharing a factor on top of each row's own spread. */
    static final double[] ROUND = {1.06, 0.97, 0.98};
    static final List<double[]> ROWS = List.of(
            row(250, ROUND, 1.00, 1.08, 0.93),
            row(240, ROUND, 0.95, 1.00, 1.05),
            row(3.1, ROUND, 1.02, 0.99, 0.98),
            row(70, ROUND, 0.90, 1.10, 1.00),
            row(1_200, ROUND, 1.00, 0.97, 1.04));

    @Test
    void theIntervalIsTheSqueezedVarianceOverTheForksPlusTheLevelOnceAt95Percent() {
        List<AbsoluteFigure> out = AbsoluteFigure.of(ROWS);
        double[] s2 = new double[ROWS.size()], df = new double[ROWS.size()];
        for (int i = 0; i < ROWS.size(); i++) {
            s2[i] = ForkIntervals.variance(ForkIntervals.logs(ROWS.get(i)));
            df[i] = 2;
        }
        SqueezedVariance prior = SqueezedVariance.fit(s2, df);
        double level = RoundLevels.of(ROWS).variance();
        assertTrue(level > 0);
        for (int i = 0; i < ROWS.size(); i++) {
            double mean = Stats.mean(ROWS.get(i));
            double t = new TDistribution(prior.df(2)).inverseCumulativeProbability(0.975);
            double half = t * Math.sqrt(prior.variance(s2[i], 2) / 3 + level);
            Estimate e = out.get(i).interval();
            assertEquals(mean, e.mean(), 1e-12);
            assertEquals(mean * Math.exp(-half), e.low(), 1e-9 * mean);
            assertEquals(mean * Math.exp(half), e.high(), 1e-9 * mean);
            assertEquals(3, e.n());
            assertEquals(Estimate.Basis.FORKS, e.basis());
            assertEquals(Math.sinh(half), out.get(i).halfWidthShare(), 1e-12);
            assertEquals(Math.expm1(Math.sqrt(level)), out.get(i).levelMoved(), 1e-12);
        }
    }

    /** Narrower than the 99.9% interval the decisions use, yet wider than the same 95% without the level. */
    @Test
    void theLevelWidensItAndThe999DecisionIntervalIsWiderStill() {
        List<AbsoluteFigure> figures = AbsoluteFigure.of(ROWS);
        List<Estimate> decisions = ForkIntervals.of(ROWS);
        for (int i = 0; i < ROWS.size(); i++) {
            AbsoluteFigure f = figures.get(i);
            double withoutLevel = Stats.t(f.interval().df(), 0.95) * Math.sqrt(f.forkVariance() / 3);
            assertTrue(f.halfWidthShare() > Math.sinh(withoutLevel), "the level counts: " + f);
            assertTrue(f.interval().relativeWidth() < decisions.get(i).relativeWidth(), f + " vs " + decisions.get(i));
        }
    }

    /** One row alone borrows nothing and sees no level: its own variance on k - 1 degrees of freedom. */
    @Test
    void oneRowAloneStandsOnItsOwnForks() {
        double[] forks = {232, 251, 219, 240, 228, 236, 245, 224, 238, 231};
        AbsoluteFigure f = AbsoluteFigure.of(List.of(forks)).get(0);
        double half = new TDistribution(9).inverseCumulativeProbability(0.975)
                * Math.sqrt(ForkIntervals.variance(ForkIntervals.logs(forks)) / 10);
        assertEquals(Stats.mean(forks) * Math.exp(half), f.interval().high(), 1e-9);
        assertEquals(9, f.interval().df(), 0);
        assertTrue(Double.isNaN(f.levelMoved()), "one row: the level is not seen");
        assertNull(AbsoluteFigure.of(List.of(new double[] {230})).get(0), "one fork: no interval");
    }

    /** The forks that would reach a half-width: found by the interval's own formula, none when the level alone is wider. */
    @Test
    void forksForAHalfWidthComeTrueAndTheLevelBoundsThem() {
        AbsoluteFigure f = AbsoluteFigure.of(ROWS).get(3);
        double priorDf = f.interval().df() - 2;
        double levelAlone = Math.sinh(1.96 * Math.sqrt(f.levelVariance()));
        double share = (f.halfWidthShare() + levelAlone) / 2;
        int k = f.forksFor(share);
        assertTrue(k > 3, "halfway to what the level alone allows takes more than its 3 forks: " + k);
        assertTrue(Math.sinh(Stats.t(priorDf + k - 1, 0.95) * Math.sqrt(f.forkVariance() / k + f.levelVariance())) <= share);
        assertTrue(Math.sinh(Stats.t(priorDf + k - 2, 0.95) * Math.sqrt(f.forkVariance() / (k - 1) + f.levelVariance())) > share);
        assertEquals(3, f.forksFor(f.halfWidthShare()), "its own width: the forks it has");
        assertEquals(0, f.forksFor(levelAlone * 0.9), "narrower than the level alone allows: no number of forks");
    }

    @Test
    void theSpreadOfATargetsFiguresIsTheirMedians() {
        List<AbsoluteFigure> figures = AbsoluteFigure.of(ROWS);
        AbsoluteFigure.Spread s = AbsoluteFigure.Spread.of(figures, 0.05);
        List<Double> half = new ArrayList<>();
        figures.forEach(f -> half.add(f.halfWidthShare()));
        half.sort(Double::compare);
        assertEquals(half.get(2), s.medianHalfWidth(), 1e-12);
        assertEquals(figures.get(0).levelMoved(), s.levelMoved(), 0);
        List<Integer> forks = new ArrayList<>();
        figures.forEach(f -> forks.add(f.forksFor(0.05) == 0 ? Integer.MAX_VALUE : f.forksFor(0.05)));
        forks.sort(Integer::compare);
        assertEquals(forks.get(2) == Integer.MAX_VALUE ? 0 : forks.get(2), s.forksFor());
    }

    private static double[] row(double value, double[] round, double... own) {
        double[] out = new double[own.length];
        for (int i = 0; i < own.length; i++) out[i] = value * round[i] * own[i];
        return out;
    }
}
