package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Cells;
import io.durabench.child.JvmProbe;
import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.env.JvmFacts;
import io.durabench.nativeio.JnrSyscalls;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.testing.TestJdks;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The feasibility probe in a run's other JVM ({@link ProbeMain} behind {@link Feasibility}): that
 * JVM decides what depends on its release (virtual threads), and says what the launcher's own probe
 * says of the rest, n/a reasons word for word; every outcome survives its result line.
 */
class FeasibilityTest {

    @Test
    void theOtherJvmDecidesByItsReleaseAndAgreesWithTheLauncherOnTheRest() {
        // The JVM this test does not run on: a JDK 17 launcher probes in Temurin 25, a JDK 21+ one in JDK 17.
        TestJdks.Result found = TestJdks.find(Runtime.version().feature() < 21 ? "temurin25" : "jdk17");
        assumeTrue(found.jdk().isPresent(), found.whyMissing());
        JvmFacts other = JvmProbe.of(found.jdk().get().java());
        JvmSlot slot = JvmSlot.of(List.of(other), 1).get(0);
        assumeTrue(slot.forksAnotherJvm(), other.java() + " is this JVM");
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            Environment env = EnvironmentProbe.capture(dir.path());
            Cell plain = inDir(dir, SyncMethod.FDATASYNC), direct = inDir(dir, SyncMethod.O_DIRECT), virtual = inDir(dir, SyncMethod.CHANNEL_DSYNC_VIRTUAL);
            Map<Cell, Optional<FeasibilityProbe.Outcome>> there = Feasibility.of(List.of(plain, direct, virtual), slot, env, JnrSyscalls.get());
            Map<Cell, Optional<FeasibilityProbe.Outcome>> here = Feasibility.of(List.of(plain, direct), JvmSlot.launcher(), env, JnrSyscalls.get());

            assertEquals(Optional.empty(), there.get(plain));
            assertTrue(there.get(direct).isPresent() && there.get(direct).get().unsupported(), there.toString());
            assertEquals(here.get(direct), there.get(direct), "the same n/a, reason and all");
            Optional<FeasibilityProbe.Outcome> byRelease = other.feature() >= 21 ? Optional.empty()
                    : Optional.of(new FeasibilityProbe.Outcome(true, "virtual threads need JDK 21+ (this JVM is " + other.version() + ")"));
            assertEquals(byRelease, there.get(virtual), "decided by " + other.java());
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void everyOutcomeSurvivesItsResultLine() {
        for (Optional<FeasibilityProbe.Outcome> o : List.of(Optional.<FeasibilityProbe.Outcome>empty(),
                Optional.of(new FeasibilityProbe.Outcome(true, "EINVAL: the filesystem refuses O_DIRECT")),
                Optional.of(new FeasibilityProbe.Outcome(false, "fdatasync failed: EIO (I/O error) on /x/f\nsecond line")))) {
            assertEquals(o, ProbeMain.outcome(ProbeMain.result(o)));
        }
    }

    private static Cell inDir(ScratchDir dir, SyncMethod m) {
        return Cells.syncWrite(m, 4096, 1, Preallocation.NONE).with(Catalogue.TARGET_DIR, dir.path().toString());
    }
}
