package io.durabench.report;

import io.durabench.catalogue.Cell;
import io.durabench.results.PairsRule;
import io.durabench.stats.LockStepEstimate;
import java.util.List;
import java.util.Optional;

/**
 * A target's durable methods against the run's reference method, measured in lock-step after the
 * rounds (lockstep.json in the target's folder): per cell, its ratio and difference to the
 * reference cell of the same block, batch and preallocation, each with its 95% Student-t interval
 * between fork pairs. What the decision table's fastest set and the recommendation are decided on
 * where there are such figures; the rounds give the absolute costs beside them.
 *
 * @param reference the reference method's label ("FDATASYNC")
 * @param forkPairs the most fork pairs any entry has
 * @param pairs     the rule that gave each cell its fork pairs (planned, then more while wider than a precision), null
 *                  when every cell had the same fixed fork pairs
 */
public record ReferenceComparison(Context context, String reference, int forkPairs, List<Entry> entries, PairsRule pairs) {
    /** The confidence of lock-step intervals: compare's, not the rounds' 99.9% (over 3 to 10 fork pairs a t at 99.9% says little). */
    public static final double CONFIDENCE = LockStepEstimate.CONFIDENCE;

    /**
     * One cell beside the reference: B = the cell, A = the reference cell. {@code estimate} is null when the
     * pairs FAILED ({@code failed} says why) or none measured.
     *
     * @param perPairLogSd sd of ln(B/A) over the fork pairs (what the next pairs are estimated with)
     * @param stalls       stalled units left out: the reference's and the method's, over every pair
     * @param reached      where its fork pairs ended under the precision rule (within it, the cap, the budget); null without one
     */
    public record Entry(Cell cell, LockStepEstimate estimate, double perPairLogSd, long referenceStalls, long methodStalls, String failed,
                        PairsRule.Reached reached) {
        /** An entry of fixed fork pairs. */
        public Entry(Cell cell, LockStepEstimate estimate, double perPairLogSd, long referenceStalls, long methodStalls, String failed) {
            this(cell, estimate, perPairLogSd, referenceStalls, methodStalls, failed, null);
        }

        public String method() {
            return cell.method();
        }

        public boolean measured() {
            return estimate != null;
        }
    }

    public ReferenceComparison {
        entries = List.copyOf(entries);
    }

    /** Every cell with the same fixed fork pairs. */
    public ReferenceComparison(Context context, String reference, int forkPairs, List<Entry> entries) {
        this(context, reference, forkPairs, entries, null);
    }

    /** "5", or "5–10" when a precision rule gave the cells different fork pairs: the measured entries' least and most. */
    public String forkPairsText() {
        return pairsText(entries, forkPairs);
    }

    /** The least and most fork pairs of the measured entries ("5" or "5–10"); {@code otherwise} when none is measured. */
    static String pairsText(java.util.Collection<Entry> entries, int otherwise) {
        java.util.IntSummaryStatistics s = entries.stream().filter(Entry::measured).mapToInt(e -> e.estimate().n()).summaryStatistics();
        if (s.getCount() == 0) return Integer.toString(otherwise);
        return s.getMin() == s.getMax() ? Integer.toString(s.getMin()) : s.getMin() + "–" + s.getMax();
    }

    /** The entries of one group (the cell without its method: block, batch, preallocation). */
    public List<Entry> inGroup(String groupKey) {
        return entries.stream().filter(e -> e.cell().groupKey().equals(groupKey)).toList();
    }

    public Optional<Entry> entry(String groupKey, String method) {
        return inGroup(groupKey).stream().filter(e -> e.method().equals(method)).findFirst();
    }
}
