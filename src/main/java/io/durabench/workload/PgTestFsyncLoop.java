package io.durabench.workload;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import java.nio.ByteBuffer;
import java.nio.file.Path;

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
 *
 * <p>Fails closed like {@link DurableWriteLoop}: a failing operation closes and deletes the file
 * before its exception leaves, and later calls are refused.
 */
public final class PgTestFsyncLoop implements AutoCloseable {
    public static final int BLOCK_BYTES = PgTestFile.BLOCK_BYTES;
    public static final int FILE_BYTES = PgTestFile.FILE_BYTES;

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
    /** Null when the test file is shared (`durabench pg`): its maker deletes it. */
    private final PgTestFile owned;
    private final Path path;
    private final NativeFile file;
    private final ByteBuffer block;
    private final WriteCounters counters = new WriteCounters();
    private final WriteRetries retries;
    private final FailClosed state;

    /** Alone (a JMH trial, the probe, the witness): its own test file, in the state pg_test_fsync's first test leaves it. */
    public PgTestFsyncLoop(Syscalls sys, Path dir, Method method) {
        this(PgTestFile.create(sys, dir), method, true);
    }

    /** On a test file shared with the other tests, as pg_test_fsync runs them (`durabench pg`). */
    public PgTestFsyncLoop(PgTestFile shared, Method method) {
        this(shared, method, false);
    }

    private PgTestFsyncLoop(PgTestFile testFile, Method method, boolean owns) {
        this.method = method;
        this.owned = owns ? testFile : null;
        this.path = testFile.path();
        this.state = new FailClosed("the pg_test_fsync loop on " + path, "is failed and closed");
        this.block = AlignedBuffers.patterned(BLOCK_BYTES, AlignedBuffers.DEFAULT_ALIGNMENT);
        try {
            if (owns) testFile.asAfterTheFirstTest();
            this.file = testFile.open(method.openFlags);
        } catch (RuntimeException | Error e) {
            if (owns) testFile.close();
            throw e;
        }
        this.retries = new WriteRetries(file);
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
        state.ensureUsable();
        try {
            for (int b = 0; b < blocks; b++) {
                file.pwrite(block, BLOCK_BYTES, (long) b * BLOCK_BYTES);
                counters.writes++;
                counters.bytes += BLOCK_BYTES;
                if (method.openFlags != 0) counters.syncedWrites++;
            }
            counters.operations++;
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
                case OPEN_DATASYNC, OPEN_SYNC, WRITE -> { }
            }
        } catch (RuntimeException | Error e) {
            if (state.failed(e)) PgTestFile.discardAfterFailure(e, file, owned);
            throw e;
        }
    }

    public WriteCounters counters() {
        return counters;
    }

    /** Closes the descriptor, and deletes the file when this loop made it; idempotent, a no-op after a failure. */
    @Override
    public void close() {
        if (state.closeOnce()) PgTestFile.closeAll(file, owned);
    }
}
