package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void studentIntervalMatchesHandComputation() {
        // mean 2, sd 1 (values 1,2,3), n 3: half-width = t(0.9995, 2) * 1/sqrt(3); t = 31.599 (tables).
        Estimate e = Stats.ofSamples(new double[] {1, 2, 3});
        assertEquals(2.0, e.mean(), 1e-12);
        assertEquals(31.599 / Math.sqrt(3), e.halfWidth(), 1e-3);
        assertEquals(3, e.n());
    }

    @Test
    void singleIterationHasNoInterval() {
        assertTrue(Double.isNaN(Stats.ofSamples(new double[] {5}).low()));
    }

    @Test
    void fiellerIntervalSolvesItsDefiningEquation() {
        Estimate a = Stats.ofSamples(new double[] {98, 100, 102, 99, 101});
        Estimate b = Stats.ofSamples(new double[] {9.8, 10, 10.2, 9.9, 10.1});
        Estimate r = Stats.ratio(a, b);
        assertEquals(10.0, r.mean(), 1e-12);
        // At each end, (a - R b)^2 = t^2 (va + R^2 vb) with the Welch df used at that R's estimate.
        double va = a.varOfMean(), vb = b.varOfMean();
        double num = va + 100 * vb;
        double df = num * num / (va * va / 4 + Math.pow(100 * vb, 2) / 4);
        double t = Stats.t(df);
        for (double end : new double[] {r.low(), r.high()}) {
            double lhs = Math.pow(a.mean() - end * b.mean(), 2);
            double rhs = t * t * (va + end * end * vb);
            assertEquals(rhs, lhs, 1e-9 * rhs);
        }
        assertTrue(r.low() < 10 && 10 < r.high());
    }

    @Test
    void welchDifference() {
        Estimate a = Stats.ofSamples(new double[] {10, 12, 14});
        Estimate b = Stats.ofSamples(new double[] {1, 1.5, 2, 1.5});
        Estimate d = Stats.difference(a, b);
        assertEquals(12 - 1.5, d.mean(), 1e-12);
        double va = 4.0 / 3, vb = (1.0 / 6) / 4;
        double df = Math.pow(va + vb, 2) / (va * va / 2 + vb * vb / 3);
        assertEquals(Stats.t(df) * Math.sqrt(va + vb), d.halfWidth(), 1e-9);
    }

    @Test
    void histogramPercentilesAndIterationMeans() {
        List<List<double[]>> h = List.of(List.of(new double[] {1, 90}, new double[] {10, 9}, new double[] {100, 1}),
                List.of(new double[] {2, 100}));
        assertEquals(1.0, Stats.percentile(h, 45), 0);
        assertEquals(2.0, Stats.percentile(h, 95), 0);
        assertEquals(10.0, Stats.percentile(h, 99), 0);
        assertEquals(100.0, Stats.percentile(h, 99.9), 0);
        double[] means = Stats.iterationMeans(h);
        assertEquals((90 + 90 + 100) / 100.0, means[0], 1e-12);
        assertEquals(2.0, means[1], 0);
    }
}
