package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.util.MultisetStatistics;

class StatsTest {
    /** Two-sided 99.9% Student t quantiles from tables (scipy.stats.t.ppf(0.9995, df)). */
    private static final double T_2 = 31.599054576445365, T_4 = 8.610301581379522;

    @Test
    void oneForkIntervalIsOnTheLogScaleAndMatchesHandComputation() {
        // Iterations 98, 99, 100, 101, 102: mean 100; their logs have variance s² = 2.500654e-4 on 4 df, so the log of the
        // mean has half-width t(0.9995, 4) * sqrt(s²/5) = 8.6103 * 0.0070720 = 0.0608920, mapped back 100 * exp(±0.0608920).
        Estimate e = Stats.ofSamples(new double[] {98, 100, 102, 99, 101});
        assertEquals(100.0, e.mean(), 1e-12);
        assertEquals(94.09248598216296, e.low(), 1e-9);
        assertEquals(106.27841209228646, e.high(), 1e-9);
        assertEquals(100 * Math.exp(-T_4 * Math.sqrt(2.500654371596591e-4 / 5)), e.low(), 1e-6);
        assertEquals(5, e.n());
        assertEquals(4, e.df(), 0);
        assertEquals(Estimate.Basis.ITERATIONS_OF_ONE_FORK, e.basis(), "iterations of one fork, said so");
        // The variance of the mean on the absolute scale: mean² * s²/n, what differences combine.
        assertEquals(100 * 100 * 2.500654371596591e-4 / 5, e.varOfMean(), 1e-9);
    }

    @Test
    void aOneForkIntervalNeverReachesBelowZero() {
        // 1, 2, 3: the Student interval 2 ± 31.599/sqrt(3) = [-16.2, 20.2] would reach below zero; on the log scale
        // s² = 0.308634 on 2 df, half-width 31.599 * sqrt(0.308634/3) = 10.1353: [2 * exp(-10.1353), 2 * exp(10.1353)].
        Estimate e = Stats.ofSamples(new double[] {1, 2, 3});
        assertEquals(2.0, e.mean(), 1e-12);
        assertTrue(e.low() > 0, e.toString());
        assertEquals(2 * Math.exp(-T_2 * Math.sqrt(0.3086339881039915 / 3)), e.low(), 1e-9);
        assertEquals(50433.83287384668, e.high(), 1e-3);
        assertEquals(3, e.n());
        assertEquals(2, e.df(), 0);
    }

    @Test
    void singleIterationHasNoInterval() {
        Estimate e = Stats.ofSamples(new double[] {5});
        assertTrue(Double.isNaN(e.low()) && Double.isNaN(e.high()), e.toString());
        assertEquals(5.0, e.mean(), 0);
    }

    @Test
    void theOldConstructorIsAnEstimateOnNMinusOneDegreesOfFreedomOfNoSampleBasis() {
        Estimate e = new Estimate(10, 9, 11, 7, 0.25);
        assertEquals(6, e.df(), 0);
        assertEquals(Estimate.Basis.OTHER, e.basis());
        assertTrue(!e.betweenForks());
    }

    @Test
    void ratioIntervalIsOnTheLogScalePositiveAndHoldsThePoint() {
        Estimate a = Stats.ofSamples(new double[] {98, 100, 102, 99, 101});
        Estimate b = Stats.ofSamples(new double[] {9.6, 9.8, 10, 10.2, 10.4});
        Estimate r = Stats.ratio(a, b);
        assertEquals(10.0, r.mean(), 1e-12);
        // log a - log b: each mean's relative variance, a 5.001309e-5 and b 2.002096e-4 (s² of the logs / 5), on
        // Welch–Satterthwaite df (la + lb)² / (la²/4 + lb²/4) = 5.88105; t(0.9995, 5.8) = 6.10349 (Stats.t rounds df down
        // to 0.1); half-width 6.10349 * sqrt(2.502227e-4) = 0.096548; 10 * exp(±0.096548) = [9.0797, 11.0136].
        double la = 5.001308743193182e-05, lb = 0.00020020959590855624;
        double df = Math.pow(la + lb, 2) / (la * la / 4 + lb * lb / 4);
        assertEquals(5.881048268802894, df, 1e-9);
        assertEquals(df, r.df(), 1e-9);
        assertEquals(9.079666621550679, r.low(), 1e-9);
        assertEquals(11.013620231677786, r.high(), 1e-9);
        assertEquals(10 * Math.exp(-Stats.t(df) * Math.sqrt(la + lb)), r.low(), 1e-9);
        assertEquals(100.0, r.low() * r.high(), 1e-9, "symmetric on the log scale: low * high = r²");
        assertTrue(r.low() > 0 && r.low() < 10 && 10 < r.high(), r.toString());
        assertEquals(Estimate.Basis.ITERATIONS_OF_ONE_FORK, r.basis(), "a ratio of one-fork estimates is within one fork");

        // A noisy numerator whose Student interval reaches below zero: the ratio still never does.
        Estimate noisy = Stats.ratio(Stats.ofSamples(new double[] {1, 2, 3}), b);
        assertEquals(0.2, noisy.mean(), 1e-12);
        assertTrue(noisy.low() > 0 && noisy.low() < 0.2 && 0.2 < noisy.high(), noisy.toString());
    }

