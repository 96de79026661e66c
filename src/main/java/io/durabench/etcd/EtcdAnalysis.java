package io.durabench.etcd;

import io.durabench.slo.Slo;
import io.durabench.slo.SloParser;
import io.durabench.slo.SloVerdict;
import io.durabench.slo.SloJudge;
import io.durabench.stats.Estimate;
import io.durabench.stats.ForkIntervals;
import io.durabench.stats.GeometricMean;
import io.durabench.stats.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * What the rounds say: each figure's mean over durabench's forks with its 99.9% interval, fio's
 * the same way over its runs, durabench ÷ fio per figure, the pooled sync p99, and etcd's verdict
 * (a job without a rule, {@link ForkJob#URING_QD1}, has none: verdict null).
 *
 * <p>A percentile per fork is averaged as the report averages its per-fork percentiles
 * ({@link ForkIntervals}, this one row alone). The verdict is the report's SLO rule on the forks'
 * sync p99s ({@link SloJudge#onForks}: met when the one-sided 99% upper bound on their long-run mean
 * is below 10 ms, missed when the lower one is above, else undecided); a target without stable
 * storage is "not durable here", never met. durabench ÷ fio is
 * paired by round (the two ran back to back): the geometric mean of the rounds' ratios
 * ({@link GeometricMean} at 99.9%), so drift that moves both tools cancels. The max rows are the worst fork, with no interval and no ratio.
 */
public record EtcdAnalysis(Map<JobFigures.JobFigure, Estimate> ours, Map<JobFigures.JobFigure, Estimate> fio,
                           Map<JobFigures.JobFigure, GeometricMean> ratios, double pooledSyncP99Us, long pooledSyncs,
                           SloVerdict verdict, String failed) {

    /** The rule as parsed by --slo's own grammar: "FDATASYNC sync p99 < 10 ms". */
    public static final Slo RULE = SloParser.parse(EtcdJob.RULE);

    /**
     * @param job           the check's job: its rule, if any, is judged
     * @param target        how the verdict names the directory ("ext4 at /data")
     * @param notDurableWhy why the target has no stable storage; null when it has (or may have)
     */
    public static EtcdAnalysis of(ForkJob job, EtcdRounds.Results results, String target, String notDurableWhy) {
        List<EtcdRounds.Round> ok = results.rounds().stream().filter(r -> r.ours().ok()).toList();
        List<JobFigures> ourRuns = ok.stream().map(r -> r.ours().figures()).toList();
        List<EtcdRounds.Round> paired = ok.stream().filter(r -> r.fio() != null && r.fio().ok()).toList();
        List<JobFigures> fioRuns = results.rounds().stream().filter(r -> r.fio() != null && r.fio().ok()).map(r -> r.fio().figures()).toList();
        Map<JobFigures.JobFigure, Estimate> ours = estimates(ourRuns), fio = estimates(fioRuns);
        Map<JobFigures.JobFigure, GeometricMean> ratios = new EnumMap<>(JobFigures.JobFigure.class);
        if (!paired.isEmpty()) {
            for (JobFigures.JobFigure f : JobFigures.JobFigure.values()) {
                if (isMax(f)) continue;
                double[] r = paired.stream().mapToDouble(x -> x.ours().figures().get(f) / x.fio().figures().get(f)).toArray();
                if (Arrays.stream(r).allMatch(v -> v > 0 && Double.isFinite(v))) ratios.put(f, GeometricMean.of(r, Stats.CONFIDENCE));
            }
        }
        Histogram pooled = new Histogram(io.durabench.workload.CallLatencies.HIGHEST_NANOS, io.durabench.workload.CallLatencies.DIGITS);
        ok.forEach(r -> pooled.add(r.ours().syncs()));
        double pooledP99 = pooled.getTotalCount() == 0 ? Double.NaN : pooled.getValueAtPercentile(99) / 1e3;
        String failed = results.rounds().stream().filter(r -> !r.ours().ok()).map(r -> "fork " + r.number() + ": " + r.ours().failed())
                .findFirst().orElse(null);
        SloVerdict verdict = job.rule() == null ? null
                : verdict(target, values(ourRuns, r -> r.get(JobFigures.JobFigure.SYNC_P99)), notDurableWhy, failed);
        return new EtcdAnalysis(ours, fio, ratios, pooledP99, pooled.getTotalCount(), verdict, failed);
    }

    /** etcd's verdict: not durable, FAILED (a fork's sync or write failed), or the SLO rule on the forks' sync p99s (µs). */
    static SloVerdict verdict(String target, double[] syncP99, String notDurableWhy, String failed) {
        if (failed != null) {
            return new SloVerdict(RULE, null, target, SloVerdict.Outcome.MISSED, null, "a write or fdatasync FAILED (" + failed + "): no number");
        }
        if (notDurableWhy != null) {
            double mean = Arrays.stream(syncP99).average().orElse(Double.NaN);
            Estimate figure = new Estimate(mean, Double.NaN, Double.NaN, syncP99.length, Double.NaN, 0, Estimate.Basis.FORKS);
            return new SloVerdict(RULE, null, target, SloVerdict.Outcome.NOT_DURABLE, figure, notDurableWhy);
        }
        if (syncP99.length < 2) {
            return new SloVerdict(RULE, null, target, SloVerdict.Outcome.UNDECIDED, null, "fewer than two forks measured: nothing to bound");
        }
        return SloJudge.onForks(RULE, null, target, syncP99);
    }

    /**
     * The exit code: 0 met or undecided, 1 missed, FAILED or not durable (nothing durable can meet etcd's rule);
     * without a rule, 1 when a fork FAILED, else 0.
     */
    public int exitCode() {
        if (verdict == null) return failed != null ? 1 : 0;
        return switch (verdict.outcome()) {
            case MET, UNDECIDED -> 0;
            case MISSED, NOT_DURABLE, NOT_MEASURED -> 1;
        };
    }

    static boolean isMax(JobFigures.JobFigure f) {
        return f == JobFigures.JobFigure.SYNC_MAX || f == JobFigures.JobFigure.WRITE_MAX;
    }

    /** Per figure: the mean over runs with its interval (two runs or more), the largest for a max row; empty without runs. */
    static Map<JobFigures.JobFigure, Estimate> estimates(List<JobFigures> runs) {
        Map<JobFigures.JobFigure, Estimate> out = new EnumMap<>(JobFigures.JobFigure.class);
        if (runs.isEmpty()) return out;
        for (JobFigures.JobFigure f : JobFigures.JobFigure.values()) {
            double[] v = values(runs, r -> r.get(f));
            if (isMax(f)) {
                double max = Arrays.stream(v).max().orElse(Double.NaN);
                out.put(f, new Estimate(max, Double.NaN, Double.NaN, v.length, Double.NaN, 0, Estimate.Basis.OTHER));
                continue;
            }
            Estimate e = ForkIntervals.alone(v);
            // One run: its value, no interval (ForkIntervals has none to give).
            out.put(f, e != null ? e : new Estimate(v[0], Double.NaN, Double.NaN, 1, Double.NaN, 0, Estimate.Basis.FORKS));
        }
        return out;
    }

    private static double[] values(List<JobFigures> runs, Function<JobFigures, Double> of) {
        List<Double> v = new ArrayList<>();
        runs.forEach(r -> v.add(of.apply(r)));
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
