package io.durabench.compare;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.stats.DetectableChange;
import io.durabench.stats.RankTest;
import io.durabench.stats.StallPool;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The change compare states as flagged with 80% power is the smallest change that would be flagged, so never under
 * what the estimate must pass: --threshold, or the row's A/A floor where that is larger. On low-noise rows (a 15 v 15
 * comparison of two quiet halves stated 4.6% under a 5% threshold), in each design compare uses: unpaired forks, forks
 * paired by round, lock-step fork pairs.
 */
class DetectableAtLeastTheBarTest {
    private static final int ROWS = 30;

    /** 15 forks a side at 0.1% noise, the two halves skewed opposite ways by {@code skew} (7 forks each). */
    private static RowInput row(Random random, double skew, boolean byRound, boolean lockStep) {
        double[] base = new double[15], candidate = new double[15];
        for (int i = 0; i < 15; i++) {
            base[i] = 500 * Math.exp(0.001 * random.nextGaussian() - (i < 7 ? skew : 0));
            candidate[i] = 500 * Math.exp(0.001 * random.nextGaussian() + (i < 7 ? skew : 0));
        }
        return lockStep ? RowInput.lockStep("FDATASYNC", base, candidate, Direction.LOWER_IS_BETTER, null)
                : new RowInput("FDATASYNC", base, candidate, Direction.LOWER_IS_BETTER, byRound);
    }

    @Test
    void noDesignStatesAChangeUnderTheThresholdOrTheFloor() {
        Random random = new Random(33);
        for (double threshold : new double[] {3, 5}) {
            for (double floor : new double[] {0, 8}) {
                CompareSettings settings = CompareSettings.defaults().withThresholdPercent(threshold)
                        .withNoiseFloor(floor == 0 ? NoiseFloor.NONE : NoiseFloor.uniform(floor));
                double bar = Math.max(threshold, floor);
                for (double skew : new double[] {0, 0.005, 0.01, 0.03}) {
                    for (List<Boolean> design : List.of(List.of(false, false), List.of(true, false), List.of(true, true))) {
                        RowInput row = row(random, skew, design.get(0), design.get(1));
                        boolean paired = design.get(0);
                        RankTest test = RowComparison.test(row, paired);
                        DetectableChange d = RowComparison.of(row, paired, test, test.pTwoSided(), ROWS, settings, StallPool.NONE).detectable();
                        assertTrue(d.changePercent() >= bar, "threshold " + threshold + "%, floor " + floor + "%, skew " + skew
                                + (design.get(1) ? ", lock-step" : paired ? ", paired" : ", unpaired") + ": " + d.explanation());
                    }
                }
            }
        }
    }
}
