package io.durabench.catalogue;

import java.util.Map;

/**
 * A cell's workload outside JMH, one operation at a time: what the feasibility probe tries before a
 * cell runs, and what the syscall witness traces. The same workload classes the benchmarks drive.
 */
public interface OperationLoop extends AutoCloseable {
    /** One measured operation (a write, a file, a commit), as the benchmark method does it. */
    void operate();

    /** Makes an incomplete batch durable, as the end of a trial does. */
    void finish();

    /** The counters the benchmark would publish, by the catalogue's counter names, then those the workload keeps to itself. */
    Map<String, Long> counters();

    /** Closes and deletes what the workload created. */
    @Override
    void close();
}
