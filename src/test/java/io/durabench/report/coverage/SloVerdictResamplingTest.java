package io.durabench.report.coverage;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.coverage.VerdictResampling.Design;
import io.durabench.report.coverage.VerdictResampling.Rule;
import io.durabench.report.coverage.VerdictResampling.Sampling;
import io.durabench.report.coverage.VerdictResampling.Tally;
import io.durabench.results.ResultsLoader;
import io.durabench.testing.Evidence;
import io.durabench.testing.EvidenceNotes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Do SLO verdicts keep their promise? Every committed long run with many forks per cell (the quick profile's cells on
 * lab ext4 and XFS in 30 rounds, twice; the compare profile's A/A runs of 16, 30 and 40 rounds per JVM slot) is
 * resampled into runs of the default 3 forks ({@link VerdictResampling}), each row's long-run mean (all its forks) taken
 * as the truth, and "mean &lt; T" judged at thresholds from a thousandth to a thousand times it.
 *
 * <p>The verdict's rule must be wrong in at most 1% of runs at every distance, on every long run, in a profile and in a
 * one-cell run, with 3 forks and with etcd-check's 5; and decide the far thresholds (×1000 either way, and 1 µs and
 * 1 s for the durable rows) in at least 99% of runs. The rule it replaced (the 99.9% interval wholly on one side) must
 * fail that on a one-cell run. Runs of consecutive rounds are shown, not held to the 1%: a run that long runs'
 * disks drifted through (compare-aa-40: the disk a third faster in its second half) measures its own minutes. The
 * tables go to target/slo-verdicts.md (docs/report.md and results/README.md quote them).
 */
@Evidence
class SloVerdictResamplingTest {
    static final double PROMISE = 0.01;
    static final double FAR_DECIDED = 0.99;
    static final int DRAWS = 400;
    /** Of a one-cell run's undecided verdicts, the share that the forks it names decides: an estimate, not a promise. */
    static final double ESTIMATE_COMES_TRUE = 0.5;

    /** Per long run: its tallies with 3 forks at random, 5 at random and 3 consecutive, and its forks-to-decide check. */
    private record Resampled(LongRun run, List<Tally> three, List<Tally> five, List<Tally> windows, VerdictResampling.Estimates estimates) {
    }

    private static List<Resampled> resampled;

    @BeforeAll
    static void resample() {
        List<LongRun> runs = new ArrayList<>();
        for (String fs : List.of("ext4", "xfs")) {
            runs.add(run("long-run-quick " + fs, "results/long-run-quick/mnt-durabench-lab-" + fs + "-data"));
            runs.add(run("long-run-quick-lockstep " + fs, "results/long-run-quick-lockstep/mnt-durabench-lab-" + fs + "-data"));
        }
        for (String slot : List.of("jvm1-17.0.15", "jvm2-17.0.15", "jvm3-25.0.3")) {
            runs.add(run("compare-aa-long " + slot, "results/compare-aa-long/mnt-durabench-lab-ext4-data/" + slot));
        }
        for (String aa : List.of("compare-aa-30", "compare-aa-40")) {
            for (String slot : List.of("jvm1-17.0.15", "jvm2-17.0.15")) runs.add(run(aa + " " + slot, "results/" + aa + "/mnt-durabench-lab-ext4-data/" + slot));
        }
        resampled = new ArrayList<>();
        for (LongRun run : runs) {
            VerdictResampling.Estimates e = new VerdictResampling.Estimates(run.name());
            resampled.add(new Resampled(run, VerdictResampling.run(run, new Sampling(3, false, DRAWS), e),
                    VerdictResampling.run(run, new Sampling(5, false, DRAWS), null), VerdictResampling.run(run, new Sampling(3, true, 0), null), e));
        }
    }

    private static LongRun run(String name, String folder) {
        return LongRun.of(name, ResultsLoader.load(List.of(Path.of(folder))).get(0));
    }

    @Test
    void verdictsAreWrongAtMostOnceInAHundredRunsAndDecideTheFarThresholds() {
        EvidenceNotes notes = new EvidenceNotes("slo-verdicts.md");
        notes.note(VerdictResampling.HEADER);
        List<String> estimates = new ArrayList<>(List.of(VerdictResampling.ESTIMATES_HEADER));
        List<String> failures = new ArrayList<>();
        for (Resampled r : resampled) {
            assertTrue(r.run().rounds() >= 16, r.run().name() + ": " + r.run().rounds() + " rounds");
            for (Tally t : r.three()) {
                notes.note(t.line());
                if (t.rule == Rule.NEW) failures.addAll(failures(t));
            }
            for (Tally t : r.five()) {
                if (t.rule != Rule.NEW || t.design != Design.ONE_CELL) continue;
                notes.note(t.line());
                if (t.maxWrong() > PROMISE) failures.add(t.line() + ": wrong in more than 1% of etcd-check's 5-fork runs at one distance");
            }
            for (Tally t : r.windows()) if (t.rule == Rule.NEW) notes.note(t.line());
            estimates.add(r.estimates().line());
            if (r.estimates().cameTrueShare() < ESTIMATE_COMES_TRUE) {
                failures.add(r.estimates().line() + ": the forks-to-decide estimate came true in fewer than half");
            }
        }
        notes.note("");
        estimates.forEach(notes::note);
        assertTrue(failures.isEmpty(), String.join("\n", failures) + "\n" + notes.text());
    }

    /**
     * The rule SLO verdicts had before: met or missed only when the whole 99.9% interval over forks is on one side. On a
     * one-cell run (each row's own 3 forks, as the issue's `run -- SyncWriteCost -p ...` and etcd-check have) it leaves
     * thresholds a thousand times from the mean undecided in more than 1% of runs: it fails the check above.
     */
    @Test
    void theOldRuleFailsTheFarThresholdsOfAOneCellRun() {
        List<String> failed = new ArrayList<>();
        for (Resampled r : resampled) {
            for (Tally t : r.three()) if (t.rule == Rule.OLD && t.design == Design.ONE_CELL) failed.addAll(failures(t));
        }
        System.out.println(String.join("\n", failed));
        assertFalse(failed.isEmpty(), "the old rule should fail the check");
        assertTrue(failed.stream().anyMatch(f -> f.contains("far thresholds")), String.join("\n", failed));
    }

    /** What a rule must do on random 3-fork runs: wrong at most 1% at each distance, the far thresholds decided. */
    private static List<String> failures(Tally t) {
        List<String> out = new ArrayList<>();
        if (t.sampling.windows()) return out;
        if (t.maxWrong() > PROMISE) out.add(t.line() + ": wrong in more than 1% of runs at one distance");
        if (t.decidedAt(VerdictResampling.FAR) < FAR_DECIDED || t.absoluteShare() < FAR_DECIDED) {
            out.add(t.line() + ": far thresholds (x1000, 1 µs, 1 s) left undecided in more than 1% of runs");
        }
        return out;
    }
}
