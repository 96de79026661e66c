package io.durabench.workload;

import java.nio.file.Path;
import java.util.Optional;

/**
 * One durable-write workload: where, how synced, what block size, one sync per how many writes,
 * how the space is prepared, and how large the bounded region that the log cycles through is.
 */
public record WorkloadConfig(Path dir, SyncMethod method, int blockSizeBytes, int writesPerSync,
                             Preallocation preallocation, long regionBytes, int zeroFillChunkBytes,
                             int alignmentBytes) {

    public static final long DEFAULT_REGION_BYTES = 64L << 20;
    public static final int DEFAULT_ZERO_FILL_CHUNK_BYTES = 4 << 20;

    public WorkloadConfig {
        if (blockSizeBytes <= 0) throw new IllegalArgumentException("blockSizeBytes must be positive, not " + blockSizeBytes);
        if (writesPerSync <= 0) throw new IllegalArgumentException("writesPerSync must be positive, not " + writesPerSync);
        whyInvalid(method, writesPerSync, preallocation).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        if (regionBytes < blockSizeBytes) throw new IllegalArgumentException("region " + regionBytes + " B is smaller than one block");
        if (zeroFillChunkBytes <= 0 || zeroFillChunkBytes % alignmentBytes != 0) {
            throw new IllegalArgumentException("zero-fill chunk must be a positive multiple of " + alignmentBytes + " B");
        }
    }

    /**
     * Why a method, batch and preallocation cannot go together by definition (not on any platform):
     * a batch needs a separate sync call to batch (or a ring to submit it in), and a mapping sizes its own file. Empty when they can.
     * The benchmark catalogue asks this, so planner, probe and command line share the rule.
     */
    public static Optional<String> whyInvalid(SyncMethod method, int writesPerSync, Preallocation preallocation) {
        if (writesPerSync > 1 && !method.takesBatches()) {
            return Optional.of("writesPerSync=" + writesPerSync + " does not apply to " + method
                    + ": it issues no separate sync call and submits no batch (use writesPerSync=1)");
        }
        if (!acceptsPreallocation(method, preallocation)) {
            return Optional.of("preallocation " + preallocation + " does not apply to " + method
                    + ": the mapping itself sizes the file (use NONE)");
        }
        return Optional.empty();
    }

    /** A memory-mapped log cannot be preallocated: mapping it sizes the file. */
    public static boolean acceptsPreallocation(SyncMethod method, Preallocation preallocation) {
        return method.api() != SyncMethod.Api.MMAP || preallocation == Preallocation.NONE;
    }

    public static WorkloadConfig of(Path dir, SyncMethod method, int blockSizeBytes, int writesPerSync, Preallocation preallocation) {
        return new WorkloadConfig(dir, method, blockSizeBytes, writesPerSync, preallocation,
                DEFAULT_REGION_BYTES, DEFAULT_ZERO_FILL_CHUNK_BYTES, io.durabench.nativeio.AlignedBuffers.DEFAULT_ALIGNMENT);
    }

    public WorkloadConfig withRegionBytes(long bytes) {
        return new WorkloadConfig(dir, method, blockSizeBytes, writesPerSync, preallocation, bytes, zeroFillChunkBytes, alignmentBytes);
    }

    public WorkloadConfig withZeroFillChunkBytes(int bytes) {
        return new WorkloadConfig(dir, method, blockSizeBytes, writesPerSync, preallocation, regionBytes, bytes, alignmentBytes);
    }

    /** Blocks that fit in the region: the region written is bounded, then the file starts over. */
    public long blocksPerRegion() {
        return regionBytes / blockSizeBytes;
    }
}
