package io.durabench.soak;

import io.durabench.env.Environment;
import java.time.Instant;
import java.util.List;
import org.HdrHistogram.Histogram;

/** From a soak's seconds to its result: the stall list, the period tests on p99 and max, steady state. */
public final class SoakAnalysis {
    private SoakAnalysis() {
    }

    public static SoakResult of(SoakSettings settings, Environment env, Instant startedAt, SoakResult.Ending ending, String failure,
                                List<SecondStats> seconds, Histogram ops, Histogram syncs, Histogram service, long restarts,
                                double timingCostNanos) {
        List<SecondStats> done = List.copyOf(seconds);
        Stalls.Result stalls = Stalls.find(done);
        Periodicity.Result p99 = Periodicity.of(done.stream().mapToDouble(SecondStats::stallLatencyUs).toArray());
        Periodicity.Result max = Periodicity.of(done.stream().mapToDouble(SecondStats::worstUs).toArray());
        return new SoakResult(settings, env, startedAt, ending, failure, done, ops, syncs, service, restarts, timingCostNanos,
                stalls, p99, max, SoakSteadyState.of(done));
    }
}
