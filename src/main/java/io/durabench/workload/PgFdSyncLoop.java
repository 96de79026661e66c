package io.durabench.workload;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.Syscalls;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * pg_test_fsync's "Test if fsync on non-write file descriptor is honored": per operation either
 * open, write 8 KiB, fsync, close (the writer syncs its own descriptor), or open, write, close, then
 * open, fsync, close (a checkpointer syncing a file it did not write). On Linux fsync acts on the
 * inode, so the second must flush the data the first descriptor wrote; if it costs far less, it did not.
 *
 * <p>pg_test_fsync 15 writes with write(2) on the fresh descriptor (offset 0); this pwrites 8 KiB at
 * offset 0: the same bytes at the same place, one call either way.
 */
public final class PgFdSyncLoop implements AutoCloseable {
    /** Which descriptor the fsync goes through, with pg_test_fsync's labels. */
    public enum Descriptor {
        SAME("write, fsync, close"),
        OTHER("write, close, fsync");

        private final String label;

        Descriptor(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final Descriptor descriptor;
    private final PgTestFile testFile;
    private final PgTestFile owned;
    private final ByteBuffer block = AlignedBuffers.patterned(PgTestFile.BLOCK_BYTES, AlignedBuffers.DEFAULT_ALIGNMENT);
    private final WriteCounters counters = new WriteCounters();
    private final FailClosed state;

    /** Alone (a JMH trial, the probe, the witness): its own test file. */
    public PgFdSyncLoop(Syscalls sys, Path dir, Descriptor descriptor) {
        this(PgTestFile.create(sys, dir), descriptor, true);
    }

    /** On a test file shared with the other tests (`durabench pg`). */
    public PgFdSyncLoop(PgTestFile shared, Descriptor descriptor) {
        this(shared, descriptor, false);
    }

    private PgFdSyncLoop(PgTestFile testFile, Descriptor descriptor, boolean owns) {
        this.descriptor = descriptor;
        this.testFile = testFile;
        this.owned = owns ? testFile : null;
        this.state = new FailClosed("the fsync-descriptor loop on " + testFile.path(), "is failed");
    }

    /** One operation: the write and the fsync through the same descriptor or through a second one. */
    public void writeAndSync() {
        state.ensureUsable();
        NativeFile writer = null, syncer = null;
        try {
            writer = testFile.open(0);
            writer.pwrite(block, PgTestFile.BLOCK_BYTES, 0);
            counters.writes++;
            counters.bytes += PgTestFile.BLOCK_BYTES;
            counters.shortWrites += writer.shortWrites();
            counters.interruptedWrites += writer.interruptedWrites();
            if (descriptor == Descriptor.OTHER) {
                writer.close();
                writer = null;
                syncer = testFile.open(0);
                syncer.fsync();
                syncer.close();
                syncer = null;
            } else {
                writer.fsync();
                writer.close();
                writer = null;
            }
            counters.syncCalls++;
            counters.operations++;
        } catch (RuntimeException | Error e) {
            state.failed(e);
            for (NativeFile f : new NativeFile[] {writer, syncer}) {
                if (f == null) continue;
                try {
                    f.close();
                } catch (RuntimeException c) {
                    e.addSuppressed(c);
                }
            }
            if (owned != null) WorkloadFiles.discard(e, owned.path());
            throw e;
        }
    }

    public WriteCounters counters() {
        return counters;
    }

    /** Deletes the test file when this loop made it; idempotent (no descriptor stays open between operations). */
    @Override
    public void close() {
        if (state.closeOnce() && owned != null) owned.close();
    }
}
