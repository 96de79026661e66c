package io.durabench.suite;

import java.util.List;
import org.openjdk.jmh.annotations.Mode;

/**
 * How much of the space a run covers, and with what JMH settings.
 * quick: pg_test_fsync's main table (8 KiB, every method, batch 1 and 100, append vs zero-fill),
 * about two minutes per directory. standard: every axis swept one at a time around that centre,
 * average time and latency percentiles, under ~30 minutes. full: the whole cross product (hours).
 * compare: the cells of quick with enough replication for `durabench compare` to have power: the
 * unit of replication is one fork's score, and with 41 rows Holm's first step is 0.05/41 = 0.0012,
 * which 5 or 6 values per side can never reach (2/C(10,5) = 0.0079, 2/C(12,6) = 0.0022); 12 forks
 * per side flag a 10% slowdown of a durable row with ~99% power (PowerSimulationTest).
 */
public enum Profile {
    QUICK(1, 1, 300, 5, 300, List.of(Mode.AverageTime)),
    STANDARD(1, 1, 300, 5, 700, List.of(Mode.AverageTime, Mode.SampleTime)),
    FULL(1, 1, 1000, 5, 1000, List.of(Mode.AverageTime, Mode.SampleTime)),
    COMPARE(12, 1, 300, 5, 300, List.of(Mode.AverageTime));

    final int forks;
    final int warmupIterations;
    final int warmupMillis;
    final int measurementIterations;
    final int measurementMillis;
    final List<Mode> modes;

    Profile(int forks, int warmupIterations, int warmupMillis, int measurementIterations, int measurementMillis, List<Mode> modes) {
        this.forks = forks;
        this.warmupIterations = warmupIterations;
        this.warmupMillis = warmupMillis;
        this.measurementIterations = measurementIterations;
        this.measurementMillis = measurementMillis;
        this.modes = modes;
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
