package io.durabench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The simulations' shortcut gives compare's own verdicts, row for row: unpaired and paired, with and without a noise
 * floor, where a change is flagged, where it hides in the floor, and where the sample sizes can flag nothing.
 */
class SweepVerdictsTest {
    /** The real sweep's first ten rows, the durable row among them: every kind of verdict below, a quarter of the work. */
    private static final List<RealRowNoise> ROWS = RealRowNoise.ext4QuickRun().subList(0, 10);
    private static final CompareSettings DEFAULTS = CompareSettings.defaults();
    /** A floor above the slowdown below: a significant change inside it is A/A noise. */
    private static final CompareSettings WIDE_FLOOR = DEFAULTS.withNoiseFloor(NoiseFloor.uniform(40));

    @Test
    void everyRowsVerdictIsSweepComparisonsOwn() {
        Random random = new Random(8);
        List<RowInput> slowed = RealRowNoise.sweep(ROWS, random, PowerSimulationTest.FORKS, PowerSimulationTest.DURABLE_ROW, 1.30);
        List<RowInput> tooFew = RealRowNoise.sweep(ROWS, random, 5, PowerSimulationTest.DURABLE_ROW, 1.50);
        List<RowInput> byRound = slowed.stream().map(r -> new RowInput(r.name(), r.base(), r.candidate(), r.direction(), true)).toList();
        assertTrue(ROWS.stream().anyMatch(r -> r.name().equals(PowerSimulationTest.DURABLE_ROW)), "the durable row is among " + ROWS);
        Set<Verdict> seen = EnumSet.noneOf(Verdict.class);
        for (CompareSettings settings : List.of(DEFAULTS, WIDE_FLOOR)) {
            for (List<RowInput> sweep : List.of(slowed, tooFew)) {
                List<Verdict> own = verdicts(SweepComparison.of(sweep, settings));
                assertEquals(own, SweepVerdicts.of(sweep, settings));
                seen.addAll(own);
            }
        }
        Pairing paired = Pairing.forced(true);
        List<Verdict> own = verdicts(SweepComparison.of(byRound, DEFAULTS, paired));
        assertEquals(own, SweepVerdicts.of(byRound, DEFAULTS, paired));
        seen.addAll(own);
        assertTrue(seen.containsAll(EnumSet.of(Verdict.REGRESSION, Verdict.INSIDE_NOISE, Verdict.UNCHANGED)), "verdicts seen: " + seen);
    }

    private static List<Verdict> verdicts(SweepComparison c) {
        return c.rows().stream().map(RowComparison::verdict).toList();
    }
}