    @Test
    void ratioOfBetweenForkEstimatesIsBetweenForks() {
        Estimate a = ForkIntervals.alone(new double[] {98, 100, 102});
        Estimate b = ForkIntervals.alone(new double[] {9.9, 10, 10.1});
        assertEquals(Estimate.Basis.FORKS, Stats.ratio(a, b).basis());
        assertEquals(Estimate.Basis.FORKS, Stats.difference(a, b).basis());
        Estimate oneFork = Stats.ofSamples(new double[] {9.9, 10, 10.1});
        assertEquals(Estimate.Basis.ITERATIONS_OF_ONE_FORK, Stats.ratio(a, oneFork).basis(), "one side within one fork: the whole is");
        assertEquals(Estimate.Basis.ITERATIONS_OF_ONE_FORK, Stats.difference(oneFork, a).basis());
    }

    @Test
    void welchDifferenceUsesEachEstimatesOwnDegreesOfFreedom() {
        // Between-fork estimates whose df are not n - 1 (a squeezed variance borrows df from the other rows): a has
        // variance of the mean 4/3 on 10 df, b 1/24 on 3 df. Welch–Satterthwaite: (va + vb)² / (va²/10 + vb²/3) = 10.60026
        // (with n - 1 it would be 2.13); t(0.9995, 10.6) * sqrt(va + vb) = 4.49218 * 1.17260 = 5.26810.
        Estimate a = new Estimate(12, 10, 14, 3, 4.0 / 3, 10, Estimate.Basis.FORKS);
        Estimate b = new Estimate(1.5, 1, 2, 4, 1.0 / 24, 3, Estimate.Basis.FORKS);
        Estimate d = Stats.difference(a, b);
        assertEquals(12 - 1.5, d.mean(), 1e-12);
        double va = 4.0 / 3, vb = 1.0 / 24;
        double df = Math.pow(va + vb, 2) / (va * va / 10 + vb * vb / 3);
        assertEquals(10.600259571706687, df, 1e-9);
        assertEquals(df, d.df(), 1e-9);
        assertEquals(va + vb, d.varOfMean(), 1e-12);
        assertEquals(5.268097272980729, d.halfWidth(), 1e-9);
        assertEquals(Stats.t(df) * Math.sqrt(va + vb), d.halfWidth(), 1e-9);
        assertEquals(Estimate.Basis.FORKS, d.basis());
    }

    @Test
    void welchDifferenceOfOneForkEstimates() {
        // ofSamples: each variance of the mean is mean² * s²(logs) / n on n - 1 df.
        Estimate a = Stats.ofSamples(new double[] {10, 12, 14});
        Estimate b = Stats.ofSamples(new double[] {1, 1.5, 2, 1.5});
        Estimate d = Stats.difference(a, b);
        assertEquals(12 - 1.5, d.mean(), 1e-12);
        double va = 1.3617371854388658, vb = 0.04569275959335167;
        assertEquals(va, a.varOfMean(), 1e-12);
        assertEquals(vb, b.varOfMean(), 1e-12);
        double df = Math.pow(va + vb, 2) / (va * va / 2 + vb * vb / 3);
        assertEquals(df, d.df(), 1e-9);
        assertEquals(Stats.t(df) * Math.sqrt(va + vb), d.halfWidth(), 1e-9);
        assertEquals(Estimate.Basis.ITERATIONS_OF_ONE_FORK, d.basis());
    }

