package io.durabench.report;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A decision table's lock-step figures on one target: each durable method at the table's centre
 * against the run's reference (its {@link ReferenceComparison.Entry}), the fastest set decided on
 * them, and each method's comparison with the fastest: X against Y, neither the reference, is the
 * ratio of their ratios to the reference, the two variances added (they are separate fork pairs).
 *
 * @param fastest      the methods not resolved slower than the fastest (Holm over the table's methods at 0.05)
 * @param best         the method with the lowest ratio to the reference (the reference itself when none is below 1)
 * @param versusBest   per method but the best: its ratio to the best with its 95% interval and Holm-adjusted p
 * @param undecided    durable methods of the table with no lock-step figure here (failed, or not paired), left out of the decision
 */
public record LockStepColumn(String reference, int forkPairs, Map<String, ReferenceComparison.Entry> byMethod, Set<String> fastest,
                             String best, Map<String, Versus> versusBest, List<String> undecided) {

    /** "5", or "5–10" when a precision rule gave the methods different fork pairs. */
    public String forkPairsText() {
        return ReferenceComparison.pairsText(byMethod.values(), forkPairs);
    }

    /**
     * X against the best: X/best as exp of the difference of their mean ln ratios to the reference,
     * with its Welch t interval, p and Holm-adjusted p over the table's methods; {@code perPairLogSd}
     * the sd of that difference per fork pair (each side's own, added), for how many more pairs would resolve it.
     */
    public record Versus(double ratio, double low, double high, double p, double adjustedP, double perPairLogSd, int forkPairs) {
    }
}
