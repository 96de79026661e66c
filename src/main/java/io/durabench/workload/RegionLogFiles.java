package io.durabench.workload;

import io.durabench.nativeio.Syscalls;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Creating and opening the bounded-region log file that the durable-write loop and the group-commit
 * log both cycle through: a fresh file after a free-space check, and the sync method's data path.
 */
public final class RegionLogFiles {
    private static final long FREE_SPACE_MARGIN_BYTES = 64L << 20;

    private RegionLogFiles() {
    }

    /**
     * Creates a fresh log file in {@code dir}. Fails before any write when the directory is missing
     * or lacks space for the region, naming the fix.
     */
    public static Path create(Path dir, SyncMethod method, long regionBytes, int zeroFillChunkBytes) {
        WorkloadFiles.requireDirectory(dir);
        try {
            long needed = bytesNeeded(regionBytes, zeroFillChunkBytes);
            long usable = Files.getFileStore(dir).getUsableSpace();
            if (usable < needed) {
                throw new IllegalStateException("not enough free space in " + dir + ": " + (usable >> 20) + " MiB usable, "
                        + (needed >> 20) + " MiB needed for a " + (regionBytes >> 20) + " MiB region; free space or pick another dir");
            }
            return Files.createTempFile(dir, "durabench-" + method.name().toLowerCase() + "-", ".log");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a log file in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Free space a trial needs: the region, one zero-fill chunk beyond it, and a margin for the filesystem's own metadata. */
    public static long bytesNeeded(long regionBytes, int zeroFillChunkBytes) {
        return regionBytes + zeroFillChunkBytes + FREE_SPACE_MARGIN_BYTES;
    }

    /** The method's own data path: payload writes and its explicit sync. */
    public static LogFile openDataPath(Syscalls sys, Path path, SyncMethod method, long regionBytes) {
        return switch (method.api()) {
            case NATIVE -> new NativeLogFile(sys, path, method);
            case CHANNEL -> new ChannelLogFile(path, method);
            case MMAP -> new MappedLogFile(path, regionBytes);
        };
    }
}
