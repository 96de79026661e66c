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
        if (sample != null && sample.primary().hasHistogram()) {
            Metric m = sample.primary();
            p50 = Units.toMicrosPerOp(Stats.percentile(m.histogram(), 50), m.unit());
            p99 = Units.toMicrosPerOp(Stats.percentile(m.histogram(), 99), m.unit());
            p999 = Units.toMicrosPerOp(Stats.percentile(m.histogram(), 99.9), m.unit());
        }
        double spw = Double.NaN;
        for (BenchmarkResult r : byMode.values()) {
            spw = syncsPerWrite(r.secondary());
            if (!Double.isNaN(spw)) break;
        }
        return new RowFigures(time, source, p50, p99, p999, spw);
    }

    /** Mean and interval in µs/op from the raw data; JMH's own score ± error only when there is none. */
    static Estimate estimate(Metric m) {
        double[] values;
        if (m.hasHistogram()) {
            values = Stats.iterationMeans(m.histogram());
        } else if (m.hasRawData()) {
            values = m.rawData().stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        } else {
            double mean = Units.toMicrosPerOp(m.score(), m.unit());
            double a = Units.toMicrosPerOp(m.score() - m.scoreError(), m.unit());
            double b = Units.toMicrosPerOp(m.score() + m.scoreError(), m.unit());
            return new Estimate(mean, Math.min(a, b), Math.max(a, b), 0, Double.NaN);
        }
        // Throughput iterations become time per op one by one, so the interval is in µs/op too.
        for (int i = 0; i < values.length; i++) values[i] = Units.toMicrosPerOp(values[i], m.unit());
        return Stats.ofSamples(values);
    }

    /** (syncCalls + syncedWrites) / writes, from the AuxCounters the durabench benchmarks publish. */
    static double syncsPerWrite(Map<String, Metric> secondary) {
        Metric writes = secondary.get("writes");
        if (writes == null || !(writes.score() > 0)) return Double.NaN;
        double syncs = score(secondary.get("syncCalls")) + score(secondary.get("syncedWrites"));
        return syncs / writes.score();
    }

    private static double score(Metric m) {
        return m == null || Double.isNaN(m.score()) ? 0 : m.score();
    }
}
