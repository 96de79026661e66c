package io.durabench.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.testing.Requires;

/** What the witness tests share: strace must be there and allowed to trace, and a verdict's mismatches read as expected. */
final class WitnessAssertions {
    private WitnessAssertions() {
    }

    /** The verdict has exactly these mismatches, in order, each matching its regular expression. */
    static void assertMismatches(CellVerdict v, String... patterns) {
        assertEquals(patterns.length, v.mismatches().size(), v.describe());
        for (int i = 0; i < patterns.length; i++) {
            assertTrue(v.mismatches().get(i).matches(patterns[i]), "mismatch " + i + " of " + v.describe() + "\n  is not " + patterns[i]);
        }
    }

    static void assumeStrace() {
        Requires.strace();
    }
}
