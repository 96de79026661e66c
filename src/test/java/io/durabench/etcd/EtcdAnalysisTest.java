package io.durabench.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.slo.SloVerdict.Outcome;
import io.durabench.stats.Estimate;
import io.durabench.stats.GeometricMean;
import io.durabench.workload.CallLatencies;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * etcd's verdict on made-up rounds whose sync p99s are known: the mean over forks and its one-sided
 * 99% bounds recomputed here from their formula (t on the logs; the high one at least the slowest
 * fork times its margin), met when the high bound is below 10 ms, missed when the low one is above,
 * undecided between them (exit 0, saying which);
 * durabench ÷ fio paired by round; the pooled p99 from the merged histograms, not the forks' mean.
 */
class EtcdAnalysisTest {
    private static final String TARGET = "ext4 at /data";

    /** A run whose figures are {@code syncP99} for the sync p99 and fixed others; its histograms hold 100 syncs at {@code syncP99} µs. */
    static JobFigures figures(double syncP99) {
        return new JobFigures(syncP99 / 10, syncP99, syncP99 * 3, syncP99 * 10, 7, 40, 80, 200, 1e6 / (syncP99 / 5), EtcdJob.WRITES);
    }

    static EtcdRounds.Fork fork(double syncP99) {
        Histogram syncs = CallLatencies.newHistogram();
        syncs.recordValueWithCount((long) (syncP99 * 1e3), 100);
        return new EtcdRounds.Fork(figures(syncP99), CallLatencies.newHistogram(), syncs, null);
    }

    static FioRun.Outcome fio(double syncP99) {
        return new FioRun.Outcome(figures(syncP99), null, Path.of("fio.json"));
    }

    static EtcdRounds.Results rounds(double[] ours, double[] fio) {
        List<EtcdRounds.Round> r = new ArrayList<>();
        for (int i = 0; i < ours.length; i++) r.add(new EtcdRounds.Round(i + 1, i % 2 == 1, fork(ours[i]), fio == null ? null : fio(fio[i])));
        return new EtcdRounds.Results(r, List.of());
    }

    /** The interval by its formula: mean of the values, exp(± t(0.9995, k − 1) · sd(log) / √k) around it. */
    static double[] expectedInterval(double[] v) {
        return bounds(v, 1 - 0.001 / 2, 1);
    }

    /**
     * The verdict's bounds: exp(± t(0.99, k − 1) · sd(log) / √k) around the mean, the low one at most fastest · (1 − q/2), the
     * high one at least slowest · (1 + q), q = 1 − 0.01^(1/k).
     */
    static double[] expectedBounds(double[] v) {
        double q = 1 - Math.pow(0.01, 1.0 / v.length);
        double[] b = bounds(v, 0.99, Arrays.stream(v).max().orElseThrow() * (1 + q));
        b[1] = Math.min(b[1], Arrays.stream(v).min().orElseThrow() * (1 - q / 2));
        return b;
    }

    private static double[] bounds(double[] v, double level, double highAtLeast) {
        int k = v.length;
        double mean = Arrays.stream(v).average().orElseThrow();
        double[] logs = Arrays.stream(v).map(Math::log).toArray();
        double lm = Arrays.stream(logs).average().orElseThrow();
        double var = Arrays.stream(logs).map(x -> (x - lm) * (x - lm)).sum() / (k - 1);
        double half = new TDistribution(k - 1).inverseCumulativeProbability(level) * Math.sqrt(var / k);
        return new double[] {mean, mean * Math.exp(-half), Math.max(highAtLeast, mean * Math.exp(half))};
    }

    @Test
    void metWhenTheHighBoundIsBelowTenMilliseconds() {
        double[] p99 = {800, 900, 1000, 850, 950};
        EtcdAnalysis a = EtcdAnalysis.of(ForkJob.ETCD, rounds(p99, null), TARGET, null);
        Estimate e = a.verdict().figure();
        double[] want = expectedBounds(p99);
        assertEquals(want[0], e.mean(), 1e-9);
        assertEquals(want[1], e.low(), 1e-6);
        assertEquals(want[2], e.high(), 1e-6);
        assertTrue(want[2] < 10_000, "the high bound below 10 ms: " + want[2]);
        assertEquals(Outcome.MET, a.verdict().outcome());
        assertEquals(0, a.exitCode());
        assertEquals(5, e.n());
        assertTrue(a.verdict().line().startsWith("FDATASYNC sync p99 < 10 ms on ext4 at /data: met — 900 µs over 5 forks, at most "),
                a.verdict().line());
        // The summary's figure keeps its 99.9% interval over forks.
        double[] interval = expectedInterval(p99);
        assertEquals(interval[1], a.ours().get(JobFigures.JobFigure.SYNC_P99).low(), 1e-6);
    }

    @Test
    void missedWhenTheLowBoundIsAboveExitsOne() {
        EtcdAnalysis a = EtcdAnalysis.of(ForkJob.ETCD, rounds(new double[] {20_000, 22_000, 25_000, 21_000, 23_000}, null), TARGET, null);
        assertTrue(expectedBounds(new double[] {20_000, 22_000, 25_000, 21_000, 23_000})[1] > 10_000);
        assertEquals(Outcome.MISSED, a.verdict().outcome());
        assertEquals(1, a.exitCode());
    }

