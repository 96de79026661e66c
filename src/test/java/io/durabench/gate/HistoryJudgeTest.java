package io.durabench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.compare.Direction;
import io.durabench.compare.RowKey;
import io.durabench.compare.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HistoryJudgeTest {
    private static final int ROWS = 20;

    private static RunValues run(Random random, double runSd, int slowRow, double factor) {
        Map<String, RunValues.Value> rows = new LinkedHashMap<>();
        for (int i = 0; i < ROWS; i++) {
            double log = Math.log(100 + 20 * i) + runSd * random.nextGaussian() + (i == slowRow ? Math.log(factor) : 0);
            RowKey key = new RowKey("row" + i, "g", "group", "M" + i, "row " + i, "b", "avgt", 1, "-", null);
            rows.put(key.id(), new RunValues.Value(key, "us/op", Direction.LOWER_IS_BETTER, log, 6));
        }
        return new RunValues("run", rows);
    }

    @Test
    void unchangedRunsFailAtMostAsOftenAsPromised() {
        Random random = new Random(11);
        HistoryJudge judge = new HistoryJudge(0.01, 0);
        int failed = 0, trials = 400;
        for (int t = 0; t < trials; t++) {
            List<RunValues> history = new ArrayList<>();
            for (int h = 0; h < 8; h++) history.add(run(random, 0.05, -1, 1));
            boolean any = judge.judge(history, run(random, 0.05, -1, 1)).stream().anyMatch(r -> r.verdict().counts());
            if (any) failed++;
        }
        // Promised ≤ 1%; allow the binomial scatter of 400 trials (sd 0.5 points).
        assertTrue(failed <= 10, failed + " of " + trials + " unchanged runs failed");
    }

    @Test
    void aLargeSlowdownOfOneRowFailsNamingTheRow() {
        Random random = new Random(12);
        List<RunValues> history = new ArrayList<>();
        for (int h = 0; h < 8; h++) history.add(run(random, 0.03, -1, 1));
        List<JudgedRow> rows = new HistoryJudge(0.01, 5).judge(history, run(random, 0.03, 7, 1.5));
        for (JudgedRow r : rows) assertEquals(r.key().id().equals("row7") ? Verdict.REGRESSION : Verdict.UNCHANGED, r.verdict(), r.reason());
        JudgedRow slow = rows.stream().filter(r -> r.key().id().equals("row7")).findFirst().orElseThrow();
        assertTrue(slow.value() > slow.upperLimit());
        assertTrue(slow.detectablePercent() < 50, "flags at " + slow.detectablePercent());
    }

    /** The gate's "flags at" is the smallest slowdown it flags, so never under the threshold: checked on a history with (almost) no noise. */
    @Test
    void aQuietHistoryFlagsAtTheThresholdOrAbove() {
        for (double runSd : new double[] {0, 1e-6, 0.001, 0.01}) {
            Random random = new Random(14);
            List<RunValues> history = new ArrayList<>();
            for (int h = 0; h < 8; h++) history.add(run(random, runSd, -1, 1));
            for (JudgedRow r : new HistoryJudge(0.01, 5).judge(history, run(random, runSd, -1, 1))) {
                assertTrue(r.detectablePercent() >= 5, "run-to-run sd " + runSd + ": flags at " + r.detectablePercent() + "% (" + r.key().id() + ")");
            }
        }
    }

    @Test
    void aShortHistoryJudgesNothing() {
        Random random = new Random(13);
        List<RunValues> history = new ArrayList<>();
        for (int h = 0; h < HistoryJudge.MIN_RUNS - 1; h++) history.add(run(random, 0.03, -1, 1));
        List<JudgedRow> rows = new HistoryJudge(0.01, 5).judge(history, run(random, 0.03, 3, 3));
        assertTrue(rows.stream().allMatch(r -> r.verdict() == null && r.reason().startsWith("not judged")));
        assertNull(rows.get(0).verdict());
        assertFalse(rows.get(0).judged());
    }
}
