package io.durabench.workload;

import io.durabench.nativeio.NativeFile;
import java.nio.ByteBuffer;
import java.util.function.Consumer;

/**
 * What the pg_test_fsync loops that hold one descriptor open share: alone (a JMH trial, the probe,
 * the witness) on a test file of their own, or on the one shared with the other tests, as
 * pg_test_fsync runs them (`durabench pg`). Fails closed like {@link DurableWriteLoop}: a failing
 * operation closes the descriptor, and deletes the file when the loop made it, before its exception
 * leaves; later calls are refused.
 */
abstract class PgDescriptorLoop implements AutoCloseable {
    /** Null when the test file is shared (`durabench pg`): its maker deletes it. */
    private final PgTestFile owned;
    private final NativeFile file;
    private final WriteRetries retries;
    private final FailClosed state;
    private final WriteCounters counters = new WriteCounters();

    /**
     * @param what           the loop in words, for refusals: "the open_sync loop"
     * @param afterFirstTest whether a file of its own is first left as pg_test_fsync's first test leaves it
     * @param openFlags      added to O_RDWR
     */
    PgDescriptorLoop(String what, PgTestFile testFile, boolean owns, boolean afterFirstTest, int openFlags) {
        this.owned = owns ? testFile : null;
        this.state = new FailClosed(what + " on " + testFile.path(), "is failed and closed");
        try {
            if (owns && afterFirstTest) testFile.asAfterTheFirstTest();
            this.file = testFile.open(openFlags);
        } catch (RuntimeException | Error e) {
            if (owns) testFile.close();
            throw e;
        }
        this.retries = new WriteRetries(file);
    }

    /**
     * One operation: {@code writes} pwrites of {@code bytes} at offsets 0, bytes, 2 × bytes … (each
     * its own flush when {@code synced}), then {@code sync} on the descriptor unless it is null.
     */
    final void operate(ByteBuffer buffer, int writes, int bytes, boolean synced, Consumer<NativeFile> sync) {
        state.ensureUsable();
        try {
            for (int w = 0; w < writes; w++) {
                file.pwrite(buffer, bytes, (long) w * bytes);
                counters.writes++;
                counters.bytes += bytes;
                if (synced) counters.syncedWrites++;
            }
            counters.operations++;
            retries.addTo(counters);
            if (sync != null) {
                sync.accept(file);
                counters.syncCalls++;
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
