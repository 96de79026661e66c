package io.durabench.results;

import java.util.List;
import java.util.Map;

/**
 * One JMH metric as written in the JSON: JMH's own score and error, and the raw data the report
 * recomputes its statistics from. {@code rawData} holds one list of iteration scores per fork;
 * SampleTime writes {@code histogram} instead: per fork, per iteration, (value, count) pairs.
 * {@code jmhPercentiles} are JMH's own {@code scorePercentiles} (percentile → value), one map per
 * JMH entry read into this metric: one per round for a cell measured in rounds (each round one
 * fork), so a percentile is JMH's figure for each fork, and its spread over forks is known.
 */
public record Metric(double score, double scoreError, String unit,
                     List<double[]> rawData, List<List<double[]>> histogram, List<Map<Double, Double>> jmhPercentiles) {

    public Metric(double score, double scoreError, String unit, List<double[]> rawData, List<List<double[]>> histogram) {
        this(score, scoreError, unit, rawData, histogram, List.of());
    }

    public boolean hasHistogram() {
        return histogram != null && !histogram.isEmpty();
    }

    public boolean hasRawData() {
        return rawData != null && rawData.stream().anyMatch(fork -> fork.length > 0);
    }
}
