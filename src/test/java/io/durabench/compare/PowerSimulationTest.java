package io.durabench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.stats.DetectableChange;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A check of the mathematics, not a claim about this machine: log-normal iid forks with each row's
 * noise taken from one real quick run. Real forks are noisier and not iid (the disk drifts between
 * rounds); what compare can flag on real data is {@link RealDataPowerTest}'s table, which docs/compare.md
 * quotes. Here: does the comparison find what it should and stay quiet otherwise, at the replication proposed
 * for {@code --profile compare}? Replicates are drawn from the noise of every row of a real quick
 * run on ext4 ({@link RealRowNoise}); all 41 rows are compared each time, so Holm corrects over 41.
 *
 * <p>Why {@value #FORKS} forks per cell: across 41 rows a single change must reach Holm's first step
 * 0.05/41 = 0.0012. At n forks per side the smallest possible p is 2/C(2n, n): 5 → 0.0079 and
 * 6 → 0.0022 can never get there, 7 → 0.00058 only by complete separation. Beyond that it is noise:
 * a 10% slowdown of a row with σ ≈ 3.7% (fdatasync, 8 KiB append) is flagged with power ≈ 0.92 at
 * 10 forks and ≈ 0.99 at 12 (simulated exact test), and "at least 9 of 10 trials" needs ≈ 0.95.
 *
 * <p>Each test draws its trials' values first, one trial after another from its one seeded
 * generator ({@link #draw}, milliseconds), then compares them on all cores ({@link #inParallel},
 * nearly all the time). So every trial sees exactly the values it saw when the trials ran one by
 * one, whatever the threads do: each assertion passes or fails exactly as it did then. What the
 * comparisons share (the exact tests' null distributions, the detectable change's simulated
 * trials) are caches in concurrent maps whose values are never changed once built. The trials
 * count verdicts only, so they ask {@link SweepVerdicts} for them: compare's own verdicts, without
 * the detectable change's resampling (a thousand trials per row) that only the table shows.
 */
class PowerSimulationTest {
    static final int FORKS = 12;
    static final String DURABLE_ROW = "SyncWriteCost.writeBlock blockSizeBytes=8192 preallocation=NONE syncMethod=FDATASYNC writesPerSync=1";
    private static final List<RealRowNoise> ROWS = RealRowNoise.ext4QuickRun();
    private static final CompareSettings DEFAULTS = CompareSettings.defaults();

    @Test
    void theResourceHoldsTheWholeRealSweep() {
        assertEquals(41, ROWS.size());
        RealRowNoise fdatasync = row(DURABLE_ROW);
        assertEquals(321.8942368703108, fdatasync.median(), 1e-9);
        assertEquals(0.037, fdatasync.logSd(), 0.001);
    }

    @Test
    void aTenPercentSlowdownOfADurableRowIsFlaggedInAtLeastNineOfTenTrials() {
        Random random = new Random(1);
        List<List<RowInput>> sweeps = draw(10, () -> RealRowNoise.sweep(ROWS, random, FORKS, DURABLE_ROW, 1.10));
        int flagged = 0, otherRowsFlagged = 0;
        List<List<Verdict>> verdicts = inParallel(sweeps, rows -> SweepVerdicts.of(rows, DEFAULTS));
        for (int t = 0; t < sweeps.size(); t++) {
            for (int i = 0; i < ROWS.size(); i++) {
                Verdict v = verdicts.get(t).get(i);
                if (sweeps.get(t).get(i).name().equals(DURABLE_ROW)) {
                    if (v == Verdict.REGRESSION) flagged++;
                } else if (v != Verdict.UNCHANGED) {
                    otherRowsFlagged++;
                }
            }
        }
        assertTrue(flagged >= 9, "flagged in " + flagged + " of 10 trials");
        assertTrue(otherRowsFlagged <= 1, otherRowsFlagged + " unchanged rows flagged");
    }

    /** Not just one chosen row: every row the arithmetic says can see 8% is checked with a 10% slowdown. */
    @Test
    void everyRowPredictedToSeeEightPercentCatchesTenPercent() {
        Random random = new Random(2);
        int rows = 0;
        // Every row's trials in one batch, so no core idles at the end of a row.
        List<Slowed> trials = new ArrayList<>();
        for (RealRowNoise r : ROWS) {
            if (DetectableChange.of(DetectableChange.Design.unpaired(FORKS, FORKS), 0.05, 41, r.logSd(), 0, "").changePercent() > 8) continue;
            rows++;
            trials.addAll(draw(10, () -> new Slowed(r.name(), RealRowNoise.sweep(ROWS, random, FORKS, r.name(), 1.10))));
        }
        long flagged = inParallel(trials, t -> SweepVerdicts.of(t.rows(), DEFAULTS, t.name())).stream()
                .filter(v -> v == Verdict.REGRESSION).count();
        assertTrue(rows >= 10, rows + " rows");
        assertTrue(flagged >= 0.9 * trials.size(), "flagged in " + flagged + " of " + trials.size() + " trials over " + rows + " rows");
    }

    /** With each row's floor taken from a fresh A/A pair (what {@code --repeat 2} gives), the slowdown still counts. */
    @Test
    void withEachRowsOwnAaNoiseAsFloorATenPercentSlowdownIsStillFlagged() {
        Random random = new Random(7);
        List<AaThenSlowed> trials = draw(10, () -> new AaThenSlowed(RealRowNoise.sweep(ROWS, random, FORKS, "", 1),
                RealRowNoise.sweep(ROWS, random, FORKS, DURABLE_ROW, 1.10)));
        List<Verdict[]> verdicts = inParallel(trials, trial -> {
            NoiseFloor floor = NoiseFloor.of(trial.aa());
            List<RowInput> rows = trial.slowed();
            // Why the floor is per row: the sweep's largest A/A change (the noisiest row's) would hide it.
            NoiseFloor sweepWide = NoiseFloor.uniform(floor.largestPercent());
            return new Verdict[] {SweepVerdicts.of(rows, DEFAULTS.withNoiseFloor(floor), DURABLE_ROW),
                    SweepVerdicts.of(rows, DEFAULTS.withNoiseFloor(sweepWide), DURABLE_ROW)};
        });
        long flagged = verdicts.stream().filter(v -> v[0] == Verdict.REGRESSION).count();
        long dismissedAsSweepWideNoise = verdicts.stream().filter(v -> v[1] == Verdict.INSIDE_NOISE).count();
        assertTrue(flagged >= 9, "flagged in " + flagged + " of 10 trials");
        assertTrue(dismissedAsSweepWideNoise >= 5, "a sweep-wide floor hid it in only " + dismissedAsSweepWideNoise + " of 10");
    }

    @Test
    void anAaPairIsFlaggedInAtMostOneOfTwentyTrials() {
        Random random = new Random(3);
        List<List<RowInput>> sweeps = draw(20, () -> RealRowNoise.sweep(ROWS, random, FORKS, "", 1));
        long trialsWithAFlag = inParallel(sweeps, rows -> SweepVerdicts.of(rows, DEFAULTS).stream().anyMatch(Verdict::counts))
                .stream().filter(flag -> flag).count();
        assertTrue(trialsWithAFlag <= 1, trialsWithAFlag + " of 20 A/A trials flagged a row");
    }

    @Test
    void twoSamplesOfOneDistributionAreAllUnchanged() {
        SweepComparison c = SweepComparison.of(RealRowNoise.sweep(ROWS, new Random(4), FORKS, "", 1), DEFAULTS);
        assertTrue(c.rows().stream().noneMatch(r -> r.verdict().counts()));
        assertTrue(c.summary().sentence().startsWith("0 regressions, 0 improvements, 41 unchanged"),
                c.summary().sentence());
        assertTrue(c.summary().geometricMean().interval().contains(1.0), c.summary().geometricMeanLine());
    }

    @Test
    void aTwentyPercentSlowdownIsTheOnlyRegression() {
        String slowed = "SyncWriteCost.writeBlock blockSizeBytes=8192 preallocation=NONE syncMethod=CHANNEL_DSYNC writesPerSync=1";
        SweepComparison c = SweepComparison.of(RealRowNoise.sweep(ROWS, new Random(5), FORKS, slowed, 1.20), DEFAULTS);
        for (RowComparison r : c.rows()) {
            assertEquals(r.name().equals(slowed) ? Verdict.REGRESSION : Verdict.UNCHANGED, r.verdict(), r.name() + ": " + r.reason());
        }
        RowComparison hit = c.rows().stream().filter(r -> r.name().equals(slowed)).findFirst().orElseThrow();
        assertTrue(hit.change().changePercentInterval().contains(20), hit.change().changePercentInterval().toString());
        assertTrue(c.summary().sentence().startsWith("1 regression, 0 improvements, 40 unchanged"), c.summary().sentence());
    }

    /** Today's quick profile as replicates (1 fork × 5 iterations) can never flag anything over 41 rows. */
    @Test
    void theQuickProfileCannotFlagEvenAFiftyPercentSlowdown() {
        SweepComparison c = SweepComparison.of(RealRowNoise.sweep(ROWS, new Random(6), 5, DURABLE_ROW, 1.50), DEFAULTS);
        assertTrue(c.rows().stream().allMatch(r -> r.verdict() == Verdict.UNCHANGED));
        RowComparison slowed = c.rows().stream().filter(r -> r.name().equals(DURABLE_ROW)).findFirst().orElseThrow();
        assertTrue(slowed.reason().contains("2/252 = 0.0079, above Holm's first step 0.05/41 = 0.0012"), slowed.reason());
        assertTrue(c.summary().sentence().startsWith("0 regressions, 0 improvements, 41 unchanged; no change could have been detected "
                + "(with 5 and 5 values the smallest possible two-sided p is 2/C(10,5)"), c.summary().sentence());
    }

    /** A sweep in which the row {@code name} was slowed. */
    private record Slowed(String name, List<RowInput> rows) {
    }

    /** A trial's A/A sweep (its noise floor) and its sweep with the durable row slowed, drawn in that order. */
    private record AaThenSlowed(List<RowInput> aa, List<RowInput> slowed) {
    }

    /** {@code trials} trials' inputs, drawn in trial order on this thread: the one generator's sequence decides them, not the threads. */
    private static <T> List<T> draw(int trials, Supplier<T> trial) {
        List<T> out = new ArrayList<>();
        for (int t = 0; t < trials; t++) out.add(trial.get());
        return out;
    }

    /** The trials' comparisons on all cores, the results in trial order. */
    private static <T, R> List<R> inParallel(List<T> trials, Function<T, R> compare) {
        return trials.parallelStream().map(compare).toList();
    }

    private static RealRowNoise row(String name) {
        return ROWS.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }
}
