package io.durabench.report.slo;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.slo.SloVerdict.Outcome;
import io.durabench.stats.Estimate;
import java.util.ArrayList;
import java.util.List;

/**
 * Every SLO judged on every target of a report, from what the run recorded: the row of the SLO's
 * cell on that target ({@link SloCells}), its figure with the interval over forks, and the side of
 * the threshold the whole interval lies on. A target with no stable storage is never met: there is
 * nothing durable to meet an SLO with.
 */
public final class SloVerdicts {
    static final String NO_SYNC_LATENCY = "this run recorded no sync-call latency (no call-latency.hlog: runs before durabench timed"
            + " its syncs; measure again)";
    static final String SYNC_IN_WRITE = "no separate sync call: the write itself syncs, so its op time is the figure (drop 'sync')";
    static final String ONE_FORK = "one fork per cell: no interval between forks";

    private SloVerdicts() {
    }

    /** The verdicts, SLO by SLO, target by target; a method or cell the results lack is an {@link IllegalArgumentException}. */
    public static List<SloVerdict> of(Report report, List<Slo> slos) {
        ContextNames names = report.contextNames();
        List<SloVerdict> out = new ArrayList<>();
        for (Slo given : slos) {
            SloCells cells = SloCells.of(report.rows(), given);
            Slo slo = given.withMethod(cells.methodLabel());
            for (Context c : report.contexts()) out.add(judge(slo, c, names.of(c), cells.rowOn(c)));
        }
        return out;
    }

    /** True when any verdict is missed: the report's exit code 1. */
    public static boolean anyMissed(List<SloVerdict> verdicts) {
        return verdicts.stream().anyMatch(v -> v.outcome() == Outcome.MISSED);
    }

    static SloVerdict judge(Slo slo, Context c, String target, ReportRow row) {
        if (c.hasNoStableStorage()) return new SloVerdict(slo, c, target, Outcome.NOT_DURABLE, null, "no stable storage behind " + c.place());
        if (row == null) return new SloVerdict(slo, c, target, Outcome.NOT_MEASURED, null, "this target did not measure the cell");
        if (row.na() != null) return new SloVerdict(slo, c, target, Outcome.UNDECIDED, null, "the cell is n/a here: " + row.na());
        if (row.failed() != null) return new SloVerdict(slo, c, target, Outcome.UNDECIDED, null, "the cell FAILED here: " + row.failed());
        if (!row.durable()) return new SloVerdict(slo, c, target, Outcome.NOT_DURABLE, null, row.notDurableBecause());
        if (slo.metric().syncCall() && row.syncLatency() == null) {
            return new SloVerdict(slo, c, target, Outcome.UNDECIDED, null, noSyncLatency(row));
        }
        Estimate e = figure(row, slo.metric());
        double point = pointPercentile(row, slo.metric());
        if (e == null && Double.isFinite(point)) {
            // A percentile without a figure per fork (one fork, an old result): a figure, but nothing to judge it by.
            return new SloVerdict(slo, c, target, Outcome.UNDECIDED, new Estimate(point, Double.NaN, Double.NaN, 0, Double.NaN),
                    "no interval over forks for " + slo.metric().word());
        }
        if (e == null || !Double.isFinite(e.mean())) {
            return new SloVerdict(slo, c, target, Outcome.UNDECIDED, null, "this run recorded no " + slo.metric().word()
                    + " for the cell (percentiles come from JMH's SampleTime mode)");
        }
        return onInterval(slo, c, target, e);
    }

    /**
     * The verdict of a figure with its 99.9% interval over forks: met when the whole interval is on
     * the good side of the threshold, missed when it is all on the bad side, else undecided with how
     * many forks would decide it. One fork's interval (iterations seconds apart) decides nothing.
     * {@code c} may be null where there is no report around the figure (etcd-check judges one directory).
     */
    public static SloVerdict onInterval(Slo slo, Context c, String target, Estimate e) {
        if (!e.betweenForks()) return new SloVerdict(slo, c, target, Outcome.UNDECIDED, e, ONE_FORK);
        if (!e.hasInterval()) return new SloVerdict(slo, c, target, Outcome.UNDECIDED, e, "no interval to judge it by");
        SloOp op = slo.op();
        double t = slo.threshold();
        if (op.holds(e.low(), t) && op.holds(e.high(), t)) return new SloVerdict(slo, c, target, Outcome.MET, e, null);
        if (!op.holds(e.low(), t) && !op.holds(e.high(), t)) return new SloVerdict(slo, c, target, Outcome.MISSED, e, null);
        return new SloVerdict(slo, c, target, Outcome.UNDECIDED, e, "the interval straddles " + slo.shown() + "; " + forksToDecide(e, t));
    }

    /**
     * How many forks in all would narrow the interval to one side: the half-width shrinks about as
     * 1/√n on the log scale, so n·(h/d)² forks, h the half-width and d the distance of the figure
     * from the threshold, both logs; at least one more than now. The t quantile shrinks too and the
     * figure moves, hence "roughly".
     */
    static String forksToDecide(Estimate e, double threshold) {
        if (e.low() <= 0 || threshold <= 0) return "more forks may decide it";
        double h = (Math.log(e.high()) - Math.log(e.low())) / 2;
        double d = Math.abs(Math.log(e.mean()) - Math.log(threshold));
        if (d == 0) return "the figure sits on the threshold: more forks may not decide it";
        int n = e.n();
        long needed = Math.max(n + 1L, (long) Math.ceil(n * (h / d) * (h / d)));
        return "roughly " + needed + " forks in all would decide it (an estimate)";
    }

    /** Why a row has no sync-call latency: its method has no separate sync call, or the run timed none. */
    private static String noSyncLatency(ReportRow row) {
        var method = row.cell().methodValue();
        if (method instanceof io.durabench.workload.SyncMethod m && !m.hasExplicitSync()) return SYNC_IN_WRITE;
        return NO_SYNC_LATENCY;
    }

    /** The row's figure for a metric: its mean time, a percentile over forks (the op's or the sync call's), or ops/s (the time interval inverted). */
    static Estimate figure(ReportRow row, SloMetric metric) {
        if (metric.syncCall()) return row.syncLatency() == null ? null : row.syncLatency().interval(metric.percentile());
        return switch (metric) {
            case MEAN -> row.time();
            case OPS_PER_SEC -> perSecond(row.time());
            default -> row.percentileInterval(metric.percentile());
        };
    }

    /** The row's percentile over all its samples (NaN for the mean and ops/s, or without SampleTime or sync timing). */
    private static double pointPercentile(ReportRow row, SloMetric metric) {
        if (metric.syncCall()) return row.syncLatency() == null ? Double.NaN : row.syncLatency().pooledUs(metric.percentile());
        return switch (metric) {
            case P50 -> row.p50Us();
            case P99 -> row.p99Us();
            case P999 -> row.p999Us();
            default -> Double.NaN;
        };
    }

    private static Estimate perSecond(Estimate time) {
        if (time == null) return null;
        return new Estimate(1e6 / time.mean(), 1e6 / time.high(), 1e6 / time.low(), time.n(), Double.NaN, time.df(), time.basis());
    }
}
