package io.durabench.witness;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.OperationLoop;
import io.durabench.nativeio.Syscalls;
import java.nio.file.Path;
import java.util.Map;

/**
 * Opens a cell's workload through the benchmark catalogue (the same classes and configuration its
 * JMH benchmark uses), behind the small {@link WitnessedWorkload} seam.
 */
public final class WitnessWorkloads {
    private WitnessWorkloads() {
    }

    /** Opens the workload of {@code cell} in {@code dir} (whatever its own target): its setup runs here, before any marker. */
    public static WitnessedWorkload open(SizedCell cell, Path dir, Syscalls sys) {
        Cell inDir = cell.cell().with(Catalogue.TARGET_DIR, dir.toString());
        OperationLoop loop = inDir.family().open(sys, inDir, cell.size());
        return new WitnessedWorkload() {
            @Override
            public void operate() {
                loop.operate();
            }

            @Override
            public Map<String, Long> counters() {
                return loop.counters();
            }

            @Override
            public void close() {
                loop.close();
            }
        };
    }
}
