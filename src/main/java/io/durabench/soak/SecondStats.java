package io.durabench.soak;

/**
 * One second of a soak, as its interval histograms give it (µs): ops completed in it, their p50,
 * p99 and max, the sync calls' p99 (NaN for a method without a separate sync call, or a second
 * without one), and how long the operation still running at the second's end had been running
 * (0 when none was), and how often the log region had restarted by then (a restart truncates the
 * file: an event of the workload's own, to tell apart from the storage's).
 *
 * <p>Why the operation in flight: a closed loop records a 3 s stall as one slow sample in the
 * second it ends, and the two seconds before hold no operation at all, so their p99 does not
 * exist. The age of the operation in flight at a second's end is a lower bound on its latency,
 * known then: {@link #stallLatencyUs()} takes it, so that a second spent waiting on one call counts
 * as stalled instead of vanishing.
 */
public record SecondStats(int second, long ops, double p50Us, double p99Us, double maxUs, double syncP99Us, double inFlightUs,
                          long restartsSoFar) {

    /** The second's p99 for the stall rule: the completed operations' p99, or the one in flight's age when larger. */
    public double stallLatencyUs() {
        double p99 = ops > 0 ? p99Us : 0;
        return Math.max(p99, inFlightUs);
    }

    /** The worst latency the second saw: its max, or the in-flight age when larger. */
    public double worstUs() {
        return Math.max(ops > 0 ? maxUs : 0, inFlightUs);
    }
}
