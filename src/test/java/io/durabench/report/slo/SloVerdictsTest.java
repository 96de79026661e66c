package io.durabench.report.slo;

import io.durabench.slo.SloJudge;
import io.durabench.slo.SloParser;
import io.durabench.slo.SloVerdict;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.Report;
import io.durabench.report.SyntheticRun;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.slo.SloVerdict.Outcome;
import io.durabench.results.ResultsLoader;
import io.durabench.stats.Estimate;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Verdicts on a synthetic 5-fork run whose means are known: ext4 fast and tight, xfs noisier, btrfs without the centre cell, tmpfs. */
class SloVerdictsTest {
    @TempDir
    Path dir;

    static SyntheticRun fill(SyntheticRun run) {
        run.target("/data", "ext4", "nvme0n1", 0, "write through")
                .write("NONE", 8192, 1, "NONE", 5.0, 0.05)
                .write("FDATASYNC", 8192, 1, "NONE", 200.0, 2.0)
                .sample("FDATASYNC", 8192, 1, "NONE", 150.0, 900.0, 2000.0)
                .write("O_DSYNC", 8192, 1, "NONE", 300.0, 2.0)
                .write("FDATASYNC", 8192, 100, "NONE", 12.0, 0.2);
        run.target("/xfs", "xfs", "nvme1n1", 0, "write through")
                .write("NONE", 8192, 1, "NONE", 4.0, 0.05)
                .write("FDATASYNC", 8192, 1, "NONE", 250.0, 40.0)
                .failed("O_DSYNC", 8192, 1, "NONE", "EIO on fdatasync");
        run.target("/btrfs", "btrfs", "nvme2n1", 0, "write through")
                .write("NONE", 4096, 1, "NONE", 4.0, 0.05)
                .write("FDATASYNC", 4096, 1, "NONE", 400.0, 4.0);
        run.memory("/dev/shm")
                .write("NONE", 8192, 1, "NONE", 1.0, 0.01)
                .write("FDATASYNC", 8192, 1, "NONE", 1.5, 0.01);
        return run;
    }

    private Report report(SyntheticRun run) {
        return ReportBuilder.build(ResultsLoader.load(List.of(fill(run).save())), SyncMethod.NONE);
    }

    private Map<String, SloVerdict> byTarget(Report report, String slo) {
        return SloVerdicts.of(report, List.of(SloParser.parse(slo))).stream()
                .collect(Collectors.toMap(SloVerdict::target, Function.identity()));
    }

    @Test
    void metMissedNotDurableAndNotMeasured() {
        Report report = report(new SyntheticRun(dir.resolve("forks")));
        Map<String, SloVerdict> v = byTarget(report, "fdatasync mean < 1ms");
        assertEquals(Outcome.MET, v.get("ext4").outcome());
        assertEquals(Outcome.MET, v.get("xfs").outcome());
        assertEquals(Outcome.NOT_MEASURED, v.get("btrfs").outcome(), "btrfs measured 4 KiB only, not the centre's 8 KiB");
        assertEquals(Outcome.NOT_DURABLE, v.get("tmpfs").outcome(), "never met without stable storage, however fast");
        String line = v.get("ext4").line();
        assertTrue(line.startsWith("FDATASYNC mean < 1 ms on ext4: met — 200 µs over 5 forks, at most "), "the method as the report spells it: " + line);
        assertTrue(line.endsWith(" µs (one-sided 99% bound)"), line);
        assertFalse(SloJudge.anyMissed(List.copyOf(v.values())));

        List<SloVerdict> missed = SloVerdicts.of(report, List.of(SloParser.parse("FDATASYNC mean < 100us")));
        assertEquals(Outcome.MISSED, missed.stream().filter(x -> x.target().equals("ext4")).findFirst().orElseThrow().outcome());
        assertTrue(SloJudge.anyMissed(missed));
    }

