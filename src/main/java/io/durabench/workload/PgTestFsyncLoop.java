package io.durabench.workload;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeCallException;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import io.durabench.workload.ownership.OwnedFiles;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import jnr.constants.platform.Errno;

/**
 * pg_test_fsync's "Compare file sync methods using one 8kB write" table and its non-sync'ed write,
 * reproduced so the harness can be checked against pg_test_fsync on the same directory.
 *
 * <p>What pg_test_fsync 15 does, per {@code strace -f} on ext4 (Linux 6.18), and this class copies:
 * <ul>
 *   <li>test_open: {@code openat(O_RDWR|O_CREAT)}, one {@code write} of 16 MiB, {@code fsync}, close.</li>
 *   <li>each method: one open ({@code O_RDWR}; {@code O_RDWR|O_DSYNC|O_DIRECT} for open_datasync,
 *       {@code O_RDWR|O_SYNC|O_DIRECT} for open_sync), then per operation one {@code pwrite64} of
 *       8192 bytes at offset 0, plus {@code fdatasync}/{@code fsync} for those methods, close at
 *       the end. The non-sync'ed "write" also opens once ({@code O_RDWR}) and only pwrites.</li>
 * </ul>
 * One thing a fresh file per method would not copy: pg_test_fsync runs its methods in sequence
 * on one file, and its first (open_datasync) writes offset 0 with O_DIRECT, which evicts that
 * range from the page cache. Every buffered test after it (fdatasync, fsync, write) therefore
 * rewrites a freshly instantiated small page, not the large folio the 16 MiB write left behind.
 * On ext4 with large folios (Linux 6.16+) that difference alone made a buffered 8 KiB rewrite
 * ~10x slower (13 µs vs 1.3 µs), so the prewrite ends with the same O_DIRECT write of offset 0.
 *
 * <p>Fails closed like {@link DurableWriteLoop}: a failing operation closes and deletes the file
 * before its exception leaves, and later calls are refused.
 */
public final class PgTestFsyncLoop implements AutoCloseable {
    public static final int BLOCK_BYTES = 8192;
    public static final int FILE_BYTES = 16 << 20;
    private static final int EINVAL = Errno.EINVAL.intValue();

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

        /** True for the methods pg_test_fsync opens with O_DIRECT (open_datasync, open_sync). */
        public boolean usesDirectIo() {
            return (openFlags & OpenFlags.O_DIRECT) != 0;
        }

        /** Why a completed operation is not on stable storage; null when it is. */
        public String notDurableBecause() {
            return durable ? null : "a plain write does not reach stable storage";
        }
    }

    private final Method method;
    private final Path path;
    private final NativeFile file;
    private final ByteBuffer block;
    private final WriteCounters counters = new WriteCounters();
    private final WriteRetries retries;
    private RuntimeException failure;
    private boolean closed;

    public PgTestFsyncLoop(Syscalls sys, Path dir, Method method) {
        WorkloadFiles.requireDirectory(dir);
        this.method = method;
        this.block = AlignedBuffers.patterned(BLOCK_BYTES, AlignedBuffers.DEFAULT_ALIGNMENT);
        this.path = OwnedFiles.in(dir).newFile("pg", ".out");
        NativeFile f = null;
        try {
            prewrite(sys);
            f = NativeFile.open(sys, path, OpenFlags.O_RDWR | method.openFlags, 0);
            this.file = f;
        } catch (RuntimeException | Error e) {
            WorkloadFiles.discard(e, path, f);
            throw e;
        }
        this.retries = new WriteRetries(file);
    }

    /**
     * pg_test_fsync's test_open() (one 16 MiB write, fsync), then what its first test leaves
     * behind for the later ones: offset 0 written once through O_DSYNC|O_DIRECT, which drops the
     * cached pages there. Where O_DIRECT is refused (EINVAL) pg_test_fsync's open_datasync is n/a
     * and writes nothing, so neither do we.
     */
    private void prewrite(Syscalls sys) {
        try (NativeFile f = NativeFile.open(sys, path, OpenFlags.O_RDWR, 0)) {
            f.pwrite(PrewriteBuffer.WHOLE, FILE_BYTES, 0);
            f.fsync();
        }
        NativeFile direct;
        try {
            direct = NativeFile.open(sys, path, OpenFlags.O_RDWR | OpenFlags.O_DSYNC | OpenFlags.O_DIRECT, 0);
        } catch (NativeCallException e) {
            if (e.errno() == EINVAL) return;
            throw e;
        }
        try (direct) {
            direct.pwrite(block, BLOCK_BYTES, 0);
        }
    }

    /**
     * The 16 MiB of the prewrite, made once per JVM: only ever read from, and making it anew for
     * every workload (the probe, the witness, tests open many) costs direct memory the JVM frees
     * only after a GC.
     */
    private static final class PrewriteBuffer {
        static final ByteBuffer WHOLE = AlignedBuffers.patterned(FILE_BYTES, AlignedBuffers.DEFAULT_ALIGNMENT);
    }

    /** One pg_test_fsync operation: rewrite 8 KiB at offset 0, then sync per the method. */
    public void writeOne() {
        if (failure != null || closed) {
            throw new IllegalStateException("the pg_test_fsync loop on " + path + " is " + (failure != null
                    ? "failed and deleted its file: " + failure.getMessage() : "closed"), failure);
        }
        try {
            file.pwrite(block, BLOCK_BYTES, 0);
            counters.writes++;
            counters.bytes += BLOCK_BYTES;
            retries.addTo(counters);
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
        } catch (RuntimeException | Error e) {
            failure = e instanceof RuntimeException r ? r : new IllegalStateException(e);
            closed = true;
            WorkloadFiles.discard(e, path, file);
            throw e;
        }
    }

    public WriteCounters counters() {
        return counters;
    }

    /** Closes and deletes the file; idempotent, and a no-op after a failure (already done). */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        WorkloadFiles.closeAndDelete(path, file);
    }
}
