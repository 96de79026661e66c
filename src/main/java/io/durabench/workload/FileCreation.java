package io.durabench.workload;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Creating a durable file: create + write one block + fsync, and optionally fsync the directory,
 * without which the new name itself is not durable (a crash can lose the whole file).
 * Created files are kept until {@link #deleteCreated()} so unlinking stays out of the measurement.
 */
public final class FileCreation implements AutoCloseable {
    private final Syscalls sys;
    private final Path dir;
    private final int blockSizeBytes;
    private final boolean syncDirectory;
    private final ByteBuffer block;
    private final NativeFile dirFd;
    private final WriteCounters counters = new WriteCounters();
    private final String prefix;
    private long created;
    private long deletedUpTo;

    public FileCreation(Syscalls sys, Path dir, int blockSizeBytes, boolean syncDirectory) {
        WorkloadFiles.requireDirectory(dir);
        this.sys = sys;
        this.dir = dir;
        this.blockSizeBytes = blockSizeBytes;
        this.syncDirectory = syncDirectory;
        this.block = AlignedBuffers.patterned(blockSizeBytes, AlignedBuffers.DEFAULT_ALIGNMENT);
        this.dirFd = syncDirectory ? NativeFile.openDirectory(sys, dir) : null;
        this.prefix = "durabench-create-" + ProcessHandle.current().pid() + "-" + System.nanoTime() + "-";
    }

    /** Creates one new file, writes one block, fsyncs it, and (if configured) fsyncs the directory. */
    public void createOne() {
        Path p = dir.resolve(prefix + created);
        try (NativeFile f = NativeFile.open(sys, p, OpenFlags.O_WRONLY | OpenFlags.O_CREAT | OpenFlags.O_TRUNC, 0644)) {
            created++;
            f.pwrite(block, blockSizeBytes, 0);
            f.fsync();
        }
        counters.writes++;
        counters.bytes += blockSizeBytes;
        counters.syncCalls++;
        if (dirFd != null) {
            dirFd.fsync();
            counters.syncCalls++;
        }
    }

    /** Why a created file may vanish in a crash; null when its name is synced too. */
    public static String notDurableBecause(boolean syncDirectory) {
        return syncDirectory ? null : "the new directory entry is not synced";
    }

    public boolean syncsDirectory() {
        return syncDirectory;
    }

    public WriteCounters counters() {
        return counters;
    }

    /** Files created and not yet deleted. */
    public long outstanding() {
        return created - deletedUpTo;
    }

    /** Deletes every file created so far. */
    public void deleteCreated() {
        try {
            for (; deletedUpTo < created; deletedUpTo++) Files.deleteIfExists(dir.resolve(prefix + deletedUpTo));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir.resolve(prefix + deletedUpTo) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            deleteCreated();
        } finally {
            if (dirFd != null) dirFd.close();
        }
    }
}
