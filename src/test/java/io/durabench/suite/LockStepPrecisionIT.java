package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.LockStepFile;
import io.durabench.results.PairsRule;
import io.durabench.testing.CliProcess;
import io.durabench.testing.TimingFree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `run --lock-step --precision`, for real and short: an A/A of two cells that write to the page cache only (pwrite, no
 * sync: a unit takes microseconds, so a fork pair is mostly its two JVMs' start). A precision no interval can reach
 * ends at the cap (three times the planned fork pairs), every cell measured in every pair; the console, lockstep.json
 * and lockstep.md say so, and why. A precision met at the planned pairs stops there: PairsToPrecisionTest.
 */
@TimingFree
class LockStepPrecisionIT {
    private static final List<String> CELLS = List.of("--", "SyncWriteCost", "-p", "syncMethod=NONE", "-p", "blockSizeBytes=4096,8192",
            "-p", "writesPerSync=1", "-p", "preallocation=NONE");

    @TempDir(cleanup = org.junit.jupiter.api.io.CleanupMode.ALWAYS)
    Path work;

    private List<String> run(String name, String forks, String precision) throws Exception {
        Path dir = Files.createDirectories(work.resolve(name + "-data")), out = work.resolve(name);
        List<String> args = new ArrayList<>(List.of("run", "--lock-step", "--repeat", "2", "--dir", dir.toString(), "--out", out.toString(),
                "--forks", forks, "--precision", precision));
        args.addAll(CELLS);
        try (CliProcess cli = CliProcess.start(List.of(), args)) {
            assertEquals(0, cli.awaitExit(Duration.ofMinutes(3)), cli.transcript());
            return cli.stdout();
        }
    }

    @Test
    void anImpossiblePrecisionEndsAtTheCap() throws Exception {
        List<String> out = run("impossible", "1", "0.0001%");
        String all = String.join("\n", out);
        assertTrue(out.stream().anyMatch(l -> l.contains("1 fork pair, then one more at a time for each cell whose 95% interval is wider than"
                + " ±0.0001%, at most 3")), "the run says its rule and its cap:\n" + all);
        assertTrue(out.contains("[pair 2 of at most 3] 2 cells still wider than ±0.0001%"), all);
        assertTrue(out.contains("[pair 3 of at most 3] 2 cells still wider than ±0.0001%"), all);
        assertFalse(out.stream().anyMatch(l -> l.startsWith("[pair 4")), all);
        assertTrue(out.contains("# fork pairs for the cells wider than ±0.0001%: 1 planned, at most 3; stopped: the cap of 3 fork pairs; fork pairs per cell: 3 (2 cells)"),
                all);
        LockStepFile f = LockStepFile.read(work.resolve("impossible"));
        PairsRule rule = f.settings().pairs();
        assertEquals(new PairsRule(1, 0.000001, 3, "the cap of 3 fork pairs"), rule);
        for (LockStepFile.CellRecord c : f.cells()) {
            assertEquals(List.of(1, 2, 3), c.measured().stream().map(LockStepFile.PairRecord::pair).toList(), c.specB());
            assertEquals(PairsRule.Reached.CAP, rule.reached(c));
        }
        assertTrue(Files.readString(work.resolve("impossible").resolve("lockstep.md")).contains("| 3 (cap) |"), "lockstep.md marks the cap");
    }
}
