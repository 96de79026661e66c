package io.durabench.bench;

import io.durabench.results.CallLatencyLog;
import io.durabench.workload.CallLatencies;
import io.durabench.workload.DurableWriteLoop;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * A fork's timing of its write and sync calls, for the suite: on when the suite named a log file
 * ({@link CallLatencyLog#FILE_PROPERTY}), off for a plain JMH run. Warmup iterations are timed too
 * (the measured code path is the warmed one) but discarded; the measurement iterations together are
 * the fork's interval, appended to the log when the trial ends.
 */
final class CallTiming {
    private final Path file;
    private final int round;
    private final String mode;
    private final String cellKey;
    private final CallLatencies latencies = new CallLatencies();
    private boolean measuring;
    private long startMillis;

    private CallTiming(Path file, int round, BenchmarkParams params) {
        this.file = file;
        this.round = round;
        this.mode = params.getMode().shortLabel();
        Map<String, String> values = new LinkedHashMap<>();
        for (String k : params.getParamsKeys()) values.put(k, params.getParam(k));
        this.cellKey = CallLatencyLog.cellKey(params.getBenchmark(), values);
    }

    /** Timing for this fork, or null when the suite asked for none. */
    static CallTiming of(BenchmarkParams params) {
        String file = System.getProperty(CallLatencyLog.FILE_PROPERTY);
        if (file == null || file.isBlank()) return null;
        return new CallTiming(Path.of(file), Integer.getInteger(CallLatencyLog.ROUND_PROPERTY, 0), params);
    }

    /** At each iteration's start: warmups are discarded, the measurement iterations kept together. */
    void iteration(IterationParams ip, DurableWriteLoop loop) {
        loop.timeCalls(latencies);
        if (ip.getType() == IterationType.WARMUP || !measuring) latencies.reset();
        if (ip.getType() == IterationType.MEASUREMENT && !measuring) {
            measuring = true;
            startMillis = System.currentTimeMillis();
        }
    }

    /** At the trial's end, before anything outside the measurement is synced: the fork's interval. */
    void trialEnd(DurableWriteLoop loop) {
        loop.timeCalls(null);
        if (!measuring) return;
        CallLatencyLog.append(file, mode, cellKey, round,
                Map.of(CallLatencyLog.Call.WRITE, latencies.writes(), CallLatencyLog.Call.SYNC, latencies.syncs()),
                startMillis, System.currentTimeMillis());
    }
}
