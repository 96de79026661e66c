package io.durabench.report;

import io.durabench.catalogue.Cell;
import io.durabench.stats.Estimate;

/**
 * One durabench row: a method in one group (context, benchmark, block size, batch, preallocation),
 * all times in µs per operation. Interval fields are NaN when they cannot be computed. A row that
 * produced no number says why: {@code na} for a combination the platform refuses by design,
 * {@code failed} for one that broke (then the figures are NaN) — never one for the other.
 */
public record ReportRow(int id, Cell cell, Context context, String method, String groupKey, boolean baseline,
                        Estimate time, String statsSource, double p50Us, double p99Us, double p999Us,
                        double baselineUs, Estimate ratio, Estimate cost, double syncsPerWrite,
                        boolean durable, String notDurableBecause, String na, String failed) implements Durability {

    /** The JMH name of the benchmark. */
    public String benchmark() {
        return cell.benchmark().jmhName();
    }

    public double meanUs() {
        return time == null ? Double.NaN : time.mean();
    }

    public double opsPerSec() {
        return 1e6 / meanUs();
    }

    public boolean measured() {
        return na == null && failed == null && time != null && Double.isFinite(time.mean());
    }

    /** The params that define the group, without the method and target directory: "512 B, 1 write per sync, prealloc NONE". */
    public String groupLabel() {
        return cell.groupLabel();
    }

    public String shortBenchmark() {
        return cell.benchmark().shortName();
    }
}