    @Test
    void opsPerSecondIsTheTimeInverted() {
        SloVerdict v = byTarget(report(new SyntheticRun(dir.resolve("forks"))), "FDATASYNC 8KiB ops/s >= 1000").get("ext4");
        assertEquals(Outcome.MET, v.outcome());
        assertEquals(5000, v.figure().mean(), 50);
        assertTrue(v.figure().low() < v.figure().mean() && v.figure().mean() < v.figure().high(), v.line());
        assertTrue(v.line().contains("ops/s over 5 forks, at least "), v.line());
    }

    @Test
    void aThresholdBetweenTheBoundsSaysHowManyForksWouldDecideIt() {
        Report report = report(new SyntheticRun(dir.resolve("forks")));
        double[] xfs = report.rows().stream().filter(r -> r.context().filesystem().equals("xfs") && r.methodLabel().equals("FDATASYNC"))
                .findFirst().orElseThrow().replicateUs();
        // Below every fork, but within the margin the fastest of 5 forks needs (1 − q/2 = 0.70), and beyond the fastest of more.
        String threshold = String.format(Locale.ROOT, "%.3fus", java.util.Arrays.stream(xfs).min().orElseThrow() * 0.72);
        SloVerdict v = byTarget(report, "FDATASYNC mean < " + threshold).get("xfs");
        assertEquals(Outcome.UNDECIDED, v.outcome());
        assertTrue(v.why().matches(".* lies between them; roughly \\d+ forks in all would decide it \\(an estimate\\)"), v.why());
        int forks = Integer.parseInt(v.why().replaceAll(".*roughly (\\d+) forks.*", "$1"));
        assertTrue(forks > 5, "more than the 5 it has: " + v.why());
    }

    @Test
    void percentilesWithoutAnIntervalOverForksAndWhatTheRunDidNotRecord() {
        Report report = report(new SyntheticRun(dir.resolve("forks")));
        Map<String, SloVerdict> p99 = byTarget(report, "FDATASYNC p99 < 10ms");
        // The synthetic SampleTime result has a histogram but not JMH's percentile per fork: a figure, no interval.
        assertEquals(Outcome.UNDECIDED, p99.get("ext4").outcome(), p99.get("ext4").line());
        assertEquals(900, p99.get("ext4").figure().mean(), 1);
        assertEquals("no figure per fork for p99", p99.get("ext4").why());
        assertEquals(Outcome.UNDECIDED, p99.get("xfs").outcome());
        assertTrue(p99.get("xfs").why().contains("recorded no p99"), p99.get("xfs").why());

        SloVerdict sync = byTarget(report, "FDATASYNC sync p99 < 10ms").get("ext4");
        assertEquals(Outcome.UNDECIDED, sync.outcome());
        assertEquals(SloVerdicts.NO_SYNC_LATENCY, sync.why());
        assertNull(sync.figure());
    }

    /**
     * A real run with SampleTime in forks (JMH's percentiles per fork): p99 judged on their bounds. The fixture is
     * results/reference-standard-forks' ext4 FDATASYNC and NONE cells at 8 KiB, batch 1, no preallocation, 3 forks each.
     */
    @Test
    void percentilesOverForksOfARealRun() {
        Report report = ReportBuilder.build(ResultsLoader.load(List.of(Path.of("src/test/resources/report/standard-forks-fdatasync"))),
                SyncMethod.NONE);
        SloVerdict met = byTarget(report, "FDATASYNC p99 < 10ms").get("ext4");
        assertEquals(Outcome.MET, met.outcome(), met.line());
        assertTrue(met.line().matches("FDATASYNC p99 < 10 ms on ext4: met — [0-9,]+ µs over 3 forks, at most [0-9,]+ µs \\(one-sided 99% bound\\)"),
                met.line());
        assertEquals(Outcome.MISSED, byTarget(report, "FDATASYNC p99 < 1us").get("ext4").outcome());
    }

    @Test
    void aFailedCellIsUndecidedAndSaysWhy() {
        SloVerdict v = byTarget(report(new SyntheticRun(dir.resolve("forks"))), "O_DSYNC mean < 1ms").get("xfs");
        assertEquals(Outcome.UNDECIDED, v.outcome());
        assertTrue(v.line().contains("FAILED here: EIO on fdatasync"), v.line());
    }

