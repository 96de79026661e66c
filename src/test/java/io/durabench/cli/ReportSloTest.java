package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.SyntheticRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `report --slo`: the verdicts above the decision table, exit 1 on a missed SLO, exit 2 on a malformed one. */
class ReportSloTest {
    @TempDir
    static Path tmp;
    static String run;

    @BeforeAll
    static void synthetic() {
        SyntheticRun r = new SyntheticRun(tmp.resolve("run"));
        r.target("/data", "ext4", "nvme0n1", 0, "write through")
                .write("NONE", 8192, 1, "NONE", 5.0, 0.05)
                .write("FDATASYNC", 8192, 1, "NONE", 200.0, 2.0)
                .syncLatency("FDATASYNC", 8192, 1, "NONE", 150.0, 2000, 2100, 1900, 2050, 1950)
                .write("O_DSYNC", 8192, 1, "NONE", 300.0, 2.0);
        run = r.save().toString();
    }

    @Test
    void aMetSloExitsZeroWithItsVerdictAboveTheDecisionTable() {
        CliRun r = CliRun.of("report", run, "--slo", "FDATASYNC mean < 1ms", "--slo", "FDATASYNC sync p99 < 10ms");
        assertEquals(0, r.exitCode(), "undecided is no failure: " + r.err());
        String out = r.out();
        int slo = out.indexOf("SLO VERDICTS"), decision = out.indexOf("DECISION:"), context = out.indexOf("Measured on");
        assertTrue(context >= 0 && context < slo && slo < decision, out);
        assertTrue(out.contains("  * FDATASYNC mean < 1 ms on ext4: met — 200 µs over "), out);
        assertTrue(out.contains("FDATASYNC sync p99 < 10 ms on ext4: met — 2,0"), out);
    }

    @Test
    void markdownHasItsOwnSectionAboveTheDecision() {
        CliRun r = CliRun.of("report", run, "--format", "markdown", "--slo", "FDATASYNC mean < 1ms");
        assertEquals(0, r.exitCode(), r.err());
        int slo = r.out().indexOf("## SLO verdicts"), decision = r.out().indexOf("## Decision");
        assertTrue(slo > 0 && slo < decision, r.out());
        assertTrue(r.out().contains("* FDATASYNC mean < 1 ms on ext4: met"), r.out());
        CliRun json = CliRun.of("report", run, "--format", "json", "--slo", "FDATASYNC mean < 1ms");
        assertTrue(json.out().contains("\"verdict\": \"met\""), json.out());
    }

    @Test
    void aMissedSloExitsOneAfterPrinting() {
        CliRun r = CliRun.of("report", run, "--slo", "FDATASYNC mean < 1ms", "--slo", "O_DSYNC mean < 1us");
        assertEquals(1, r.exitCode(), r.err());
        assertTrue(r.out().contains("O_DSYNC mean < 1 us on ext4: missed — 300 µs over "), r.out());
        assertTrue(r.out().contains("DECISION:"), "the whole report still printed");
    }

    @Test
    void aMissedSloWithOutWritesTheFilesThenExitsOne() throws IOException {
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("report", run, "--out", out.toString(), "--slo", "FDATASYNC 8KiB ops/s >= 100000");
        assertEquals(1, r.exitCode(), r.err());
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("FDATASYNC 8KiB ops/s >= 100000 on ext4: missed — 5,000 ops/s over "), md);
        assertTrue(Files.readString(out.resolve("report.html")).contains("SLO verdicts"));
    }

    @Test
    void badSlosAreOneLineExitTwo() {
        CliRun.of("report", run, "--slo", "NOPE p99 < 1ms").assertRefused("--slo 'NOPE p99 < 1ms': no method 'NOPE'; methods: ", "FDATASYNC");
        CliRun.of("report", run, "--slo", "FDATASYNC p99 < 1h").assertRefused("no time unit 'h'; units: ns, us, µs, ms, s");
        CliRun.of("report", run, "--slo", "FDATASYNC p42 < 1ms").assertRefused("no metric 'p42'; metrics: mean, p50");
        CliRun.of("report", run, "--slo", "FSYNC mean < 1ms").assertRefused("hold no FSYNC rows; methods here: FDATASYNC, NONE, O_DSYNC");
    }

    @Test
    void aBadSloWritesNothing() {
        Path out = tmp.resolve("not-written");
        CliRun.of("report", run, "--out", out.toString(), "--slo", "FDATASYNC mean < 1 parsec").assertRefused("no time unit");
        CliRun.of("report", run, "--out", out.toString(), "--slo", "FSYNC mean < 1ms").assertRefused("methods here: ");
        assertFalse(Files.exists(out), "nothing written for bad input");
    }

    /** run and gate take the same --slo, parsed before anything is measured or written: a long run never ends in a usage error. */
    @Test
    void runAndGateRefuseABadSloBeforeMeasuring() {
        Path out = tmp.resolve("never-run");
        CliRun.of("run", "--dir", tmp.toString(), "--out", out.toString(), "--slo", "NOPE p99 < 1ms")
                .assertRefused("--slo 'NOPE p99 < 1ms': no method 'NOPE'");
        CliRun.of("gate", "--history", tmp.resolve("history").toString(), "--dir", tmp.toString(), "--out", out.toString(),
                "--slo", "FDATASYNC p99 < 1 parsec").assertRefused("no time unit");
        assertFalse(Files.exists(out), "nothing measured, nothing written");
        assertFalse(Files.exists(tmp.resolve("history")));
    }

    @Test
    void severalSlosInOneOptionSeparatedBySemicolonsAsMavenPassesThem() {
        CliRun r = CliRun.of("report", run, "--slo", "FDATASYNC mean < 1ms;O_DSYNC mean < 1us", "--slo=");
        assertEquals(1, r.exitCode(), r.err());
        assertTrue(r.out().contains("FDATASYNC mean < 1 ms on ext4: met"), r.out());
        assertTrue(r.out().contains("O_DSYNC mean < 1 us on ext4: missed"), r.out());
    }

    @Test
    void theSyncCallsP99IsAColumnOnRequest() {
        CliRun r = CliRun.of("report", run, "--format", "markdown", "--columns", "sync-p99");
        assertEquals(0, r.exitCode(), r.err());
        String fdatasync = r.out().lines().filter(l -> l.startsWith("| FDATASYNC") && l.contains("| yes")).findFirst().orElseThrow();
        assertTrue(r.out().contains("Sync call p99 µs"), r.out());
        assertTrue(fdatasync.contains("| 2,001 |"), "every fork's syncs pooled (5 x 20 slow ones among 5,000: the third fork's 2,000 µs): " + fdatasync);
        assertFalse(CliRun.of("report", run, "--format", "markdown").out().contains("Sync call p99"), "not by default");
    }
}
