package io.durabench.report.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.ResultSet;
import io.durabench.results.ResultsLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Do the report's intervals keep their promise? On the committed long run (the quick profile's cells
 * on lab ext4 and lab XFS, every cell in 30 rounds of one fork, made with the quick profile's fork
 * shape), each design is resampled as a run would have measured it ({@link Coverage}): the quick
 * profile's 3 forks, --precision 5%, more forks; and the old design, one fork's iterations. The
 * table goes to target/coverage.md (README and results/README.md quote it).
 *
 * A nominal 99.9% interval must hold the long-run mean in at least 99% of (window, row) pairs over
 * all rows, per filesystem; the old one-fork interval must fail that (it is why this exists).
 */
class CoverageTest {
    static final Path LONG_RUN = Path.of("results/long-run-quick");
    static final double REQUIRED = 0.99;

    @Test
    void betweenForkIntervalsHoldTheLongRunMeanAndOneForkIntervalsDoNot() throws IOException {
        List<LongRun> runs = runs();
        assertEquals(2, runs.size(), "the long run has ext4 and xfs");
        List<String> table = new ArrayList<>(List.of(Coverage.HEADER));
        List<String> failures = new ArrayList<>();
        for (LongRun run : runs) {
            assertTrue(run.rounds() >= 30, run.name() + ": " + run.rounds() + " rounds; the ground truth needs at least 30");
            Coverage.Result old = Coverage.check(run, Coverage.oneForkIterations());
            table.add(old.line());
            if (old.coverage() >= REQUIRED) failures.add(run.name() + ": the old one-fork interval passes (" + old.line() + ")");
            for (Coverage.Design d : List.of(Coverage.forks(3), Coverage.withPrecision(0.05, 10), Coverage.forks(6), Coverage.forks(12))) {
                Coverage.Result r = Coverage.check(run, d);
                table.add(r.line());
                if (r.coverage() < REQUIRED) failures.add(run.name() + ", " + d.name() + ": coverage " + r.line());
            }
        }
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/coverage.md"), String.join("\n", table) + "\n");
        System.out.println(String.join("\n", table));
        assertTrue(failures.isEmpty(), String.join("\n", failures) + "\n" + String.join("\n", table));
    }

    static List<LongRun> runs() {
        List<LongRun> out = new ArrayList<>();
        for (String fs : List.of("ext4", "xfs")) {
            Path target = LONG_RUN.resolve("mnt-durabench-lab-" + fs + "-data");
            ResultSet set = ResultsLoader.load(List.of(target)).get(0);
            out.add(LongRun.of(fs, set));
        }
        return out;
    }
}
