package io.durabench.catalogue;

import io.durabench.workload.WorkloadConfig;

/**
 * How large a workload opened outside JMH makes its file: the bounded region the log cycles
 * through and ZERO_FILL's chunk. The benchmarks use the defaults; the feasibility probe keeps files
 * small, and the syscall witness makes both small so recycles and chunks happen within a few ops.
 */
public record WorkloadSize(long regionBytes, int zeroFillChunkBytes) {
    /** What the benchmarks use: a 64 MiB region, 4 MiB chunks. */
    public static final WorkloadSize DEFAULT = new WorkloadSize(WorkloadConfig.DEFAULT_REGION_BYTES, WorkloadConfig.DEFAULT_ZERO_FILL_CHUNK_BYTES);
    /** The feasibility probe's: 1 MiB, one chunk. */
    public static final WorkloadSize PROBE = new WorkloadSize(1 << 20, 1 << 20);

    public WorkloadSize {
        if (regionBytes <= 0 || zeroFillChunkBytes <= 0) {
            throw new IllegalArgumentException("region and chunk must be positive, not " + regionBytes + " and " + zeroFillChunkBytes);
        }
    }

    /** "REGION:CHUNK" in bytes, as a child's command line carries it ({@link #parse} reads it back). */
    public String text() {
        return regionBytes + ":" + zeroFillChunkBytes;
    }

    /** A size as {@link #text} writes it; anything else is an IllegalArgumentException naming the form. */
    public static WorkloadSize parse(String text) {
        String[] parts = text.split(":", -1);
        try {
            if (parts.length != 2) throw new NumberFormatException();
            return new WorkloadSize(Long.parseLong(parts[0]), Integer.parseInt(parts[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a workload size is REGION:CHUNK in bytes (65536:16384), not '" + text + "'");
        }
    }
}
