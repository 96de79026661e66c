package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.results.ResultsFolder;
import io.durabench.results.RunManifest;
import io.durabench.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The lab-box gate end to end with real JMH forks, kept to seconds: one cell (8 KiB fdatasync per
 * write, append), 6 forks of 2 × 50 ms after one 100 ms warm-up (without it a fork's first calls,
 * the native layer linked and the code interpreted, can cost a tmpfs fork as much as a flush). The baseline is measured on /dev/shm (tmpfs: a sync is
 * nearly free) and the gate runs it again on the project's disk (ext4 on a real device: every
 * fdatasync is a flush), so the candidate is really and hugely slower however noisy the machine is:
 * the gate must refuse that without --allow-different, and with it must fail on the regression.
 * With 6 forks a side and one row the exact two-sided p stays under alpha with up to 5 of the 36
 * pairs of forks out of order (4 forks allowed none: one disturbed fork of a shared CI machine failed it).
 */
class GateCommandIT {
    static final List<String> TINY = List.of("SyncWriteCost", "-p", "syncMethod=FDATASYNC", "-p", "blockSizeBytes=8192", "-p", "writesPerSync=1",
            "-p", "preallocation=NONE", "-f", "6", "-wi", "1", "-w", "100ms", "-i", "2", "-r", "50ms");

    @BeforeAll
    static void allowConcurrentJmh() {
        // As RunCommandIT: a functional test of the gate's decisions, not a measurement to quote.
        System.setProperty("jmh.ignoreLock", "true");
    }

    private final CliRun cli = new CliRun();

    private int run(List<String> args) {
        return cli.run(args);
    }

    @Test
    void theGateRerunsTheBaselinesSettingsAndFailsOnARealSlowdown() throws Exception {
        Path work = Files.createTempDirectory(Path.of("target"), "gate-it-").toAbsolutePath();
        Path baseline = work.resolve("baseline"), disk = Files.createDirectories(work.resolve("data"));
        List<String> runArgs = new java.util.ArrayList<>(List.of("run", "--dir", "/dev/shm", "--out", baseline.toString(), "--"));
        runArgs.addAll(TINY);
        assertEquals(0, run(runArgs), cli.err());

        Path refused = work.resolve("refused");
        cli.clear();
        assertEquals(2, run(List.of("gate", baseline.toString(), "--dir", disk.toString(), "--out", refused.toString())), cli.out());
        assertEquals(1, cli.err().lines().count(), cli.err());
        assertTrue(cli.err().contains("filesystem: tmpfs (base) vs ext4 (candidate)"), cli.err());
        assertFalse(Files.exists(refused), "refused before running: nothing written");

        Path candidate = work.resolve("candidate");
        cli.clear();
        int rc = run(List.of("gate", baseline.toString(), "--dir", disk.toString(), "--out", candidate.toString(),
                "--allow-different", "filesystem,mount-options,device,write-cache"));
        String text = cli.out();
        assertEquals(1, rc, text + cli.err());
        assertTrue(text.contains("# durabench gate: the baseline's profile quick " + String.join(" ", TINY)), text);
        assertTrue(text.contains("1 regression, 0 improvements, 0 unchanged"), text);
        assertTrue(cli.err().contains("durabench gate: FAILED: 1 regression counted (--fail-on regression) against " + baseline), cli.err());
        assertEquals(TINY, RunManifest.read(candidate.resolve(ResultsFolder.RUN_MANIFEST)).jmhArgs(), "the baseline's JMH options, replayed");
        assertTrue(Files.isRegularFile(candidate.resolve("report").resolve("report.md")), "the gate's run writes its report, as any run does");
        JsonObject cmp = JsonParser.parseString(Files.readString(candidate.resolve("compare").resolve("compare.json"))).getAsJsonObject();
        JsonObject row = cmp.getAsJsonArray("rows").get(0).getAsJsonObject();
        assertEquals("regression", row.get("verdict").getAsString(), row.toString());
        assertEquals("6 forks", row.get("candidateReplicates").getAsString());
        assertTrue(row.get("changePercent").getAsDouble() > 100, "a flush against no flush: " + row);

        cli.clear();
        assertEquals(0, run(List.of("compare", baseline.toString(), baseline.toString())), "the baseline against itself passes");
        assertTrue(cli.out().contains("0 regressions, 0 improvements, 1 unchanged"), cli.out());
    }

    @Test
    void aBaselineWithoutRunJsonIsOneLineAndExitTwo() throws Exception {
        Path work = Files.createTempDirectory(Path.of("target"), "gate-it-").toAbsolutePath();
        assertEquals(2, run(List.of("gate", work.toString(), "--out", work.resolve("x").toString())));
        assertTrue(cli.err().contains("has no run.json: the gate reruns its settings"), cli.err());
        assertEquals(1, cli.err().lines().count(), cli.err());
    }
}
