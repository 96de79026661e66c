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
}
