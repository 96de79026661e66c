package io.durabench.workload;

import io.durabench.jdkio.JdkCalls;
import io.durabench.jdkio.JdkFile;
import io.durabench.nativeio.Syscalls;
import io.durabench.workload.ownership.OwnedFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.Locale;

/**
 * Creating and opening the bounded-region log file that the durable-write loop and the group-commit
 * log both cycle through: a fresh file after a free-space check, and the sync method's data path.
 */
public final class RegionLogFiles {
    private static final long FREE_SPACE_MARGIN_BYTES = 64L << 20;

    private RegionLogFiles() {
    }

    /**
     * Creates a fresh log file in {@code dir}, named and registered as this JVM's own
     * ({@code durabench-<method>-<token><n>.log}, see OwnedFiles). Fails before any write when the
     * directory is missing or lacks space for the region, naming the fix.
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
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a log file in " + dir + ": " + e.getMessage(), e);
        }
        return OwnedFiles.in(dir).newFile(method.name().toLowerCase(Locale.ROOT), ".log");
    }

    /** Free space a trial needs: the region, one zero-fill chunk beyond it, and a margin for the filesystem's own metadata. */
    public static long bytesNeeded(long regionBytes, int zeroFillChunkBytes) {
        return regionBytes + zeroFillChunkBytes + FREE_SPACE_MARGIN_BYTES;
    }

    /**
     * The method's own data path: payload writes and its explicit sync. Native methods go through
     * {@code sys}; the JDK's through {@link JdkCalls#real()}, or through the JDK calls {@code sys}
     * provides ({@link JdkCalls.Provider}: how tests record and fail them). A method handed to
     * another thread is refused here, before anything opens, on a JVM that cannot run it.
     */
    public static LogFile openDataPath(Syscalls sys, Path path, SyncMethod method, long regionBytes) {
        return openDataPath(sys, path, method, regionBytes, 1);
    }

    /** As {@link #openDataPath(Syscalls, Path, SyncMethod, long)}, a ring method's ring sized for batches of {@code writesPerSync}. */
    public static LogFile openDataPath(Syscalls sys, Path path, SyncMethod method, long regionBytes, int writesPerSync) {
        if (method.throughRing()) return new UringLogFile(sys, path, method, writesPerSync);
        if (method.api() == SyncMethod.Api.NATIVE) return new NativeLogFile(sys, path, method);
        ExecutorService handOff = method.caller() == SyncMethod.Caller.CALLING_THREAD ? null : HandOffLogFile.executorFor(method);
        JdkFile file = new JdkFile(sys instanceof JdkCalls.Provider p ? p.jdkCalls() : JdkCalls.real(), path);
        LogFile log;
        try {
            log = switch (method.api()) {
                case CHANNEL -> new ChannelLogFile(file, method);
                case MMAP -> new MappedLogFile(file, regionBytes);
                case RANDOM_ACCESS_FILE -> new RandomAccessLogFile(file, method);
                case STREAM -> new StreamLogFile(file);
                case NATIVE -> throw new IllegalStateException("unreachable: native methods returned above");
            };
        } catch (RuntimeException e) {
            if (handOff != null) handOff.shutdown();
            throw e;
        }
        return handOff == null ? log : HandOffLogFile.handingOff(log, handOff);
    }
}
