package io.durabench.witness;

import io.durabench.catalogue.OperationLoop;
import io.durabench.nativeio.Syscalls;
import java.nio.file.Path;
import java.util.Map;

/**
 * Builds the workload a {@link WitnessCell} names through the benchmark catalogue (the same
 * classes and configuration its JMH benchmark uses), behind the small {@link WitnessedWorkload} seam.
 */
public final class WitnessWorkloads {
    private WitnessWorkloads() {
    }

    /** Opens the workload of {@code cell} in {@code dir}: its setup runs here, before any marker. */
    public static WitnessedWorkload open(WitnessCell cell, Path dir, Syscalls sys) {
        var catalogueCell = cell.catalogueCell(dir);
        OperationLoop loop = catalogueCell.family().open(sys, catalogueCell, cell.size());
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
