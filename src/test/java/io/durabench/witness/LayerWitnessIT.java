package io.durabench.witness;

import static io.durabench.witness.WitnessAssertions.assumeStrace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.NativeLayer.Kind;
import io.durabench.testing.FfmJvm;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.testing.TimingFree;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The witness matrix on both native layers: every valid cell ({@link WitnessedCells#allValid}) runs in
 * Temurin 25 from the jar under strace, once through jnr and once through java.lang.foreign, and the
 * kernel confirms every count both times. The rules are equalities, and a call they do not name must
 * not be seen on the cell's files, so two layers that pass with the same counters made the same system
 * calls, workload by workload.
 */
@TimingFree
class LayerWitnessIT {
    private static final int OPS = 100;

    @Test
    void bothLayersMakeTheSameSystemCallsForEveryWorkload() {
        assumeStrace();
        FfmJvm ffm = FfmJvm.require();
        List<SizedCell> cells = WitnessedCells.allValid();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            WitnessReport jnr = witness(ffm, dir, Kind.JNR, cells);
            WitnessReport java = witness(ffm, dir, Kind.FFM, cells);
            for (int i = 0; i < cells.size(); i++) {
                CellVerdict a = jnr.verdicts().get(i), b = java.verdicts().get(i);
                Map<String, Long> counted = a.counters();
                assertEquals(counted, b.counters(), "the same operations counted alike on both layers: " + cells.get(i).describe());
            }
            assertEquals(List.of(), dir.listing());
        }
    }

    private static WitnessReport witness(FfmJvm ffm, ScratchDir dir, Kind layer, List<SizedCell> cells) {
        WitnessReport report = SyscallWitness.in(dir.path()).withJvm(ffm.jvm()).withClasspath(ffm.jar().toString()).withLayer(layer)
                .withOps(OPS, 10).verify(cells);
        System.out.println(layer.describe() + ": " + report.describe().lines().findFirst().orElseThrow());
        assertEquals(cells.size(), report.verdicts().size());
        assertTrue(report.passed(), layer.describe() + ":\n" + report.describe());
        return report;
    }
}
