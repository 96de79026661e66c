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
 * pg_test_fsync's "Compare file sync methods using one 8kB write" table, reproduced so the harness
 * can be checked against pg_test_fsync on the same directory: a 16 MiB file is written and fsynced
 * first, then each operation rewrites the same 8 KiB at offset 0 and syncs per the method.
 * pg_test_fsync opens its open_* methods with O_DIRECT on Linux, so these do too.
 */
public final class PgTestFsyncLoop implements AutoCloseable {
    public static final int BLOCK_BYTES = 8192;
    public static final int FILE_BYTES = 16 << 20;

    /** pg_test_fsync's labels, in its order. */
    public enum Method {
        OPEN_DATASYNC("open_datasync", OpenFlags.O_DSYNC | OpenFlags.O_DIRECT, true),
        FDATASYNC("fdatasync", 0, true),
        FSYNC("fsync", 0, true),
        OPEN_SYNC("open_sync", OpenFlags.O_SYNC | OpenFlags.O_DIRECT, true),
        /** "Non-sync'ed 8kB writes": pwrite only. */
        WRITE("write", 0, false);

        private final String label;
        private final int openFlags;
        private final boolean durable;

        Method(String label, int openFlags, boolean durable) {
            this.label = label;
            this.openFlags = openFlags;
            this.durable = durable;
        }

        public String label() {
            return label;
        }

        public boolean durable() {
            return durable;
        }
    }

    private final Method method;
    private final Path path;
    private final NativeFile file;
    private final ByteBuffer block;
    private final WriteCounters counters = new WriteCounters();

    public PgTestFsyncLoop(Syscalls sys, Path dir, Method method) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("target directory " + dir + " does not exist or is not a directory: create it or pass another");
        }
        this.method = method;
        this.block = AlignedBuffers.patterned(BLOCK_BYTES, AlignedBuffers.DEFAULT_ALIGNMENT);
        try {
            this.path = Files.createTempFile(dir, "durabench-pg-", ".out");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a file in " + dir + ": " + e.getMessage(), e);
        }
        NativeFile f = null;
        try {
            prewrite(sys);
            f = NativeFile.open(sys, path, OpenFlags.O_RDWR | method.openFlags, 0);
            this.file = f;
        } catch (RuntimeException e) {
            DurableWriteLoop.closeQuietly(f, e);
            DurableWriteLoop.deleteQuietly(path, e);
            throw e;
        }
    }

    /** Like pg_test_fsync's test_open(): write the whole file once and fsync it. */
    private void prewrite(Syscalls sys) {
        ByteBuffer chunk = AlignedBuffers.patterned(1 << 20, AlignedBuffers.DEFAULT_ALIGNMENT);
        try (NativeFile f = NativeFile.open(sys, path, OpenFlags.O_RDWR, 0)) {
            for (long off = 0; off < FILE_BYTES; off += chunk.capacity()) f.pwrite(chunk, chunk.capacity(), off);
            f.fsync();
        }
    }

    /** One pg_test_fsync operation: rewrite 8 KiB at offset 0, then sync per the method. */
    public void writeOne() {
        file.pwrite(block, BLOCK_BYTES, 0);
        counters.writes++;
        counters.bytes += BLOCK_BYTES;
        switch (method) {
            case FDATASYNC -> {
                file.fdatasync();
                counters.syncCalls++;
            }
            case FSYNC -> {
                file.fsync();
                counters.syncCalls++;
            }
            case OPEN_DATASYNC, OPEN_SYNC -> counters.syncedWrites++;
            case WRITE -> { }
        }
    }

    public WriteCounters counters() {
        return counters;
    }

    @Override
    public void close() {
        try {
            file.close();
        } finally {
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot delete " + path + ": " + e.getMessage(), e);
            }
        }
    }
}
