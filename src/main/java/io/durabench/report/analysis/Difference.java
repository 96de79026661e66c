package io.durabench.report.analysis;

import io.durabench.report.Fmt;
import io.durabench.stats.Estimate;
import io.durabench.stats.Stats;

/**
 * a − b with its Welch interval, and what the interval supports: a is lower, higher, or no
 * difference is resolved (the interval includes zero, or there is no interval at all). Findings
 * only ever name a winner when the verdict is not {@link Verdict#UNRESOLVED}.
 */
record Difference(Estimate estimate) {

    enum Verdict { LOWER, HIGHER, UNRESOLVED }

    static Difference of(Estimate a, Estimate b) {
        return new Difference(Stats.difference(a, b));
    }

    Verdict verdict() {
        if (!estimate.hasInterval()) return Verdict.UNRESOLVED;
        if (estimate.high() < 0) return Verdict.LOWER;
        if (estimate.low() > 0) return Verdict.HIGHER;
        return Verdict.UNRESOLVED;
    }

    boolean resolved() {
        return verdict() != Verdict.UNRESOLVED;
    }

    /** The size of the difference as a positive figure with its interval: "82 µs [20, 144]". */
    String magnitude() {
        Estimate e = estimate;
        Estimate abs = e.mean() >= 0 ? e : new Estimate(-e.mean(), -e.high(), -e.low(), e.n(), e.varOfMean());
        return Fmt.usWithInterval(abs);
    }

    /** The signed difference, for "no difference resolved (-130 µs [-309, 50])". */
    String signed() {
        return Fmt.usWithInterval(estimate);
    }
}
