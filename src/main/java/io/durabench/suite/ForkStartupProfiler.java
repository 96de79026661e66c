package io.durabench.suite;

import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler that runs in the fork and reports when, on the wall clock, its first iteration began (JMH's
 * hand-shake done, the trial's set-up not yet: it runs inside the iteration, on the benchmark's thread) and
 * ended: what {@link ForkStartup} needs, timing the rest from the host. Milliseconds since the epoch, so host
 * and fork read one clock. Nothing is loaded or read before the time is taken.
 */
public final class ForkStartupProfiler implements InternalProfiler {
    static final String FIRST_BEGIN = "startup.firstIterationBegin";
    static final String FIRST_END = "startup.firstIterationEnd";

    private long firstBegin = -1;
    private long firstEnd = -1;

    @Override
    public String getDescription() {
        return "durabench: when this fork's first iteration began (durabench fork-startup)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmark, IterationParams iteration) {
        if (firstBegin < 0) firstBegin = System.currentTimeMillis();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmark, IterationParams iteration, IterationResult result) {
        if (firstEnd < 0) firstEnd = System.currentTimeMillis();
        return List.of(new ScalarResult(FIRST_BEGIN, firstBegin, "ms", AggregationPolicy.MIN),
                new ScalarResult(FIRST_END, firstEnd, "ms", AggregationPolicy.MIN));
    }
}
