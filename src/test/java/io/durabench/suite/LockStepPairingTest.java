package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.Cell;
import io.durabench.env.JvmFacts;
import io.durabench.lockstep.ForkPair;
import io.durabench.lockstep.LockStepSettings;
import io.durabench.lockstep.Placement;
import io.durabench.nativeio.NativeLayers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * `run --lock-step` on a whole profile, no pattern: every planned cell is either paired or left out
 * with a reason, in every mode (two JVMs, --reference, --twin, --grain 10); no cell of any profile
 * can make the planning throw (it once reached an internal error on a cell without a target).
 */
class LockStepPairingTest {
    @TempDir
    Path dir;

    static Stream<Arguments> modes() {
        return Stream.of(Profile.values()).flatMap(p -> Stream.of(
                Arguments.of(p, null, false, 1),
                Arguments.of(p, "FDATASYNC", false, 1),
                Arguments.of(p, null, true, 1),
                Arguments.of(p, null, false, 10)));
    }

    @ParameterizedTest(name = "{0} reference={1} twin={2} grain={3}")
    @MethodSource("modes")
    void everyCellIsPairedOrLeftOutWithAReason(Profile profile, String reference, boolean twin, int grain) {
        JvmFacts jvm = JvmFacts.current();
        RunTarget target = RunTarget.directory(dir);
        LockStepSuite.Request request = new LockStepSuite.Request(profile, JmhSettings.of(profile, List.of()), List.of(), jvm, target, jvm, target,
                LockStepSettings.defaults().withGrain(grain), Placement.UNPINNED, 2, 0, 0, List.of(), reference, twin, PrecisionTarget.NONE);
        LockStepSuite suite = new LockStepSuite(request, NativeLayers.current(), new PrintWriter(new StringWriter()));

        List<Cell> planned = suite.plan();
        LockStepSuite.PairedCells pairing = suite.pairing(suite.plan());

        assertFalse(planned.isEmpty(), "the profile plans cells");
        if (grain == 1) assertFalse(pairing.pairs().isEmpty(), "a whole profile has cells that pair at grain 1: " + pairing.leftOut());
        Set<Cell> seen = new HashSet<>();
        for (ForkPair.CellPair p : pairing.pairs()) assertTrue(seen.add(p.b()), "paired once: " + p.b());
        for (Cell c : pairing.leftOut().keySet()) assertTrue(seen.add(c), "paired or left out, not both: " + c);
        assertEquals(new HashSet<>(planned), seen, "every planned cell is paired or left out");
        pairing.leftOut().forEach((c, why) -> assertTrue(why.startsWith("n/a: ") && why.length() > 20, c + " left out without a reason: " + why));
        // Nothing paired (a profile without zero-filled cells at --grain 10): the run refuses up front, naming why.
        assertEquals(pairing.pairs().isEmpty(), pairing.refusedAll().isPresent(), "refused whole exactly when nothing pairs");
        pairing.refusedAll().ifPresent(why -> assertTrue(why.startsWith("refused: --grain 10 with "), why));
    }
}
