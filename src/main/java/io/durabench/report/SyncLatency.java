package io.durabench.report;

import io.durabench.stats.Estimate;
import java.util.List;

/**
 * The sync call's own latency for a report row (methods with a separate sync call, in runs that
 * recorded it): each percentile's per-fork figure with its interval over forks, and the percentiles
 * of every fork's syncs pooled, as fio reports them.
 *
 * @param intervals p50, p99 and p99.9 ({@link ReportRow#PERCENTILES}) over forks, µs; entries null with one fork
 * @param pooledUs  p50, p99, p99.9 and max of all the row's sync calls together, µs
 * @param syncs     sync calls timed
 * @param forks     forks that timed them
 * @param forksUs   p50, p99 and p99.9 of each fork, µs: what an SLO on the sync call is judged on
 */
public record SyncLatency(List<Estimate> intervals, double[] pooledUs, long syncs, int forks, List<double[]> forksUs) {

    /** The interval over forks of the p-th percentile (50, 99 or 99.9); null with one fork. */
    public Estimate interval(double p) {
        int i = ReportRow.PERCENTILES.indexOf(p);
        return i < 0 || i >= intervals.size() ? null : intervals.get(i);
    }

    /** Each fork's p-th percentile (50, 99 or 99.9), µs; empty for another p. */
    public double[] forks(double p) {
        int i = ReportRow.PERCENTILES.indexOf(p);
        return i < 0 ? new double[0] : forksUs.get(i);
    }

    /** The pooled p-th percentile (50, 99 or 99.9), µs; NaN for another p. */
    public double pooledUs(double p) {
        int i = ReportRow.PERCENTILES.indexOf(p);
        return i < 0 ? Double.NaN : pooledUs[i];
    }

    public double maxUs() {
        return pooledUs[3];
    }
}
