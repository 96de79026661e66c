package io.durabench.gate;

import io.durabench.compare.Verdict;
import java.util.List;

/**
 * A gate run judged against its history: the rows, what they were judged against, and whether the
 * history was long enough to judge at all.
 *
 * @param history    the history folder
 * @param runs       the history runs judged against (the newest {@code window})
 * @param firstStart when the oldest of them started
 * @param lastStart  when the newest of them started
 * @param rows       every row of the new run, judged or with why not
 */
public record HistoryVerdict(String history, int runs, int window, String firstStart, String lastStart, HistoryJudge judge,
                             List<JudgedRow> rows) {

    /** True when the history held too few runs for any row to be judged. */
    public boolean tooShort() {
        return runs < HistoryJudge.MIN_RUNS;
    }

    public long count(Verdict v) {
        return rows.stream().filter(r -> r.verdict() == v).count();
    }

    /** Rows flagged either way (what a passing run must not have to join the history). */
    public long flagged() {
        return count(Verdict.REGRESSION) + count(Verdict.IMPROVEMENT);
    }
}
