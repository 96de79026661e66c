package io.durabench.report.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.ResultSet;
import io.durabench.results.ResultsLoader;
import io.durabench.testing.Evidence;
import io.durabench.testing.EvidenceNotes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Do the report's intervals keep their promise? On the committed long run (the quick profile's cells
 * on lab ext4 and lab XFS, every cell in 30 rounds of one fork, made with the quick profile's fork
 * shape), each design is resampled as a run would have measured it ({@link Coverage}): the quick
 * profile's 3 forks, --precision 5%, more forks; and the old design, one fork's iterations. The
 * table goes to target/coverage.md (docs/intervals.md and results/README.md quote it).
 *
 * The profiles' design (3 forks) must hold the long-run mean in at least 99% of (window, row) pairs
 * over all rows, per filesystem, for a nominal 99.9%; longer runs of one time span (--precision, more
 * forks) are measured and shown, held to a floor only: their intervals narrow faster than the disk's
 * drift over the long run allows (XFS here: rounds share a ±11% effect with lag-1 autocorrelation
 * 0.52). No design may resolve a difference the long run does not confirm (at most 1%) or resolve a
 * method both ways. The old one-fork interval, on data with its own fork shape, must fail the 99%.
 */
@Evidence
class CoverageTest {
    static final Path LONG_RUN = Path.of("results/long-run-quick");
    static final double REQUIRED = 0.99;
    /** Runs of more forks (--precision, -f 6, -f 12) measured 97.1–99.8% here; below this the estimator broke. */
    static final double LONGER_RUNS_FLOOR = 0.965;

    @Test
    void betweenForkIntervalsHoldTheLongRunMean() {
        List<LongRun> runs = runs();
        assertEquals(2, runs.size(), "the long run has ext4 and xfs");
        EvidenceNotes notes = new EvidenceNotes("coverage.md");
        notes.note(Coverage.HEADER);
        List<String> failures = new ArrayList<>();
        List<Coverage.Result> results = new ArrayList<>();
        for (LongRun run : runs) {
            assertTrue(run.rounds() >= 30, run.name() + ": " + run.rounds() + " rounds; the ground truth needs at least 30");
            // Shown, not required: stalls kept in the mean (what no short run can hold).
            notes.note(Coverage.check(run, Coverage.forksStallsKept(3)).line());
            Coverage.Result quick = Coverage.check(run, Coverage.forks(3));
            notes.note(quick.line());
            if (quick.coverage() < REQUIRED) failures.add(run.name() + ", the profiles' 3 forks: coverage " + quick.line());
            results.add(quick);
            // More forks in one run narrow the interval faster than the disk's drift over tens of minutes allows:
            // measured, shown, and held to a floor that catches a broken estimator, not to the 99% (results/README.md).
            for (Coverage.Design d : List.of(Coverage.withPrecision(0.05, 10), Coverage.forks(6), Coverage.forks(12))) {
                Coverage.Result r = Coverage.check(run, d);
                notes.note(r.line());
                if (r.coverage() < LONGER_RUNS_FLOOR) failures.add(run.name() + ", " + d.name() + ": coverage " + r.line());
                results.add(r);
            }
        }
        notes.note("");
        notes.note(Coverage.LEVELS_HEADER);
        for (LongRun run : runs) notes.note(Coverage.levels(run));
        for (Coverage.Result r : results) {
            // What the findings say must be what a long run says: no unconfirmed "cheaper", no method cheaper one run and dearer the next.
            if (r.unconfirmedShare() > 0.01) failures.add(r.target() + ", " + r.design() + ": " + r.unconfirmed() + " of " + r.resolved()
                    + " resolved differences not confirmed by the long run");
            if (r.oppositePairs() > 0) failures.add(r.target() + ", " + r.design() + ": " + r.oppositePairs() + " methods resolved both ways");
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures) + "\n" + notes.text());
    }

    /**
     * The old design on data with the old fork shape: the committed A/A run (lab ext4, 29 rows, 24
     * forks of 5 x 300 ms, measured before this version), each fork taken as a one-fork run: its
     * iteration interval held the 24-fork mean in 91% of forks (the number this check was written
     * to fix), so it fails the 99% this test asks of the report's intervals.
     */
    @Test
    void theOldOneForkIntervalFailsTheCheckOnTheOldForkShape() {
        Path target = Path.of("results/compare-aa-jdk17-rounds/mnt-durabench-lab-ext4-data");
        List<ResultSet> slots = new ArrayList<>();
        for (int k = 1; k <= 6; k++) slots.addAll(ResultsLoader.load(List.of(target.resolve("jvm" + k + "-17.0.15"))));
        LongRun aa = LongRun.of("ext4 (24-fork A/A, old fork shape)", slots);
        assertEquals(24, aa.rounds());
        Coverage.Result old = Coverage.check(aa, Coverage.oneForkIterations());
        Coverage.Result three = Coverage.check(aa, Coverage.forks(3));
        EvidenceNotes notes = new EvidenceNotes("coverage-old-shape.md");
        notes.note(Coverage.HEADER);
        notes.note(old.line());
        notes.note(three.line());
        assertTrue(old.coverage() < REQUIRED, "the one-fork interval should fail: " + old.line());
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
