package io.durabench.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** What the witness tests share: strace must be there, and a verdict's mismatches read as expected. */
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
        boolean found = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, "strace")));
        assumeTrue(found, "strace not found: apt-get install strace");
    }
}
