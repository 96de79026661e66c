package io.durabench.gate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.compare.Direction;
import io.durabench.compare.RowKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HistoryTextTest {

    private static RunValues run(Random random, double factor) {
        Map<String, RunValues.Value> rows = new LinkedHashMap<>();
        String[] methods = {"NONE", "FDATASYNC", "O_DSYNC", "FSYNC"};
        for (int i = 0; i < methods.length; i++) {
            RowKey key = new RowKey(methods[i], "g", "SyncWriteCost.writeBlock, 8192 B, prealloc NONE, 1 write per sync (avgt)", methods[i],
                    "SyncWriteCost.writeBlock syncMethod=" + methods[i] + " (avgt)", "b", "avgt", 1, "-", null);
            double log = Math.log(i == 0 ? 4.4 : 400) + 0.04 * random.nextGaussian() + (methods[i].equals("FSYNC") ? Math.log(factor) : 0);
            rows.put(key.id(), new RunValues.Value(key, "us/op", Direction.LOWER_IS_BETTER, log, 6));
        }
        return new RunValues("r", rows);
    }

    @Test
    void aJudgedRunFitsTheTerminalAndNamesTheRegression() {
        Random random = new Random(3);
        List<RunValues> history = new ArrayList<>();
        for (int h = 0; h < 8; h++) history.add(run(random, 1));
        HistoryJudge judge = new HistoryJudge(0.01, 5);
        HistoryVerdict v = new HistoryVerdict("results/lab-history", 8, 20, "2026-12-01T17:00:00Z", "2026-12-01T17:20:00Z", judge,
                judge.judge(history, run(random, 2)));
        String text = HistoryText.render(v);
        for (String line : text.lines().toList()) assertTrue(line.length() <= 120, line.length() + ": " + line);
        assertTrue(text.contains("this run against the history results/lab-history: 8 runs"), text);
        assertTrue(text.contains("SyncWriteCost.writeBlock, 8192 B, prealloc NONE, 1 write per sync (avgt), us/op\n  NONE "), text);
        assertTrue(text.contains("  regression: SyncWriteCost.writeBlock syncMethod=FSYNC (avgt): +"), text);
        assertTrue(text.contains("1 regression, 0 improvements, 3 inside the limits (~)"), text);
    }

    @Test
    void aShortHistorySaysItDoesNotJudge() {
        HistoryVerdict v = new HistoryVerdict("h", 3, 20, "", "", new HistoryJudge(0.01, 5), List.of());
        assertTrue(HistoryText.render(v).contains("3 runs, fewer than the 5 it takes to judge: this run is not judged"));
    }
}
