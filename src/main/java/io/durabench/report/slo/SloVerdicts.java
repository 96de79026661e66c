package io.durabench.report.slo;

import io.durabench.slo.Slo;
import io.durabench.slo.SloJudge;
import io.durabench.slo.SloMetric;
import io.durabench.slo.SloVerdict;
import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.slo.SloVerdict.Outcome;
import io.durabench.stats.Estimate;
import java.util.ArrayList;
import java.util.List;

/**
 * Every SLO judged on every target of a report, from what the run recorded: the row of the SLO's
 * cell on that target ({@link SloCells}), its figure's value in each fork, and {@link SloJudge}'s
 * bounds on it. A target with no stable storage is never met: there is nothing durable to meet an
 * SLO with.
 */
public final class SloVerdicts {
    static final String NO_SYNC_LATENCY = "this run recorded no sync-call latency (no call-latency.hlog: runs before durabench timed"
            + " its syncs; measure again)";
    static final String SYNC_IN_WRITE = "no separate sync call: the write itself syncs, so its op time is the figure (drop 'sync')";

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

    static SloVerdict judge(Slo slo, Context c, String target, ReportRow row) {
        if (c.hasNoStableStorage()) return new SloVerdict(slo, c.label(), target, Outcome.NOT_DURABLE, null, "no stable storage behind " + c.place());
        if (row == null) return new SloVerdict(slo, c.label(), target, Outcome.NOT_MEASURED, null, "this target did not measure the cell");
        if (row.na() != null) return new SloVerdict(slo, c.label(), target, Outcome.UNDECIDED, null, "the cell is n/a here: " + row.na());
        if (row.failed() != null) return new SloVerdict(slo, c.label(), target, Outcome.UNDECIDED, null, "the cell FAILED here: " + row.failed());
        if (!row.durable()) return new SloVerdict(slo, c.label(), target, Outcome.NOT_DURABLE, null, row.notDurableBecause());
        if (slo.metric().syncCall() && row.syncLatency() == null) {
            return new SloVerdict(slo, c.label(), target, Outcome.UNDECIDED, null, noSyncLatency(row));
        }
        double[] forks = forkValues(row, slo.metric());
        double point = pointPercentile(row, slo.metric());
        if (forks.length == 0 && Double.isFinite(point)) {
            // A percentile without a figure per fork (an old result): a figure, but nothing to judge it by.
            return new SloVerdict(slo, c.label(), target, Outcome.UNDECIDED, new Estimate(point, Double.NaN, Double.NaN, 0, Double.NaN),
                    "no figure per fork for " + slo.metric().word());
        }
        if (forks.length == 0) {
            return new SloVerdict(slo, c.label(), target, Outcome.UNDECIDED, null, "this run recorded no " + slo.metric().word()
                    + " for the cell (percentiles come from JMH's SampleTime mode)");
        }
        return SloJudge.onForks(slo, c.label(), target, forks, interval(row, slo.metric()));
    }

    /** Why a row has no sync-call latency: its method has no separate sync call, or the run timed none. */
    private static String noSyncLatency(ReportRow row) {
        var method = row.cell().methodValue();
        if (method instanceof io.durabench.workload.SyncMethod m && !m.hasExplicitSync()) return SYNC_IN_WRITE;
        return NO_SYNC_LATENCY;
    }

    /**
     * The row's figure for a metric in each fork, µs: its mean time (ops/s too: the judge inverts it), a percentile of the op or of
     * the sync call; an old one-fork result's mean alone; empty when the run recorded none.
     */
    static double[] forkValues(ReportRow row, SloMetric metric) {
        if (metric.syncCall()) return row.syncLatency() == null ? new double[0] : row.syncLatency().forks(metric.percentile());
        if (metric != SloMetric.MEAN && metric != SloMetric.OPS_PER_SEC) return row.percentileForks(metric.percentile());
        Estimate time = row.time();
        if (time == null || !Double.isFinite(time.mean())) return new double[0];
        return time.betweenForks() ? row.replicateUs() : new double[] {time.mean()};
    }

    /** The report's interval over the same forks (its spread shrunk toward the context's rows); null without one. */
    private static Estimate interval(ReportRow row, SloMetric metric) {
        if (metric.syncCall()) return row.syncLatency() == null ? null : row.syncLatency().interval(metric.percentile());
        return metric == SloMetric.MEAN || metric == SloMetric.OPS_PER_SEC ? row.time() : row.percentileInterval(metric.percentile());
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
}
