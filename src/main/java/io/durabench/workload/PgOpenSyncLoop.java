package io.durabench.workload;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * pg_test_fsync's "Compare open_sync with different write sizes": one descriptor opened
 * {@code O_RDWR|O_SYNC|O_DIRECT}, and per operation 16 KiB written as 16/k pwrites of k KiB at
 * offsets 0, k, 2k … (pg_test_fsync 15, test_open_sync, checked with strace). Each write syncs
 * itself, so the line measures what a per-write flush costs as the writes get smaller.
 *
 * <p>O_DIRECT needs whole logical sectors: on a device with 4 KiB sectors the 2 kB and 1 kB writes
 * fail with EINVAL, which the caller reports as n/a (pg_test_fsync itself stops there with "write
 * failed: Invalid argument" and never prints its last two sections).
 */
public final class PgOpenSyncLoop extends PgDescriptorLoop {
    /** The write sizes of pg_test_fsync's section, in its order. */
    public enum Size {
        ONE_16K(" 1 * 16kB open_sync write", 16),
        TWO_8K(" 2 *  8kB open_sync writes", 8),
        FOUR_4K(" 4 *  4kB open_sync writes", 4),
        EIGHT_2K(" 8 *  2kB open_sync writes", 2),
        SIXTEEN_1K("16 *  1kB open_sync writes", 1);

        /** Bytes per operation, whatever the write size: pg_test_fsync's 16 kB. */
        public static final int OPERATION_BYTES = 16 * 1024;

        private final String label;
        private final int kib;

        Size(String label, int kib) {
            this.label = label;
            this.kib = kib;
        }

        public String label() {
            return label;
        }

        public int writeBytes() {
            return kib * 1024;
        }

        public int writesPerOperation() {
            return OPERATION_BYTES / writeBytes();
        }
    }

    private final Size size;
    private final ByteBuffer buffer = AlignedBuffers.patterned(Size.OPERATION_BYTES, AlignedBuffers.DEFAULT_ALIGNMENT);

    /** Alone (a JMH trial, the probe, the witness): its own test file. */
    public PgOpenSyncLoop(Syscalls sys, Path dir, Size size) {
        this(PgTestFile.create(sys, dir), size, true);
    }

    /** On a test file shared with the other tests (`durabench pg`). */
    public PgOpenSyncLoop(PgTestFile shared, Size size) {
        this(shared, size, false);
    }

    private PgOpenSyncLoop(PgTestFile testFile, Size size, boolean owns) {
        super("the open_sync loop", testFile, owns, false, OpenFlags.O_SYNC | OpenFlags.O_DIRECT);
        this.size = size;
    }

    /** 16 KiB as 16/k synchronous direct writes of k KiB. */
    public void writeSixteenKiB() {
        operate(buffer, size.writesPerOperation(), size.writeBytes(), true, null);
    }
}
