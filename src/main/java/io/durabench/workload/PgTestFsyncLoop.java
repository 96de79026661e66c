package io.durabench.workload;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * pg_test_fsync's "Compare file sync methods using one 8kB write" and "... two 8kB writes" tables and
 * its non-sync'ed write, reproduced so the harness can be checked against pg_test_fsync on the same directory.
 * Two writes: 8 KiB at offset 0 and 8 KiB at 8192, then the method's one sync (open_datasync and
 * open_sync: each write syncs itself). The calls are pg_test_fsync 15's as {@code strace -f} shows
 * them: one 16 MiB test file written and fsynced, then per method one open ({@code O_DIRECT} for
 * open_datasync and open_sync), per operation {@code pwrite64}s at offset 0 (and the method's sync),
 * close at the end.
 *
 * <p>The prewrite ends with an O_DIRECT write of offset 0, as pg_test_fsync's first test does on its
 * one file: that evicts the range from the page cache, so the buffered tests after it rewrite a small
 * freshly instantiated page, not the large folio the 16 MiB write left, which on ext4 costs several
 * times as much (docs/pg.md).
 */
public final class PgTestFsyncLoop extends PgDescriptorLoop {
    public static final int BLOCK_BYTES = PgTestFile.BLOCK_BYTES;
    public static final int FILE_BYTES = PgTestFile.FILE_BYTES;

    /** pg_test_fsync's labels, in its order. */
    public enum Method {
        OPEN_DATASYNC("open_datasync", OpenFlags.O_DSYNC | OpenFlags.O_DIRECT, true, null),
        FDATASYNC("fdatasync", 0, true, NativeFile::fdatasync),
        FSYNC("fsync", 0, true, NativeFile::fsync),
        OPEN_SYNC("open_sync", OpenFlags.O_SYNC | OpenFlags.O_DIRECT, true, null),
        /** "Non-sync'ed 8kB writes": pwrite only. */
        WRITE("write", 0, false, null);

        private final String label;
        private final int openFlags;
        private final boolean durable;
        /** The sync after the writes; null where they sync themselves, or nothing does. */
        private final Consumer<NativeFile> sync;

        Method(String label, int openFlags, boolean durable, Consumer<NativeFile> sync) {
            this.label = label;
            this.openFlags = openFlags;
            this.durable = durable;
            this.sync = sync;
        }

        public String label() {
            return label;
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
    private final ByteBuffer block = AlignedBuffers.patterned(BLOCK_BYTES, AlignedBuffers.DEFAULT_ALIGNMENT);

    /** Alone (a JMH trial, the probe, the witness): its own test file, in the state pg_test_fsync's first test leaves it. */
    public PgTestFsyncLoop(Syscalls sys, Path dir, Method method) {
        this(PgTestFile.create(sys, dir), method, true);
    }

    /** On a test file shared with the other tests, as pg_test_fsync runs them (`durabench pg`). */
    public PgTestFsyncLoop(PgTestFile shared, Method method) {
        this(shared, method, false);
    }

    private PgTestFsyncLoop(PgTestFile testFile, Method method, boolean owns) {
        super("the pg_test_fsync loop", testFile, owns, true, method.openFlags);
        this.method = method;
    }

    /** pg_test_fsync's one-8kB-write test: rewrite 8 KiB at offset 0, then sync per the method. */
    public void writeOne() {
        write(1);
    }

    /** pg_test_fsync's two-8kB-writes test: 8 KiB at offset 0 and 8 KiB at 8192, then one sync per the method. */
    public void writeTwo() {
        write(2);
    }

    private void write(int blocks) {
        operate(block, blocks, BLOCK_BYTES, method.openFlags != 0, method.sync);
    }
}
