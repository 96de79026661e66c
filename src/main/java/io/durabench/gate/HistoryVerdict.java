package io.durabench.gate;

import io.durabench.compare.Verdict;
import java.util.List;
import java.util.Map;

/**
 * A gate run judged against its history: the rows, what they were judged against, and whether the
 * history was long enough to judge at all. Two rules answer two questions: the ratio rule (each
 * row's ratio to its C control: did the Java side get slower?) and the absolute rule (each row's
 * own value: did the machine get slower?). Where the run has the control design, the ratio rule
 * decides the build and the absolute rule is reported, deciding only with --fail-on absolute;
 * without it (a history made without C controls), the absolute rule decides.
 *
 * @param history    the history folder
 * @param runs       the history runs judged against (the newest {@code window})
 * @param firstStart when the oldest of them started
 * @param lastStart  when the newest of them started
 * @param rows       every row of the new run on the absolute rule, judged or with why not
 * @param ratio      the ratio rule, null without the control design
 * @param noControl  why there is no ratio rule (null when there is one)
 * @param failOnAbsolute whether the absolute rule's verdicts count toward the exit code beside the ratio rule's
 */
public record HistoryVerdict(String history, int runs, int window, String firstStart, String lastStart, HistoryJudge judge,
                             List<JudgedRow> rows, RatioRule ratio, String noControl, boolean failOnAbsolute) {

    /**
     * The ratio rule's judgement.
     *
     * @param rows     the rows with a ratio in this run, judged on ln(Java/C) or with why not
     * @param unpaired by row id, why a row has no ratio (it keeps the absolute rule only)
     */
    public record RatioRule(HistoryJudge judge, List<JudgedRow> rows, Map<String, String> unpaired) {
    }

    /** Without the control design: the absolute rule alone, and it decides. */
    public HistoryVerdict(String history, int runs, int window, String firstStart, String lastStart, HistoryJudge judge, List<JudgedRow> rows) {
        this(history, runs, window, firstStart, lastStart, judge, rows, null, null, true);
    }

    /** True when the history held too few runs for any row to be judged. */
    public boolean tooShort() {
        return runs < HistoryJudge.MIN_RUNS;
    }

    /** Absolute rows with this verdict. */
    public long count(Verdict v) {
        return count(rows, v);
    }

    /** Ratio rows with this verdict (0 without the control design). */
    public long ratioCount(Verdict v) {
        return ratio == null ? 0 : count(ratio.rows(), v);
    }

    /** The verdicts that count toward the exit code: the ratio rule's, and the absolute rule's where it decides too. */
    public long counted(Verdict v) {
        return ratioCount(v) + (absoluteDecides() ? count(v) : 0);
    }

    /** Whether the absolute rule's verdicts fail the build: without a control, or with --fail-on absolute. */
    public boolean absoluteDecides() {
        return ratio == null || failOnAbsolute;
    }

    /**
     * Rows flagged as regressions on either rule, counted toward the exit code or not: a run with one stays out of the
     * history, so that one regression does not widen the limits that should catch the next. Every other run joins it,
     * improvements too: an unchanged setup's run flagged as better is a false alarm like any other, and a history that kept
     * out every run outside its limits would keep only the runs that agree with it and narrow itself (docs/gate.md).
     */
    public long regressions() {
        return count(Verdict.REGRESSION) + ratioCount(Verdict.REGRESSION);
    }

    private static long count(List<JudgedRow> rows, Verdict v) {
        return rows.stream().filter(r -> r.verdict() == v).count();
    }
}
