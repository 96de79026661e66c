package io.durabench.report;

import java.util.List;
import java.util.Map;

/**
 * The measured figures of one row in µs per op, from whichever JMH modes ran: the mean and its
 * interval from AverageTime (else SampleTime, Throughput, SingleShot), percentiles from SampleTime,
 * syncs per write from the benchmark's counters.
 */
record RowFigures(Estimate time, String source, double p50, double p99, double p999, double syncsPerWrite) {
    private static final List<String> MEAN_PREFERENCE = List.of("avgt", "sample", "thrpt", "ss");

    static RowFigures notApplicable() {
        return new RowFigures(null, null, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    static RowFigures of(Map<String, BenchmarkResult> byMode) {
        BenchmarkResult meanFrom = null;
        for (String mode : MEAN_PREFERENCE) {
            if (byMode.containsKey(mode)) {
                meanFrom = byMode.get(mode);
                break;
            }
        }
        if (meanFrom == null) meanFrom = byMode.values().iterator().next();
        Estimate time = estimate(meanFrom.primary());
        String source = meanFrom.mode() + ", n=" + time.n();

        double p50 = Double.NaN, p99 = Double.NaN, p999 = Double.NaN;
        BenchmarkResult sample = byMode.get("sample");
        if (sample != null) {
            p50 = percentileUs(sample.primary(), 50);
            p99 = percentileUs(sample.primary(), 99);
            p999 = percentileUs(sample.primary(), 99.9);
        }
        double spw = Double.NaN;
        for (BenchmarkResult r : byMode.values()) {
            spw = syncsPerWrite(r.secondary());
            if (!Double.isNaN(spw)) break;
        }
        return new RowFigures(time, source, p50, p99, p999, spw);
    }

    /** The p-th percentile (0..100) of a SampleTime metric's pooled samples in µs/op; NaN without a histogram. */
    static double percentileUs(Metric m, double p) {
        return m.hasHistogram() ? Units.toMicrosPerOp(Stats.percentile(m.histogram(), p), m.unit()) : Double.NaN;
    }

    /** Mean and interval in µs/op from the raw data; JMH's own score ± error only when there is none. */
    static Estimate estimate(Metric m) {
        return estimate(m, v -> Units.toMicrosPerOp(v, m.unit()));
    }

    /** Mean and interval in ops/s (commits/s), from the raw data like {@link #estimate(Metric)}. */
    static Estimate opsPerSecEstimate(Metric m) {
        return estimate(m, v -> Units.toOpsPerSec(v, m.unit()));
    }

    /**
     * Mean and interval of the iteration scores converted one by one (a throughput becomes a time
     * per op iteration by iteration, so the interval is in the target unit too).
     */
    private static Estimate estimate(Metric m, java.util.function.DoubleUnaryOperator convert) {
        double[] values;
        if (m.hasHistogram()) {
            values = Stats.iterationMeans(m.histogram());
        } else if (m.hasRawData()) {
            values = m.rawData().stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        } else {
            double mean = convert.applyAsDouble(m.score());
            double a = convert.applyAsDouble(m.score() - m.scoreError());
            double b = convert.applyAsDouble(m.score() + m.scoreError());
            return new Estimate(mean, Math.min(a, b), Math.max(a, b), 0, Double.NaN);
        }
        for (int i = 0; i < values.length; i++) values[i] = convert.applyAsDouble(values[i]);
        return Stats.ofSamples(values);
    }

    /** (syncCalls + syncedWrites) / writes, from the AuxCounters the durabench benchmarks publish. */
    static double syncsPerWrite(Map<String, Metric> secondary) {
        Metric writes = secondary.get("writes");
        if (writes == null || !(writes.score() > 0)) return Double.NaN;
        double syncs = score(secondary.get("syncCalls")) + score(secondary.get("syncedWrites"));
        return syncs / writes.score();
    }

    /** syncs / commits, from the AuxCounters GroupCommit publishes; NaN without commits. */
    static double syncsPerCommit(Map<String, Metric> secondary) {
        Metric commits = secondary.get("commits");
        if (commits == null || !(commits.score() > 0)) return Double.NaN;
        return score(secondary.get("syncs")) / commits.score();
    }

    private static double score(Metric m) {
        return m == null || Double.isNaN(m.score()) ? 0 : m.score();
    }
}
