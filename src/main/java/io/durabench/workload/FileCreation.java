package io.durabench.workload;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import io.durabench.workload.ownership.OwnedDirectory.FileFamily;
import io.durabench.workload.ownership.OwnedFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Creating a durable file: create + write one block + fsync, and optionally fsync the directory,
 * without which the new name itself is not durable (a crash can lose the whole file).
 * Created files are kept until {@link #deleteCreated()} so unlinking stays out of the measurement.
 *
 * <p>Files are numbered members of one name family of this JVM ({@link FileFamily}), each created
 * under the shutdown guard, so an interrupted JVM deletes them too. Fails closed: when creating a
 * file fails, every file created so far is deleted and the directory descriptor closed before the
 * exception leaves, and later calls are refused.
 */
public final class FileCreation implements AutoCloseable {
    private final Syscalls sys;
    private final Path dir;
    private final int blockSizeBytes;
    private final boolean syncDirectory;
    private final ByteBuffer block;
    private final NativeFile dirFd;
    private final WriteCounters counters = new WriteCounters();
    private final FileFamily files;
    private long created;
    private long deletedUpTo;
    private final FailClosed state;

    public FileCreation(Syscalls sys, Path dir, int blockSizeBytes, boolean syncDirectory) {
        WorkloadFiles.requireDirectory(dir);
        this.sys = sys;
        this.dir = dir;
        this.state = new FailClosed("the file-creation workload in " + dir, "is failed and deleted its files");
        this.blockSizeBytes = blockSizeBytes;
        this.syncDirectory = syncDirectory;
        this.block = AlignedBuffers.patterned(blockSizeBytes, AlignedBuffers.DEFAULT_ALIGNMENT);
        this.files = OwnedFiles.in(dir).newFamily("create");
        this.dirFd = syncDirectory ? NativeFile.openDirectory(sys, dir) : null;
    }

    /** Creates one new file, writes one block, fsyncs it, and (if configured) fsyncs the directory. */
    public void createOne() {
        state.ensureUsable();
        try {
            Path p = files.member(created);
            NativeFile opened = files.create(p, f -> NativeFile.open(sys, f, OpenFlags.O_WRONLY | OpenFlags.O_CREAT | OpenFlags.O_TRUNC, 0644));
            try (NativeFile f = opened) {
                created++;
                f.pwrite(block, blockSizeBytes, 0);
                f.fsync();
                counters.shortWrites += f.shortWrites();
                counters.interruptedWrites += f.interruptedWrites();
            }
            counters.writes++;
            counters.bytes += blockSizeBytes;
            counters.syncCalls++;
            if (dirFd != null) {
                dirFd.fsync();
                counters.syncCalls++;
            }
        } catch (RuntimeException | Error e) {
            state.failed(e);
            try {
                deleteAllAndCloseDirectory(true);
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    /** Why a created file may vanish in a crash; null when its name is synced too. */
    public static String notDurableBecause(boolean syncDirectory) {
        return syncDirectory ? null : "the new directory entry is not synced";
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
            for (; deletedUpTo < created; deletedUpTo++) Files.deleteIfExists(files.member(deletedUpTo));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + files.member(deletedUpTo) + ": " + e.getMessage(), e);
        }
    }

    /** Deletes every file created and closes the directory descriptor; idempotent, a no-op after a failure (already done). */
    @Override
    public void close() {
        if (state.closeOnce()) deleteAllAndCloseDirectory(false);
    }

    private void deleteAllAndCloseDirectory(boolean afterFailure) {
        try {
            // After a failure the file being created may exist although created was not counted up yet.
            if (afterFailure) created++;
            deleteCreated();
        } finally {
            if (dirFd != null) dirFd.close();
        }
    }
}
