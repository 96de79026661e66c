package io.durabench.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.stats.Estimate;
import org.junit.jupiter.api.Test;

class SloJudgeTest {

    @Test
    void forksToDecideIsNTimesTheSquaredRatioOfHalfWidthToDistanceOnTheLogScale() {
        Estimate e = new Estimate(100, 80, 125, 3, Double.NaN, 2, Estimate.Basis.FORKS);
        // h = ln(125/80)/2 = 0.2231, d = ln(1.1) = 0.0953: 3 x 5.48 = 16.4, so 17.
        assertEquals("roughly 17 forks in all would decide it (an estimate)", SloJudge.forksToDecide(e, 110));
        assertEquals("roughly 4 forks in all would decide it (an estimate)", SloJudge.forksToDecide(e, 124), "at least one more fork");
    }
}
