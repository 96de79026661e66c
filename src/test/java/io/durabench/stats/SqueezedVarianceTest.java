package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * limma's squeezeVar (Smyth 2004) on rows' variances: the prior's degrees of freedom say how alike
 * the rows are, and each row's variance is shrunk toward the prior by that much. Expected figures
 * are limma's fitFDist computed independently (scipy: digamma, trigamma, a root of trigamma).
 */
class SqueezedVarianceTest {

    @Test
    void rowsWithIdenticalVariancesHaveAnInfinitePriorAndAllGetOneVariance() {
        double[] s2 = {0.01, 0.01, 0.01, 0.01};
        double[] df = {2, 2, 2, 2};
        SqueezedVariance prior = SqueezedVariance.fit(s2, df);
        assertEquals(Double.POSITIVE_INFINITY, prior.priorDf(), "the rows differ less than chance alone would make them");
        double shrunk = prior.variance(0.01, 2);
        assertEquals(prior.priorVariance(), shrunk, 0, "an infinite prior is all there is");
        assertEquals(0.02, prior.variance(0.02, 2), 0, "a row noisier than the prior keeps its own: shrinkage never narrows");
        assertEquals(1e6, prior.df(2), 0, "as good as a normal quantile (capped)");
    }

    /**
     * With no excess spread limma returns the pooled variance mean(s²) (limma since Jan 2017: "Use
     * simple pooled variance, which is MLE of the scale in this case"), not exp(mean e), which here
     * would be 0.01 * exp(-digamma(1)) = 0.0178 for rows whose variance is 0.01 each.
     */
    @Test
    void rowsWithIdenticalVariancesKeepThatVariance() {
        SqueezedVariance prior = SqueezedVariance.fit(new double[] {0.01, 0.01, 0.01}, new double[] {2, 2, 2});
        assertEquals(0.01, prior.variance(0.01, 2), 1e-15);
    }

    @Test
    void rowsOfVeryDifferentVariancesHaveASmallPriorAndANoisyRowStaysNoisy() {
        double[] s2 = {1e-4, 1e-2, 1, 1e-3, 1e-1};
        double[] df = {2, 2, 2, 2, 2};
        SqueezedVariance prior = SqueezedVariance.fit(s2, df);
        // limma's fitFDist on these rows: d0 = 0.617625, s0² = 0.00192971.
        assertEquals(0.6176245073484985, prior.priorDf(), 1e-9);
        assertEquals(0.0019297051995934107, prior.priorVariance(), 1e-12);
        double quiet = prior.variance(1e-4, 2), noisy = prior.variance(1, 2);
        assertEquals((0.6176245073484985 * 0.0019297051995934107 + 2 * 1e-4) / (0.6176245073484985 + 2), quiet, 1e-12);
        assertEquals(1.0, noisy, 0, "shrunk to 0.7645 by the prior, but never below its own variance");
        assertTrue(noisy > 100 * quiet, "a noisy row stays much noisier than a quiet one: " + noisy + " vs " + quiet);
        for (double v : s2) {
            double shrunk = prior.variance(v, 2);
            assertTrue(v <= shrunk && shrunk <= Math.max(v, prior.priorVariance()),
                    "at least its own, at most the prior: " + v + " -> " + shrunk);
        }
        assertEquals(2.6176245073484985, prior.df(2), 1e-9, "its own 2 df and the prior's");
    }

    @Test
    void rowsAlikeButNotIdenticalBorrowMoreDegreesOfFreedomThanRowsApart() {
        double[] df = {2, 2, 2, 2, 2};
        SqueezedVariance alike = SqueezedVariance.fit(new double[] {0.004, 0.01, 0.02, 0.006, 0.05}, df);
        SqueezedVariance apart = SqueezedVariance.fit(new double[] {1e-4, 1e-2, 1, 1e-3, 1e-1}, df);
        assertTrue(alike.priorDf() > apart.priorDf(), alike + " vs " + apart);
    }

    @Test
    void fewerThanThreeRowsOrRowsWithoutDegreesOfFreedomGiveNoPrior() {
        SqueezedVariance two = SqueezedVariance.fit(new double[] {0.01, 0.04}, new double[] {2, 2});
        assertEquals(SqueezedVariance.NONE, two);
        assertEquals(0.04, two.variance(0.04, 2), 0, "each row on its own variance");
        assertEquals(2, two.df(2), 0);
        // Rows of one fork (df 0, no variance) are left out: two rows remain, too few for a prior.
        assertEquals(SqueezedVariance.NONE, SqueezedVariance.fit(new double[] {0.01, Double.NaN, 0.04, Double.NaN}, new double[] {2, 0, 2, 0}));
    }

    @Test
    void trigammaInverseInvertsTrigamma() {
        for (double x : new double[] {0.05, 0.5, 1, 3, 40}) {
            double y = org.apache.commons.math3.special.Gamma.trigamma(x);
            assertEquals(x, SqueezedVariance.trigammaInverse(y), 1e-8 * Math.max(1, x), "x " + x);
        }
    }
}
