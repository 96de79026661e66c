package io.durabench.results;

import java.util.List;

/**
 * One JMH metric as written in the JSON: JMH's own score and error, and the raw data the report
 * recomputes its statistics from. {@code rawData} holds one list of iteration scores per fork;
 * SampleTime writes {@code histogram} instead: per fork, per iteration, (value, count) pairs.
 */
public record Metric(double score, double scoreError, String unit,
                     List<double[]> rawData, List<List<double[]>> histogram) {

    public boolean hasHistogram() {
        return histogram != null && !histogram.isEmpty();
    }

    public boolean hasRawData() {
        return rawData != null && rawData.stream().anyMatch(fork -> fork.length > 0);
    }
}
