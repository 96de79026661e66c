package io.durabench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.LockStepFile;
import io.durabench.stats.LockStepEstimate;
import io.durabench.testing.Evidence;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * results/README's finding on lab ext4, re-derived from the committed runs
 * (results/lockstep-java-vs-c-lab-ext4-placement): Java's +8–9% over its C twin for FDATASYNC is
 * where the measuring threads run. On CPU 1 (the default; the disk's interrupt lands there) every run
 * reads Java over C by more than 5%, also with the JVM's other threads held on CPU 0; on CPU 0 about
 * 2.5–3%; unpinned or everything on CPU 0, within 1% of C. O_DIRECT_DSYNC stays within 2% throughout.
 */
@Evidence
class CommittedJavaVsCPlacementTest {
    private static final Path RUNS = Path.of("results", "lockstep-java-vs-c-lab-ext4-placement");

    @Test
    void javaOverCForPageCacheSyncsFollowsThePlacementOfTheMeasuringThreads() {
        for (String run : List.of("01-pin-cpu1", "08-pin-cpu1", "13-pin-cpu1", "11-jvm-threads-cpu0-measuring-cpu1", "12-jvm-threads-cpu0-measuring-cpu1")) {
            LockStepEstimate e = javaOverC(run, "FDATASYNC");
            assertTrue(placement(run).contains("pinned to CPU 1 "), run + ": " + placement(run));
            assertTrue(e.ratio() > 1.05 && e.ratioCi().low() > 1.02, run + ": " + text(e));
        }
        for (String run : List.of("03-pin-cpu0", "05-pin-cpu0")) {
            LockStepEstimate e = javaOverC(run, "FDATASYNC");
            assertTrue(placement(run).contains("pinned to CPU 0 "), run + ": " + placement(run));
            assertTrue(e.ratio() > 1.015 && e.ratio() < 1.05, run + ": " + text(e));
        }
        for (String run : List.of("02-unpinned", "07-unpinned", "09-everything-on-cpu0", "10-everything-on-cpu0")) {
            LockStepEstimate e = javaOverC(run, "FDATASYNC");
            // lockstep.json cannot tell 09 and 10 from a --pin 0 run: the launcher's own affinity (taskset -c 0) is not recorded
            String expected = run.contains("unpinned") ? "unpinned" : "pinned to CPU 0 ";
            assertTrue(placement(run).contains(expected), run + ": " + placement(run));
            assertTrue(Math.abs(e.ratio() - 1) < 0.01, run + ": " + text(e));
        }
        for (String run : List.of("05-pin-cpu0", "07-unpinned", "08-pin-cpu1", "09-everything-on-cpu0", "11-jvm-threads-cpu0-measuring-cpu1", "13-pin-cpu1")) {
            LockStepEstimate e = javaOverC(run, "O_DIRECT_DSYNC");
            assertTrue(Math.abs(e.ratio() - 1) < 0.02, run + " O_DIRECT_DSYNC: " + text(e));
        }
    }

    /** B (JDK 17) over A (the C twin) for the cell of {@code method}, over its measured fork pairs. */
    private static LockStepEstimate javaOverC(String run, String method) {
        LockStepFile f = LockStepFile.read(RUNS.resolve(run));
        assertEquals("c", f.sides().a().nativeLayer(), run + ": side A is the C twin");
        assertEquals("jnr", f.sides().b().nativeLayer(), run + ": side B is JDK 17 on jnr");
        LockStepFile.CellRecord cell = f.cells().stream().filter(c -> method.equals(c.paramsA().get("syncMethod"))).findFirst().orElseThrow();
        List<LockStepFile.PairRecord> pairs = cell.measured();
        assertEquals(6, pairs.size(), run);
        double[] a = pairs.stream().mapToDouble(p -> p.a().microsPerOperationWithoutStalls()).toArray();
        double[] b = pairs.stream().mapToDouble(p -> p.b().microsPerOperationWithoutStalls()).toArray();
        return LockStepEstimate.of(a, b, 0.95);
    }

    private static String placement(String run) {
        return LockStepFile.read(RUNS.resolve(run)).placement();
    }

    private static String text(LockStepEstimate e) {
        return String.format(Locale.ROOT, "%.4f [%.4f, %.4f]", e.ratio(), e.ratioCi().low(), e.ratioCi().high());
    }
}
