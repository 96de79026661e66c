package io.durabench.report.analysis;

import io.durabench.catalogue.Counters;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.Metric;
import io.durabench.results.Units;
import io.durabench.stats.AbsoluteFigure;
import io.durabench.stats.Estimate;
import io.durabench.stats.OutlierIterations;
import io.durabench.stats.Stats;
import io.durabench.stats.SteadyState;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/**
 * The measured figures of one row in µs per op, from whichever JMH modes ran: the mean and its
 * interval from AverageTime (else SampleTime, Throughput, SingleShot), percentiles from SampleTime,
 * flushes per operation from the benchmark's counters (the catalogue's one definition), and whether
 * its forks' iterations (in run order) are steady.
 */
record RowFigures(Estimate time, String source, String replication, double p50, double p99, double p999, double syncsPerOp, double[] replicateUs,
                  OutlierIterations stalls, SteadyState steadyState, AbsoluteFigure absolute) {
    private static final List<String> MEAN_PREFERENCE = List.of("avgt", "sample", "thrpt", "ss");

    /** The result the mean comes from: AverageTime, else SampleTime, Throughput, SingleShot. */
    static BenchmarkResult meanSource(Map<String, BenchmarkResult> byMode) {
        for (String mode : MEAN_PREFERENCE) {
            if (byMode.containsKey(mode)) return byMode.get(mode);
        }
        return byMode.values().iterator().next();
    }

    /** Each fork's iterations in µs/op, converted one by one. */
    static List<double[]> forksUs(Map<String, BenchmarkResult> byMode) {
        BenchmarkResult r = meanSource(byMode);
        String unit = r.primary().unit();
        return r.forks().stream().map(f -> Arrays.stream(f).map(v -> Units.toMicrosPerOp(v, unit)).toArray()).toList();
    }

    /** Each fork's mean time in µs/op over its kept iterations (stalls left out: OutlierIterations): the row's replicates. */
    static double[] forkMeansUs(Map<String, BenchmarkResult> byMode) {
        return OutlierIterations.of(forksUs(byMode)).forkMeans();
    }

    /**
     * @param fromForks the row's mean with its interval between forks ({@link io.durabench.stats.ForkIntervals}),
     *                  or null when it has one fork: then the iterations of that fork, marked as such
     * @param absolute  the row's mean as a figure quoted alone (one fork: its iterations', made here)
     */
    static RowFigures of(Map<String, BenchmarkResult> byMode, Counters counters, Estimate fromForks, AbsoluteFigure absolute) {
        BenchmarkResult meanFrom = meanSource(byMode);
        Metric primary = meanFrom.primary();
        double[] iterations = iterationValues(primary, v -> Units.toMicrosPerOp(v, primary.unit()));
        List<double[]> forksUs = forksUs(byMode);
        OutlierIterations outliers = OutlierIterations.of(forksUs);
        // One old fork: its kept iterations (a stall left out there too, and named).
        Estimate time = fromForks != null ? fromForks
                : forksUs.isEmpty() ? estimate(primary) : Stats.ofSamples(OutlierIterations.keptIterations(forksUs));
        int forks = Math.max(1, meanFrom.forks().size());
        int perFork = iterations == null ? 0 : iterations.length / forks;
        String replication = forks + (forks == 1 ? " fork" : " forks") + " x " + perFork + " iterations";
        String source = meanFrom.mode() + ", n=" + replication
                + (fromForks == null && iterations != null ? " (interval within one fork)" : "");

        double p50 = Double.NaN, p99 = Double.NaN, p999 = Double.NaN;
        BenchmarkResult sample = byMode.get("sample");
        if (sample != null) {
            p50 = percentileUs(sample.primary(), 50);
            p99 = percentileUs(sample.primary(), 99);
            p999 = percentileUs(sample.primary(), 99.9);
            // Runs before SampleTime-only profiles measured the mean and the percentiles in separate forks: say so.
            if (sample != meanFrom) source += "; percentiles from separate SampleTime forks";
        }
        double[] replicates = fromForks != null ? outliers.forkMeans()
                : forksUs.isEmpty() ? new double[0] : OutlierIterations.keptIterations(forksUs);
        if (!outliers.leftOut().isEmpty()) source += "; " + outliers.leftOut().size() + " stalled iteration(s) left out";
        return new RowFigures(time, source, replication, p50, p99, p999, flushesPerOp(byMode.values(), counters), replicates,
                outliers, SteadyState.of(forksUs), fromForks != null ? absolute
                        : forksUs.isEmpty() ? null : AbsoluteFigure.ofIterations(OutlierIterations.keptIterations(forksUs)));
    }

    /** JMH's own p-th percentile of each round (each one fork in a run in rounds), in µs/op; empty without SampleTime. */
    static double[] percentileForksUs(Map<String, BenchmarkResult> byMode, double p) {
        BenchmarkResult sample = byMode.get("sample");
        if (sample == null) return new double[0];
        String unit = sample.primary().unit();
        return sample.primary().jmhPercentiles().stream().map(m -> m.get(p)).filter(java.util.Objects::nonNull)
                .mapToDouble(v -> Units.toMicrosPerOp(v, unit)).toArray();
    }

    /** From the first result (in mode order) that carries the counters: every mode counts the same events. */
    static double flushesPerOp(Iterable<BenchmarkResult> results, Counters counters) {
        for (BenchmarkResult r : results) {
            double v = counters.flushesPerOperation(r::counter);
            if (!Double.isNaN(v)) return v;
        }
        return Double.NaN;
    }

    /**
     * The p-th percentile (0..100) of a SampleTime metric in µs/op: JMH's own figure (its
     * scorePercentiles) for each round, averaged over the rounds (each one fork in a run made in
     * rounds), so the number is the one JMH printed and comes from the same forks as the mean; from
     * the histogram by JMH's definition when the file has no scorePercentiles; NaN without either.
     */
    static double percentileUs(Metric m, double p) {
        double sum = 0;
        int n = 0;
        for (Map<Double, Double> round : m.jmhPercentiles()) {
            Double v = round.get(p);
            if (v == null) continue;
            sum += v;
            n++;
        }
        if (n > 0) return Units.toMicrosPerOp(sum / n, m.unit());
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
