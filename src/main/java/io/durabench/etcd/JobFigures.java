package io.durabench.etcd;

import org.HdrHistogram.Histogram;

/**
 * One run of etcd's job by either tool: the sync call's and the write call's latency percentiles
 * (µs) and the durable writes per second, the figures fio prints and etcd's operators read.
 * durabench's come from a fork's HdrHistograms (3 significant digits), fio's from its JSON (fio's
 * own log-linear buckets, about 1.5% wide): two histograms of the same calls, not one number twice.
 */
public record JobFigures(double syncP50, double syncP99, double syncP999, double syncMax,
                         double writeP50, double writeP99, double writeP999, double writeMax,
                         double opsPerSec, long syncs) {

    /** The figures of the side-by-side table, in its order, each with how it reads. */
    public enum JobFigure {
        SYNC_P50("sync p50", true), SYNC_P99("sync p99", true), SYNC_P999("sync p99.9", true), SYNC_MAX("sync max", true),
        WRITE_P50("write p50", true), WRITE_P99("write p99", true), WRITE_P999("write p99.9", true), WRITE_MAX("write max", true),
        OPS_PER_SEC("ops/s", false);

        private final String word;
        private final boolean time;

        JobFigure(String word, boolean time) {
            this.word = word;
            this.time = time;
        }

        public String word() {
            return word;
        }

        /** A latency in µs; false for the rate. */
        public boolean isTime() {
            return time;
        }

        /** The JSON key: "syncP99", "opsPerSec". */
        public String key() {
            String[] w = name().toLowerCase(java.util.Locale.ROOT).split("_");
            StringBuilder sb = new StringBuilder(w[0]);
            for (int i = 1; i < w.length; i++) sb.append(Character.toUpperCase(w[i].charAt(0))).append(w[i].substring(1));
            return sb.toString();
        }
    }

    public double get(JobFigure f) {
        return switch (f) {
            case SYNC_P50 -> syncP50;
            case SYNC_P99 -> syncP99;
            case SYNC_P999 -> syncP999;
            case SYNC_MAX -> syncMax;
            case WRITE_P50 -> writeP50;
            case WRITE_P99 -> writeP99;
            case WRITE_P999 -> writeP999;
            case WRITE_MAX -> writeMax;
            case OPS_PER_SEC -> opsPerSec;
        };
    }

    /** A durabench fork's figures: its histograms (ns) and the wall time of its writes and syncs (ns). */
    public static JobFigures of(Histogram writes, Histogram syncs, long nanos) {
        return new JobFigures(us(syncs, 50), us(syncs, 99), us(syncs, 99.9), syncs.getMaxValue() / 1e3,
                us(writes, 50), us(writes, 99), us(writes, 99.9), writes.getMaxValue() / 1e3,
                writes.getTotalCount() / (nanos / 1e9), syncs.getTotalCount());
    }

    /** HdrHistogram's percentile: the highest value equivalent to the sample at that rank, ns → µs. */
    private static double us(Histogram h, double p) {
        return h.getValueAtPercentile(p) / 1e3;
    }
}
