package io.durabench.suite;

import io.durabench.catalogue.Sweep;
import java.util.List;
import org.openjdk.jmh.annotations.Mode;

/**
 * How much of the space a run covers, and with what JMH settings. Every profile measures each cell
 * in several forks, one fork per round, the rounds spread over the run ({@link Rounds}): a fork is
 * the unit of replication (iterations seconds apart share a JVM's state and correlate, so a fork's
 * later iterations add little; docs/intervals.md), so the forks are many and short.
 * quick: pg_test_fsync's main table (8 KiB, every method, batch 1 and 100, append vs zero-fill),
 * 3 forks of 100 ms warmup + 3 x 100 ms, then each durable method beside FDATASYNC in lock-step (quick and
 * standard: {@link ReferencePairs}, 5 fork pairs and more for a method still wider than ±3%, at most 10). standard: every axis swept one at a time
 * around that centre in SampleTime only, so a row's mean and its percentiles come from the same
 * forks. full: the whole cross product (hours). compare: the cells of quick with the replication
 * `durabench compare` needs: with 41 rows Holm's first step is 0.05/41 = 0.0012, which 5 or 6
 * values per side can never reach (2/C(10,5) = 0.0079, 2/C(12,6) = 0.0022), so 12 forks per side.
 */
public enum Profile {
    QUICK(Sweep.QUICK, 3, 1, 100, 3, 100, List.of(Mode.AverageTime)),
    STANDARD(Sweep.STANDARD, 3, 1, 200, 3, 400, List.of(Mode.SampleTime)),
    FULL(Sweep.FULL, 3, 1, 300, 3, 500, List.of(Mode.SampleTime)),
    COMPARE(Sweep.COMPARE, 12, 1, 300, 5, 300, List.of(Mode.AverageTime));

    /** Which cells each family plans (the families say what each sweep holds). */
    final Sweep sweep;
    /** Forks per cell, one per round. */
    final int forks;
    final int warmupIterations;
    final int warmupMillis;
    final int measurementIterations;
    final int measurementMillis;
    final List<Mode> modes;

    Profile(Sweep sweep, int forks, int warmupIterations, int warmupMillis, int measurementIterations, int measurementMillis, List<Mode> modes) {
        this.sweep = sweep;
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
