package io.durabench.workload;

import io.durabench.jdkio.JdkCalls;
import io.durabench.jdkio.JdkFile;
import io.durabench.nativeio.Syscalls;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;

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

    /**
     * The method's own data path: payload writes and its explicit sync. Native methods go through
     * {@code sys}; the JDK's through {@link JdkCalls#real()}, or through the JDK calls {@code sys}
     * provides ({@link JdkCalls.Provider}: how tests record and fail them). A method handed to
     * another thread is refused here, before anything opens, on a JVM that cannot run it.
     */
    public static LogFile openDataPath(Syscalls sys, Path path, SyncMethod method, long regionBytes) {
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
