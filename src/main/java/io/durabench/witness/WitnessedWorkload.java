package io.durabench.witness;

import java.util.Map;

/**
 * The witness's whole view of a workload: run one operation, report what the workload counted,
 * close (deleting its files). Everything the witness compares comes from these counters and the
 * kernel; nothing else about the workload is trusted or needed.
 */
public interface WitnessedWorkload extends AutoCloseable {

    /** One measured operation: one write (+ sync per its batch), one file creation, one commit. */
    void operate();

    /** A snapshot of the workload's own counters, by the catalogue's counter names. */
    Map<String, Long> counters();

    /** Closes what it opened and deletes its files. */
    @Override
    void close();
}