    @Test
    void namedCellParametersPickTheirRow() {
        Map<String, SloVerdict> v = byTarget(report(new SyntheticRun(dir.resolve("forks"))), "FDATASYNC writesPerSync=100 mean < 50us");
        assertEquals(Outcome.MET, v.get("ext4").outcome());
        assertEquals(12, v.get("ext4").figure().mean(), 0.5);
        assertEquals(Outcome.NOT_MEASURED, v.get("xfs").outcome());
        assertEquals(Outcome.MET, byTarget(report(new SyntheticRun(dir.resolve("b"))), "FDATASYNC 4KiB mean < 1ms").get("btrfs").outcome());
    }

    @Test
    void oneForkPerCellIsUndecided() {
        SloVerdict v = byTarget(report(SyntheticRun.oneFork(dir.resolve("one"))), "FDATASYNC mean < 1ms").get("ext4");
        assertEquals(Outcome.UNDECIDED, v.outcome());
        assertEquals(SloJudge.ONE_FORK, v.why());
    }

    @Test
    void aMethodOrCellTheResultsLackListsWhatTheyHold() {
        Report report = report(new SyntheticRun(dir.resolve("forks")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SloVerdicts.of(report, List.of(SloParser.parse("O_DIRECT mean < 1ms"))));
        assertTrue(e.getMessage().contains("hold no O_DIRECT rows; methods here: FDATASYNC, NONE, O_DSYNC"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SloVerdicts.of(report, List.of(SloParser.parse("FDATASYNC 64KiB mean < 1ms"))));
        assertTrue(e.getMessage().contains("no FDATASYNC row has 64KiB; its cells here: "), e.getMessage());
    }

    /** The sync call's own p99, per fork from call-latency.hlog: judged on their bounds, as fio's sync percentiles. */
    @Test
    void syncCallPercentilesFromTheForksLogs() {
        SyntheticRun run = new SyntheticRun(dir.resolve("sync"));
        run.target("/old", "xfs", "vdb", 0, "write through")
                .write("NONE", 8192, 1, "NONE", 5.0, 0.05)
                .write("FDATASYNC", 8192, 1, "NONE", 300.0, 3.0);
        run.target("/sync", "ext4", "vdc", 0, "write through")
                .write("NONE", 8192, 1, "NONE", 5.0, 0.05)
                .write("FDATASYNC", 8192, 1, "NONE", 300.0, 3.0)
                .syncLatency("FDATASYNC", 8192, 1, "NONE", 250.0, 2000, 2100, 1900, 2050, 1950)
                .write("O_DSYNC", 8192, 1, "NONE", 300.0, 2.0);
        Report report = ReportBuilder.build(ResultsLoader.load(List.of(run.save())), SyncMethod.NONE);
        SloVerdict met = byTarget(report, "FDATASYNC sync p99 < 10ms").get("ext4");
        assertEquals(Outcome.MET, met.outcome(), met.line());
        assertEquals(2000, met.figure().mean(), 60, met.line());
        assertEquals(5, met.figure().n());
        assertEquals(Outcome.MISSED, byTarget(report, "FDATASYNC sync p99 < 1us").get("ext4").outcome());
        assertEquals(Outcome.UNDECIDED, byTarget(report, "FDATASYNC sync p99 < 2ms").get("ext4").outcome());
        // The sync of O_DSYNC is inside its write: there is no sync call to time, and the verdict says what to use.
        assertEquals(SloVerdicts.SYNC_IN_WRITE, byTarget(report, "O_DSYNC sync p99 < 10ms").get("ext4").why());
        // A target whose forks logged nothing (a run made before syncs were timed): undecided, saying so.
        assertEquals(SloVerdicts.NO_SYNC_LATENCY, byTarget(report, "FDATASYNC sync p99 < 10ms").get("xfs").why());
    }
}