    @Test
    void undecidedBetweenTheBoundsSaysHowManyForksWouldDecideAndExitsZero() {
        double[] p99 = {14000, 18000, 15000, 17000, 16000};
        double[] want = expectedBounds(p99);
        assertTrue(want[1] < 10_000 && want[2] > 10_000, "between: " + Arrays.toString(want));
        EtcdAnalysis a = EtcdAnalysis.of(ForkJob.ETCD, rounds(p99, null), TARGET, null);
        assertEquals(Outcome.UNDECIDED, a.verdict().outcome());
        assertEquals(0, a.exitCode());
        assertTrue(a.verdict().why().matches("10 ms lies between them; roughly \\d+ forks in all would decide it \\(an estimate\\)"),
                a.verdict().why());
        // Below the mean, but a fork at 15 ms: forks like these would never say met.
        EtcdAnalysis b = EtcdAnalysis.of(ForkJob.ETCD, rounds(new double[] {5000, 15000, 8000, 12000, 9000}, null), TARGET, null);
        assertTrue(b.ours().get(JobFigures.JobFigure.SYNC_P99).mean() < 10_000);
        assertEquals(Outcome.UNDECIDED, b.verdict().outcome());
        assertTrue(b.verdict().why().endsWith("the slowest fork (15,000 µs) reaches 10 ms: more forks like these would not decide it"),
                b.verdict().why());
    }

    @Test
    void aTargetWithoutStableStorageIsNeverMetAndExitsOne() {
        EtcdAnalysis a = EtcdAnalysis.of(ForkJob.ETCD, rounds(new double[] {20, 21, 22}, null), TARGET, "tmpfs keeps files in RAM");
        assertEquals(Outcome.NOT_DURABLE, a.verdict().outcome());
        assertEquals("tmpfs keeps files in RAM", a.verdict().why());
        assertEquals(1, a.exitCode());
    }

    @Test
    void aFailedForkGivesNoVerdictFigureAndExitsOne() {
        List<EtcdRounds.Round> r = new ArrayList<>(rounds(new double[] {800, 900}, null).rounds());
        r.add(new EtcdRounds.Round(3, false, new EtcdRounds.Fork(null, null, null, "fdatasync failed: EIO on /data/x.log"), null));
        EtcdAnalysis a = EtcdAnalysis.of(ForkJob.ETCD, new EtcdRounds.Results(r, List.of()), TARGET, null);
        assertEquals("fork 3: fdatasync failed: EIO on /data/x.log", a.failed());
        assertNull(a.verdict().figure());
        assertEquals(1, a.exitCode());
        assertTrue(EtcdOutput.verdictLine(a).startsWith("**FAILED** (exit 1): fork 3: fdatasync failed: EIO"), EtcdOutput.verdictLine(a));
    }

    @Test
    void durabenchOverFioIsTheGeometricMeanOfTheRoundsRatiosPairedByRound() {
        double[] ours = {900, 1100, 1000, 1200, 800};
        double[] fio = {1000, 1000, 1250, 1000, 1000};
        EtcdAnalysis a = EtcdAnalysis.of(ForkJob.ETCD, rounds(ours, fio), TARGET, null);
        GeometricMean g = a.ratios().get(JobFigures.JobFigure.SYNC_P99);
        double[] logs = new double[ours.length];
        for (int i = 0; i < ours.length; i++) logs[i] = Math.log(ours[i] / fio[i]);
        double lm = Arrays.stream(logs).average().orElseThrow();
        double sd = Math.sqrt(Arrays.stream(logs).map(x -> (x - lm) * (x - lm)).sum() / (logs.length - 1));
        double t = new TDistribution(logs.length - 1).inverseCumulativeProbability(1 - 0.001 / 2);
        assertEquals(Math.exp(lm), g.value(), 1e-12);
        assertEquals(Math.exp(lm - t * sd / Math.sqrt(logs.length)), g.interval().low(), 1e-9);
        assertEquals(Math.exp(lm + t * sd / Math.sqrt(logs.length)), g.interval().high(), 1e-9);
        assertEquals(5, g.count());
        // The max rows are the worst run, with no ratio.
        assertNull(a.ratios().get(JobFigures.JobFigure.SYNC_MAX));
        assertEquals(12_000, a.ours().get(JobFigures.JobFigure.SYNC_MAX).mean(), 1e-9);
        assertTrue(!a.ours().get(JobFigures.JobFigure.SYNC_MAX).hasInterval());
    }

    @Test
    void roundsWhoseFioRunFailedAreLeftOutOfTheRatioButNotOutOfDurabenchsFigures() {
        List<EtcdRounds.Round> r = new ArrayList<>(rounds(new double[] {900, 1100, 1000}, new double[] {1000, 1000, 1000}).rounds());
        r.set(1, new EtcdRounds.Round(2, true, r.get(1).ours(), new FioRun.Outcome(null, "fio exited 1: no space", Path.of("fio-2.json"))));
        EtcdAnalysis a = EtcdAnalysis.of(ForkJob.ETCD, new EtcdRounds.Results(r, List.of()), TARGET, null);
        assertEquals(2, a.ratios().get(JobFigures.JobFigure.SYNC_P99).count());
        assertEquals(Math.sqrt(0.9 * 1.0), a.ratios().get(JobFigures.JobFigure.SYNC_P99).value(), 1e-12);
        assertEquals(3, a.ours().get(JobFigures.JobFigure.SYNC_P99).n());
        assertEquals(2, a.fio().get(JobFigures.JobFigure.SYNC_P99).n());
    }

    @Test
    void thePooledP99IsOfAllForksSyncsMergedNotTheMeanOfTheForksP99s() {
        // Two forks: 100 syncs at 1 ms and 100 at 9 ms; merged, the 99th percentile is 9 ms, the forks' mean p99 5 ms.
        EtcdAnalysis a = EtcdAnalysis.of(ForkJob.ETCD, rounds(new double[] {1000, 9000}, null), TARGET, null);
        assertEquals(200, a.pooledSyncs());
        assertEquals(9000, a.pooledSyncP99Us(), 9000 * 1e-3);
        assertEquals(5000, a.ours().get(JobFigures.JobFigure.SYNC_P99).mean(), 1e-9);
    }
}
