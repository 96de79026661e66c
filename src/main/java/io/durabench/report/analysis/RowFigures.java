package io.durabench.report.analysis;

import io.durabench.catalogue.Counters;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.Metric;
import io.durabench.results.Units;
import io.durabench.stats.Estimate;
import io.durabench.stats.Stats;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/**
 * The measured figures of one row in µs per op, from whichever JMH modes ran: the mean and its
 * interval from AverageTime (else SampleTime, Throughput, SingleShot), percentiles from SampleTime,
 * flushes per operation from the benchmark's counters (the catalogue's one definition).
 */
record RowFigures(Estimate time, String source, double p50, double p99, double p999, double syncsPerOp, double[] iterationUs) {
    private static final List<String> MEAN_PREFERENCE = List.of("avgt", "sample", "thrpt", "ss");

    static RowFigures of(Map<String, BenchmarkResult> byMode, Counters counters) {
        BenchmarkResult meanFrom = null;
        for (String mode : MEAN_PREFERENCE) {
            if (byMode.containsKey(mode)) {
                meanFrom = byMode.get(mode);
                break;
            }
        }
        if (meanFrom == null) meanFrom = byMode.values().iterator().next();
        Metric primary = meanFrom.primary();
        double[] iterations = iterationValues(primary, v -> Units.toMicrosPerOp(v, primary.unit()));
        Estimate time = estimate(primary);
        String source = meanFrom.mode() + ", n=" + time.n();

        double p50 = Double.NaN, p99 = Double.NaN, p999 = Double.NaN;
        BenchmarkResult sample = byMode.get("sample");
        if (sample != null) {
            p50 = percentileUs(sample.primary(), 50);
            p99 = percentileUs(sample.primary(), 99);
            p999 = percentileUs(sample.primary(), 99.9);
        }
        return new RowFigures(time, source, p50, p99, p999, flushesPerOp(byMode.values(), counters),
                iterations == null ? new double[0] : iterations);
    }

    /** From the first result (in mode order) that carries the counters: every mode counts the same events. */
    static double flushesPerOp(Iterable<BenchmarkResult> results, Counters counters) {
        for (BenchmarkResult r : results) {
            double v = counters.flushesPerOperation(r::counter);
            if (!Double.isNaN(v)) return v;
        }
        return Double.NaN;
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
    private static Estimate estimate(Metric m, DoubleUnaryOperator convert) {
        double[] values = iterationValues(m, convert);
        if (values == null) {
            double mean = convert.applyAsDouble(m.score());
            double a = convert.applyAsDouble(m.score() - m.scoreError());
            double b = convert.applyAsDouble(m.score() + m.scoreError());
            return new Estimate(mean, Math.min(a, b), Math.max(a, b), 0, Double.NaN);
        }
        return Stats.ofSamples(values);
    }

    /** Each iteration's score in the target unit; null when JMH kept no raw data. */
    private static double[] iterationValues(Metric m, DoubleUnaryOperator convert) {
        double[] values;
        if (m.hasHistogram()) {
            values = Stats.iterationMeans(m.histogram());
        } else if (m.hasRawData()) {
            values = m.rawData().stream().flatMapToDouble(Arrays::stream).toArray();
        } else {
            return null;
        }
        for (int i = 0; i < values.length; i++) values[i] = convert.applyAsDouble(values[i]);
        return values;
    }
}
