package io.durabench.catalogue;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A cell's workload outside JMH, one operation at a time: what the feasibility probe tries before a
 * cell runs, and what the syscall witness traces. The same workload classes the benchmarks drive.
 */
public interface OperationLoop extends AutoCloseable {
    /** One measured operation (a write, a file, a commit), as the benchmark method does it. */
    void operate();

    /** Makes an incomplete batch durable, as the end of a trial does; a no-op for workloads that batch nothing. */
    default void finish() {
    }

    /**
     * Whether nothing the operations so far wrote is waiting for a sync: the only point at which a
     * lock-step side may hand over to the other. A workload that never makes its writes durable
     * (NONE, O_DIRECT alone) is never at one; then each operation is a unit of its own.
     */
    default boolean atDurablePoint() {
        return false;
    }

    /**
     * Makes durable, outside any timed region, what the last operations left beside their own syncs
     * (a log file started over); a no-op for workloads that leave nothing.
     */
    default void settle() {
    }

    /** The counters the benchmark would publish, by the catalogue's counter names, then those the workload keeps to itself. */
    Map<String, Long> counters();

    /** What each counter grew by from {@code before} to {@code after} (two looks at {@link #counters}), in {@code after}'s order. */
    static Map<String, Long> difference(Map<String, Long> after, Map<String, Long> before) {
        Map<String, Long> d = new LinkedHashMap<>();
        after.forEach((k, v) -> d.put(k, v - before.getOrDefault(k, 0L)));
        return d;
    }

    /** Closes and deletes what the workload created. */
    @Override
    void close();
}
