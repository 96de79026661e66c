package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ExactSignedRankTest {
    private static final double[] D = {0.031, -0.012, 0.045, 0.022, 0.051, -0.008, 0.037, 0.019, 0.063, 0.027, -0.004, 0.041};

    @Test
    void agreesWithScipysExactWilcoxon() {
        // scipy.stats.wilcoxon(D, method='exact'): statistic min(W+, W-) = 6, p = 0.0068359375.
        RankTest r = ExactSignedRank.test(D);
        assertEquals(72, r.statistic());
        assertEquals(0.0068359375, r.pTwoSided(), 1e-12);
        double[] longer = {0.031, -0.012, 0.045, 0.022, 0.051, -0.008, 0.037, 0.019, 0.063, 0.027, -0.004, 0.041, 0.01, -0.02, 0.015};
        assertEquals(0.0067138671875, ExactSignedRank.test(longer).pTwoSided(), 1e-12);
    }

    @Test
    void allSignsAlikeGiveTheSmallestP() {
        double[] up = new double[12];
        for (int i = 0; i < up.length; i++) up[i] = 0.01 * (i + 1);
        assertEquals(2 / 4096.0, ExactSignedRank.test(up).pTwoSided(), 1e-15);
        assertEquals(2 / 4096.0, ExactSignedRank.smallestTwoSidedP(12), 1e-15);
    }

    @Test
    void tiesAreExactAndSymmetric() {
        double[] tied = {0.02, -0.02, 0.02, 0.05, -0.05, 0.01};
        RankTest r = ExactSignedRank.test(tied);
        double[] flipped = new double[tied.length];
        for (int i = 0; i < tied.length; i++) flipped[i] = -tied[i];
        assertEquals(r.pTwoSided(), ExactSignedRank.test(flipped).pTwoSided(), 1e-12);
        assertTrue(r.pTwoSided() > 0.5);
    }

    @Test
    void pairedShiftIsTheMedianOfWalshAverages() {
        double[] base = new double[D.length], candidate = new double[D.length];
        for (int i = 0; i < D.length; i++) {
            base[i] = 100 + i;
            candidate[i] = base[i] * Math.exp(D[i]);
        }
        ShiftEstimate s = ShiftEstimate.ofPairedLogRatio(base, candidate, 0.95);
        assertEquals(Math.exp(0.02725), s.ratio(), 1e-9); // the median of the 78 Walsh averages, by hand (python)
        assertTrue(s.ratioInterval().low() < s.ratio() && s.ratio() < s.ratioInterval().high());
        assertTrue(s.ratioInterval().confidence() >= 0.95);
    }
}
