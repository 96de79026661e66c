package io.durabench.report;

import io.durabench.format.Fmt;
import io.durabench.catalogue.Cell;
import io.durabench.stats.AbsoluteFigure;
import io.durabench.stats.Estimate;
import io.durabench.stats.OutlierIterations;
import io.durabench.stats.SteadyState;
import java.util.List;

/**
 * One durabench row: a method in one group (context, benchmark, block size, batch, preallocation),
 * all times in µs per operation. Interval fields are NaN when they cannot be computed. A row that
 * produced no number says why: {@code na} for a combination the platform refuses by design,
 * {@code failed} for one that broke (then the figures are NaN) — never one for the other.
 * {@code replicateUs}: what the interval is computed from (each fork's mean time, or an old
 * one-fork result's iterations), for the cost model's line; not a report field.
 * {@code percentileIntervals}: p50, p99 and p99.9, JMH's figure per fork with its interval over
 * forks (as a mean's); entries null where there is none. {@code percentileForksUs}: the same percentiles'
 * value in each fork, what an SLO is judged on (empty arrays without SampleTime).
 * {@code stalls}: the iterations more than 3x off the row's median, left out of the row's figures
 * and named wherever the figure is shown, with each fork's mean with them in
 * ({@link io.durabench.stats.OutlierIterations}); null when not measured.
 * {@code steadyState}: whether the row trends within forks or over the run ({@link SteadyState}), and
 * {@code replication}: what the interval is over, "3 forks x 5 iterations"; both null when not measured.
 * {@code baselineRow}: the row {@code ratio} and {@code cost} are computed against, its own group's
 * baseline or, for a batched group without one (NONE runs only at 1 write per sync), batch 1's; the
 * tables show exactly that row. {@code syncLatency}: the sync call's own latency where the run
 * timed it; null otherwise. {@code absolute}: the mean as a figure quoted alone ({@link #figure()}).
 * {@code device}: what reached the block devices under the target in its forks (the device witness); null
 * where the run recorded none (an older run, a family it does not watch, a plain JMH run).
 */
public record ReportRow(int id, Cell cell, Context context, String method, String groupKey, boolean baseline,
                        Estimate time, String statsSource, String replication, double p50Us, double p99Us, double p999Us,
                        double baselineUs, Estimate ratio, Estimate cost, double syncsPerWrite,
                        boolean durable, String notDurableBecause, String na, String failed,
                        double[] replicateUs, OutlierIterations stalls, SteadyState steadyState, List<Estimate> percentileIntervals,
                        ReportRow baselineRow, SyncLatency syncLatency, List<double[]> percentileForksUs, AbsoluteFigure absolute,
                        DeviceRequests device)
                        implements Durability {

    /** The p50, p99 and p99.9 rows of {@link #percentileIntervals}. */
    public static final List<Double> PERCENTILES = List.of(50.0, 99.0, 99.9);

    /** The interval over forks of the p-th percentile (one of {@link #PERCENTILES}); null without one (one fork, no SampleTime). */
    public Estimate percentileInterval(double p) {
        int i = PERCENTILES.indexOf(p);
        return i < 0 || percentileIntervals == null || i >= percentileIntervals.size() ? null : percentileIntervals.get(i);
    }

    /** Each fork's p-th percentile (one of {@link #PERCENTILES}), µs; empty without SampleTime. */
    public double[] percentileForks(double p) {
        int i = PERCENTILES.indexOf(p);
        return i < 0 || percentileForksUs == null || i >= percentileForksUs.size() ? new double[0] : percentileForksUs.get(i);
    }

    /** The JMH name of the benchmark. */
    public String benchmark() {
        return cell.benchmark().jmhName();
    }

    /**
     * The mean with the interval the tables print: {@link AbsoluteFigure}'s (95%, the disk's level between rounds
     * counted; a row of one old fork: its iterations', marked so); {@link #time}'s where there is none.
     */
    public Estimate figure() {
        return absolute != null ? absolute.interval() : time;
    }

    public double meanUs() {
        return time == null ? Double.NaN : time.mean();
    }

    /** How many iterations stalled (more than 3x off the row's median) and are left out of its figures; 0 when none. */
    public int stalledIterations() {
        return stalls == null ? 0 : stalls.leftOut().size();
    }

    /** The worst stalled iteration's µs per op; NaN when none stalled. */
    public double worstStallUs() {
        return stalledIterations() == 0 ? Double.NaN : stalls.leftOut().get(0).value();
    }

    /** How far the worst stall is off the row's median (10.7 for 10.7x); NaN when none stalled. */
    public double worstStallFactor() {
        return stalledIterations() == 0 ? Double.NaN : stalls.leftOut().get(0).factor();
    }

    /** The mean with the stalls in (each fork's mean over all its iterations, averaged): {@link #meanUs()} when none stalled. */
    public double meanWithStallsUs() {
        return stalledIterations() == 0 ? meanUs() : stalls.meanWithStalls();
    }

    /** "2 iterations left out of the mean, more than 3x off the row's median 412 µs; the worst: ..." for the warnings; null when none. */
    public String outlierIteration() {
        return stalls == null ? null : stalls.describe("µs", Fmt::us);
    }

    public double opsPerSec() {
        return 1e6 / meanUs();
    }

    public boolean measured() {
        return na == null && failed == null && time != null && Double.isFinite(time.mean());
    }

    /**
     * The group heading: the benchmark and the params that define the group, without the method and
     * target directory, in the benchmark's own parameter order (result files list them in any order):
     * "SyncWriteCost.writeBlock, 512 B, 1 write per sync, prealloc NONE".
     */
    public String groupLabel() {
        String params = groupParams();
        return cell.benchmark().shortName() + (params.isEmpty() ? "" : ", " + params);
    }

    /** The params of {@link #groupLabel()} alone: "512 B, 1 write per sync, prealloc NONE" ("" when none). */
    public String groupParams() {
        java.util.List<String> parts = new java.util.ArrayList<>();
        for (var p : cell.benchmark().parameters()) {
            if (p == cell.family().methodAxis() || p == io.durabench.catalogue.Catalogue.TARGET_DIR || !cell.fixes(p)) continue;
            parts.add(p.label(cell.get(p)));
        }
        return String.join(", ", parts);
    }

    /**
     * The method as a reader should see it: an enum value as is ("FDATASYNC"), a yes/no axis with
     * its name ("syncDirectory=false"), because a bare "false" says nothing.
     */
    public String methodLabel() {
        return methodLabel(cell);
    }

    /** {@link #methodLabel()} of any cell: the method axis value, named when it is a boolean. */
    public static String methodLabel(Cell cell) {
        return cell.methodValue() instanceof Boolean ? cell.family().methodAxis().name() + "=" + cell.method() : cell.method();
    }
}