    @Test
    void pValueOfADifferenceAgreesWithItsInterval() {
        // A difference exactly t(0.9995, 10) standard errors from zero: its 99.9% interval just touches zero, p = 0.001.
        double se = Math.sqrt(2);
        double mean = Stats.t(10) * se;
        Estimate atTheEdge = new Estimate(mean, 0, 2 * mean, 5, 2, 10, Estimate.Basis.FORKS);
        assertEquals(0.001, Stats.pValue(atTheEdge), 1e-9);
        assertEquals(0.001, Stats.pValue(atTheEdge.negated()), 1e-9, "two-sided");
        assertEquals(1.0, Stats.pValue(new Estimate(0, -1, 1, 5, 2, 10, Estimate.Basis.FORKS)), 1e-12);
        Estimate further = new Estimate(2 * mean, mean, 3 * mean, 5, 2, 10, Estimate.Basis.FORKS);
        assertTrue(Stats.pValue(further) < 0.001, "further from zero: smaller p");
    }

    @Test
    void percentileIsJmhsDefinition() {
        // Samples 1..10 (N = 10): position p * (N + 1) / 100, interpolated between the samples around it.
        List<List<double[]>> oneToTen = List.of(List.of(new double[] {1, 1}, new double[] {2, 1}, new double[] {3, 1}, new double[] {4, 1},
                new double[] {5, 1}), List.of(new double[] {6, 1}, new double[] {7, 1}, new double[] {8, 1}, new double[] {9, 1},
                new double[] {10, 1}));
        assertEquals(5.5, Stats.percentile(oneToTen, 50), 1e-12); // position 5.5: halfway between 5 and 6
        assertEquals(2.75, Stats.percentile(oneToTen, 25), 1e-12); // position 2.75
        assertEquals(1.1, Stats.percentile(oneToTen, 10), 1e-12); // position 1.1
        assertEquals(10.0, Stats.percentile(oneToTen, 99), 0); // position 10.89: between the 10th and past the end, both 10
        assertEquals(1.0, Stats.percentile(oneToTen, 5), 0); // position 0.55: before the first sample, the smallest
        assertEquals(1.0, Stats.percentile(oneToTen, 0), 0);
        assertEquals(10.0, Stats.percentile(oneToTen, 100), 0);
    }

    @Test
    void histogramPercentilesAndIterationMeans() {
        // Sorted: 1 x90 (ranks 1..90), 2 x100 (91..190), 10 x9 (191..199), 100 x1 (200); N = 200, positions p * 201 / 100.
        List<List<double[]>> h = List.of(List.of(new double[] {1, 90}, new double[] {10, 9}, new double[] {100, 1}),
                List.of(new double[] {2, 100}));
        assertEquals(1.45, Stats.percentile(h, 45), 1e-12); // position 90.45: 1 + 0.45 * (2 - 1)
        assertEquals(9.6, Stats.percentile(h, 95), 1e-12); // position 190.95: 2 + 0.95 * (10 - 2)
        assertEquals(10.0, Stats.percentile(h, 99), 0); // position 198.99: ranks 198 and 199 are both 10
        assertEquals(100.0, Stats.percentile(h, 99.9), 0); // position 200.799: rank 200 and past the end, both 100
        double[] means = Stats.iterationMeans(h);
        assertEquals((90 + 90 + 100) / 100.0, means[0], 1e-12);
        assertEquals(2.0, means[1], 0);
    }

    @Test
    void percentilesAreTheOnesJmhComputesFromTheSameSamples() {
        List<List<double[]>> h = new ArrayList<>();
        MultisetStatistics jmh = new MultisetStatistics();
        for (int it = 0; it < 3; it++) {
            List<double[]> pairs = new ArrayList<>();
            for (int v = 1; v <= 40; v++) {
                double value = 100 + v * v * (it + 1) * 0.37;
                long count = 1 + (v * 7 + it * 3) % 11;
                pairs.add(new double[] {value, count});
                jmh.addValue(value, count);
            }
            h.add(pairs);
        }
        for (double p : new double[] {0, 10, 50, 90, 95, 99, 99.9, 99.99, 100}) {
            assertEquals(jmh.getPercentile(p), Stats.percentile(h, p), 1e-9 * jmh.getPercentile(p), "p" + p);
        }
    }
}
