package io.durabench.soak;

import io.durabench.env.Environment;
import java.time.Instant;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What a soak measured and what its analysis says: the seconds it finished (a second cut short by
 * Ctrl-C is left out of everything), the whole run's histograms (ns), and the stall list, the
 * period tests, the steady-state comparison and the measured cost of timing.
 */
public record SoakResult(SoakSettings settings, Environment environment, Instant startedAt, Ending ending, String failure,
                         List<SecondStats> seconds, Histogram ops, Histogram syncs, Histogram service, long restarts,
                         double timingCostNanos, Stalls.Result stalls, Periodicity.Result periodP99, Periodicity.Result periodMax,
                         SoakSteadyState.Result steadyState) {

    /** How the soak ended. */
    public enum Ending {
        COMPLETED, INTERRUPTED, FAILED;

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public long totalOps() {
        return ops.getTotalCount();
    }

    public int secondsDone() {
        return seconds.size();
    }

    /** Operations per second over the seconds done. */
    public double achievedRate() {
        return seconds.isEmpty() ? 0 : totalOps() / (double) seconds.size();
    }

    /**
     * At a fixed rate: whether the storage kept up, i.e. achieved at least {@value #KEPT_UP_SHARE} of the rate
     * asked (the loop catches up after a stall, so a short one costs nothing here: the latency shows it).
     */
    public boolean keptUp() {
        return !settings.fixedRate() || achievedRate() >= KEPT_UP_SHARE * settings.ratePerSecond();
    }

    public static final double KEPT_UP_SHARE = 0.99;

    /** Seconds per restart of the log region (NaN: none), to compare with a period found. */
    public double secondsPerRestart() {
        return restarts == 0 ? Double.NaN : seconds.size() / (double) restarts;
    }
}
