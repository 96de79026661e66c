package io.durabench.slo;

import java.util.Arrays;
import java.util.List;

/**
 * What an SLO bounds. The op-time metrics read a report row (its mean, or JMH's percentile per
 * fork); the sync-call metrics the latency of the sync call alone (fio's "sync" percentiles), which
 * a run records per fork in call-latency.hlog for methods with a separate sync call.
 */
public enum SloMetric {
    MEAN("mean", Double.NaN, false),
    P50("p50", 50.0, false),
    P99("p99", 99.0, false),
    P999("p99.9", 99.9, false),
    OPS_PER_SEC("ops/s", Double.NaN, false),
    SYNC_P50("sync p50", 50.0, true),
    SYNC_P99("sync p99", 99.0, true),
    SYNC_P999("sync p99.9", 99.9, true);

    private final String word;
    private final double percentile;
    private final boolean syncCall;

    SloMetric(String word, double percentile, boolean syncCall) {
        this.word = word;
        this.percentile = percentile;
        this.syncCall = syncCall;
    }

    /** How the grammar spells it: "p99.9", "ops/s", "sync p99". */
    public String word() {
        return word;
    }

    /** The percentile of a pNN metric; NaN for the mean and ops/s. */
    public double percentile() {
        return percentile;
    }

    /** True for the latency of the sync call alone, not the whole operation. */
    public boolean syncCall() {
        return syncCall;
    }

    /** True for a time (bounded with a unit); false for ops/s (a rate, no unit). */
    public boolean isTime() {
        return this != OPS_PER_SEC;
    }

    /** Every metric as the grammar spells it, for the usage line. */
    public static List<String> words() {
        return Arrays.stream(values()).map(SloMetric::word).toList();
    }
}
