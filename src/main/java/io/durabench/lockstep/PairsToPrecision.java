package io.durabench.lockstep;

import io.durabench.results.LockStepFile.CellRecord;
import io.durabench.results.PairsRule;
import io.durabench.stats.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Fork pairs to a precision: after the planned fork pairs, each cell whose interval of B/A is wider than the precision
 * gets another fork pair, and the next fork pair measures only those cells; again after it, until every cell is within
 * it, or the cap on fork pairs is reached, or the next fork pair would pass the budget, or the run is stopping. A cell
 * that FAILED is not extended. The width is {@link CellRecord#halfWidth}: the interval the report's lock-step column
 * prints, at its level, so that "within ±3%" here is what a reader sees there.
 *
 * <p>The rule reads the interval's width and never its estimate. The width is the spread of the pairs' ln(B/A) over
 * √n; with near-normal ln ratios the spread and the mean are independent, so stopping on the width leaves the mean's
 * distribution, and the interval's coverage, as at a fixed count. A rule that read the estimate (stop when B/A looks
 * decided, or near 1) would stop more often where the estimate happened to land far from the truth, and the intervals
 * of the cells it stopped would cover less than they say.
 *
 * @param rule          the planned pairs, the precision and the cap (as lockstep.json records them)
 * @param deadlineNanos when (System.nanoTime) the run's budget is spent; {@link #NO_DEADLINE} without --budget
 */
public record PairsToPrecision(PairsRule rule, long deadlineNanos) {
    public static final long NO_DEADLINE = Long.MAX_VALUE;

    /** What the next fork pair measures: the cells it extends (indices into the run's cells), or why it does not run. */
    public record Next(List<Integer> cells, String stopped) {
        public boolean stops() {
            return stopped != null;
        }
    }

    /**
     * The fork pair number {@code pair} (after the planned ones): its cells, or why the run adds no more.
     *
     * @param records  every cell's fork pairs so far
     * @param failed   the cells that FAILED (never extended)
     * @param nowNanos System.nanoTime now
     */
    public Next next(int pair, List<CellRecord> records, Set<Integer> failed, long nowNanos, boolean stopping) {
        if (stopping) return new Next(List.of(), "the run was interrupted");
        List<Integer> wider = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) if (!failed.contains(i) && rule.wants(records.get(i).halfWidth())) wider.add(i);
        if (wider.isEmpty()) return new Next(List.of(), "every cell within " + rule.target());
        if (pair > rule.maxForkPairs()) return new Next(List.of(), "the cap of " + Numbers.count(rule.maxForkPairs(), "fork pair", "fork pairs"));
        if (deadlineNanos != NO_DEADLINE) {
            double seconds = PairTime.seconds(records, wider), left = (deadlineNanos - nowNanos) / 1e9;
            if (seconds > left) {
                return new Next(List.of(), String.format(Locale.ROOT, "the budget (the next fork pair, %d cells, ~%.0f s, would pass it)", wider.size(),
                        seconds));
            }
        }
        return new Next(wider, null);
    }
}
