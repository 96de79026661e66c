package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.lockstep.PairsToPrecision;
import io.durabench.results.PairsRule;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** --precision and --budget: what they accept, what they refuse (one line naming the fix), what they ask for. */
class PrecisionTargetTest {
    @Test
    void percentagesAndDurationsParse() {
        assertEquals(0.05, PrecisionTarget.parsePercent("5%"), 1e-12);
        assertEquals(0.025, PrecisionTarget.parsePercent("2.5"), 1e-12);
        assertEquals(Duration.ofMinutes(5), PrecisionTarget.parseDuration("5m"));
        assertEquals(Duration.ofSeconds(300), PrecisionTarget.parseDuration("300s"));
        assertEquals(Duration.ofSeconds(90), PrecisionTarget.parseDuration("90"));
        assertEquals(Duration.ofMinutes(90), PrecisionTarget.parseDuration("1h30m"));
    }

    @Test
    void nonsenseIsRefusedWithTheFix() {
        for (String bad : new String[] {"five", "0%", "100%", "-3%"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PrecisionTarget.parsePercent(bad));
            assertTrue(e.getMessage().startsWith("--precision " + bad + ": give a percentage"), e.getMessage());
        }
        for (String bad : new String[] {"", "soon", "5x", "0s"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PrecisionTarget.parseDuration(bad));
            assertTrue(e.getMessage().startsWith("--budget " + bad + ": give a duration"), e.getMessage());
        }
    }

    @Test
    void aCellWantsAnotherRoundWhileWiderThanThePrecision() {
        PrecisionTarget p = new PrecisionTarget(0.05, null);
        assertTrue(p.wants(0.08));
        assertFalse(p.wants(0.04));
        assertTrue(p.wants(Double.NaN), "a cell without an interval yet wants forks");
        assertTrue(new PrecisionTarget(Double.NaN, Duration.ofMinutes(5)).wants(0.001), "a budget alone: every cell gets rounds");
        assertFalse(PrecisionTarget.NONE.active());
    }

    @Test
    void referencePairsGoToThreePercentFromFivePairsAtMostTenUnlessPrecisionSaysOtherwise() {
        assertEquals(new PairsRule(5, 0.03, 10, null), ReferencePairs.rule(Profile.QUICK, PrecisionTarget.NONE, PairsToPrecision.NO_DEADLINE).rule());
        assertEquals(new PairsRule(5, 0.03, 10, null), ReferencePairs.rule(Profile.STANDARD, PrecisionTarget.NONE, PairsToPrecision.NO_DEADLINE).rule());
        assertEquals(0.02, ReferencePairs.rule(Profile.QUICK, new PrecisionTarget(0.02, null), PairsToPrecision.NO_DEADLINE).rule().precision());
        PairsToPrecision budgetAlone = ReferencePairs.rule(Profile.QUICK, new PrecisionTarget(Double.NaN, Duration.ofMinutes(5)), 42);
        assertEquals(0.03, budgetAlone.rule().precision(), "--budget alone leaves the reference pairs' precision at its default");
        assertEquals(42, budgetAlone.deadlineNanos());
    }

    @Test
    void aProfileWithoutReferencePairsMeasuresNoneAndMakesNoRule() {
        // compare, full: no reference pairs, so no rule of 0 planned fork pairs (which PairsRule refuses) is made for them.
        for (Profile profile : new Profile[] {Profile.COMPARE, Profile.FULL}) {
            assertFalse(ReferencePairs.measure(null, null, java.util.List.of(), java.util.Map.of(), null, ReferencePairs.DEFAULT_REFERENCE, profile,
                    PrecisionTarget.NONE, PairsToPrecision.NO_DEADLINE, null, null, () -> false), profile.label());
        }
    }

    @Test
    void eachTargetGetsItsShareOfTheBudget() {
        PrecisionTarget p = new PrecisionTarget(0.05, Duration.ofSeconds(300));
        assertEquals(1_000 + 100_000_000_000L, p.deadlineNanos(1_000, 0, 3));
        assertEquals(1_000 + 300_000_000_000L, p.deadlineNanos(1_000, 2, 3));
        assertEquals(PairsToPrecision.NO_DEADLINE, new PrecisionTarget(0.05, null).deadlineNanos(1_000, 0, 1));
    }
}
