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
        int failed = 0, better = 0, trials = 400;
        for (int t = 0; t < trials; t++) {
            List<RunValues> history = new ArrayList<>();
            for (int h = 0; h < 8; h++) history.add(run(random, 0.05, -1, 1));
            List<JudgedRow> rows = judge.judge(history, run(random, 0.05, -1, 1));
            if (rows.stream().anyMatch(r -> r.verdict() == Verdict.REGRESSION)) failed++;
            if (rows.stream().anyMatch(r -> r.verdict() == Verdict.IMPROVEMENT)) better++;
        }
        // Promised ≤ 1% each way; allow the binomial scatter of 400 trials (sd 0.5 points).
        assertTrue(failed <= 10, failed + " of " + trials + " unchanged runs failed");
        assertTrue(better <= 10, better + " of " + trials + " unchanged runs read as improvements");
    }

    /** A planted slowdown of the stated "flags at" is flagged in about 80% of runs of a history that is what the model says. */
    @Test
    void aSlowdownOfTheStatedFlagsAtIsFlaggedFourTimesInFive() {
        Random random = new Random(15);
        HistoryJudge judge = new HistoryJudge(0.01, 0);
        int flagged = 0, trials = 400;
        for (int t = 0; t < trials; t++) {
            List<RunValues> history = new ArrayList<>();
            for (int h = 0; h < 6; h++) history.add(run(random, 0.05, -1, 1));
            RunValues quiet = run(random, 0.05, -1, 1);
            JudgedRow row = judge.judge(history, quiet).get(t % ROWS);
            Map<String, RunValues.Value> moved = new LinkedHashMap<>(quiet.rows());
            moved.put(row.key().id(), moved.get(row.key().id()).shifted(Math.log1p(row.detectablePercent() / 100)));
            if (judge.judge(history, new RunValues("moved", moved)).stream()
                    .anyMatch(r -> r.key().id().equals(row.key().id()) && r.verdict() == Verdict.REGRESSION)) flagged++;
        }
        // 80% promised; the binomial sd of 400 trials is 2 points. A normal quantile in place of t's loses ~2 points at 5 df.
        assertTrue(flagged >= 0.76 * trials && flagged <= 0.84 * trials, flagged + " of " + trials);
    }

    /** The centre is the newest runs' mean: a history that stepped a little, once, judges the next run by where it is now. */
    @Test
    void theCentreFollowsTheNewestRuns() {
        Random random = new Random(16);
        List<RunValues> history = new ArrayList<>();
        for (int h = 0; h < 10; h++) history.add(run(random, 0.01, -1, h < 5 ? 1 : 1.04));
        for (JudgedRow r : new HistoryJudge(0.01, 1).judge(history, run(random, 0.01, -1, 1.04))) {
            assertEquals(HistoryJudge.CENTRE_RUNS, r.centreRuns());
            assertEquals(Verdict.UNCHANGED, r.verdict(), r.reason());
            double newest = Math.exp(history.subList(5, 10).stream().mapToDouble(h -> h.rows().get(r.key().id()).logMean()).average().orElseThrow());
            assertEquals(newest, r.historyMean(), 1e-9 * newest);
        }
    }

    /**
     * A history whose runs agree more closely than their own forks allow is judged with the forks' scatter: five runs
     * within ±0.1% of each other, each the location of 5 forks that scatter ±3%, cannot promise limits of ±0.5%.
     */
    @Test
    void runsCannotMoveLessThanTheirForksScatterThem() {
        Random random = new Random(17);
        double forkSd = 0.03;
        List<RunValues> history = new ArrayList<>();
        for (int h = 0; h < 5; h++) history.add(withForks(run(random, 0.001, -1, 1), forkSd, 5));
        RunValues now = withForks(run(random, 0.001, -1, 1), forkSd, 5);
        JudgedRow row = new HistoryJudge(0.01, 0).judge(history, now).get(0);
        double perRun = Math.sqrt(RowSpread.HODGES_LEHMANN_VARIANCE * forkSd * forkSd / 5);
        assertEquals((Math.exp(perRun) - 1) * 100, row.runToRunPercent(), 0.01 * row.runToRunPercent(), row.reason());
        assertTrue(row.detectablePercent() > 3 * row.runToRunPercent(), "flags at " + row.detectablePercent());
        RunValues noForks = run(random, 0.001, -1, 1);
        JudgedRow alone = new HistoryJudge(0.01, 0).judge(history.stream().map(r -> withForks(r, Double.NaN, 1)).toList(), noForks).get(0);
        assertTrue(alone.runToRunPercent() < 0.3, "without forks the history's own spread: " + alone.runToRunPercent());
    }

    /** {@code run} with every row's forks said to scatter by {@code sd} (NaN: unknown) over {@code forks} forks. */
    private static RunValues withForks(RunValues run, double sd, int forks) {
        Map<String, RunValues.Value> rows = new LinkedHashMap<>();
        run.rows().forEach((id, v) -> rows.put(id, new RunValues.Value(v.key(), v.unit(), v.direction(), v.logMean(), forks, sd * sd)));
        return new RunValues(run.label(), rows);
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
