package io.durabench.witness;

import io.durabench.expectation.RingOps;
import io.durabench.trace.TracePoint;
import io.durabench.trace.TraceRequest;
import io.durabench.trace.TraceSession;
import io.durabench.trace.TraceUnavailableException;
import io.durabench.trace.Tracefs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The witnessed JVM's recording of its own io_uring ops over one cell's measured operations: a tracefs instance of
 * its own ({@link TraceSession}) with {@code io_uring:io_uring_submit_req} and {@code io_uring:io_uring_complete}
 * enabled, started just before the cell's BEGIN marker and stopped just after its END marker (its tracefs writes fall
 * outside the window, and on no file of the target directory), then tallied for the calling thread ({@link RingTally}).
 * Where tracing is refused (not root, no tracefs, no io_uring tracepoints), it says why instead.
 */
final class RingTrace implements AutoCloseable {
    static final TracePoint SUBMIT = TracePoint.parse("io_uring:" + RingTally.SUBMIT);
    static final TracePoint COMPLETE = TracePoint.parse("io_uring:" + RingTally.COMPLETE);

    private final TraceSession session;
    private final String unavailable;
    private final long thread;

    private RingTrace(TraceSession session, String unavailable, long thread) {
        this.session = session;
        this.unavailable = unavailable;
        this.thread = thread;
    }

    /** A recording started for the calling thread, or one that says why there is none. */
    static RingTrace start() {
        long thread = currentThread();
        try {
            TraceSession s = TraceSession.open(Tracefs.find(), TraceRequest.of(SUBMIT, COMPLETE));
            try {
                s.start();
            } catch (RuntimeException e) {
                s.close();
                throw e;
            }
            return new RingTrace(s, null, thread);
        } catch (TraceUnavailableException e) {
            return new RingTrace(null, e.reason(), thread);
        }
    }

    /** Why nothing was recorded, or null when it was. */
    String unavailable() {
        return unavailable;
    }

    /** Stops recording and tallies the thread's ops; call once, after the window. */
    RingOps stop() {
        session.stop();
        return RingTally.of(session.read().records(), thread);
    }

    @Override
    public void close() {
        if (session != null) session.close();
    }

    /** The calling thread's id as the kernel names it (a trace line's pid): /proc/thread-self points at task/TID. */
    private static long currentThread() {
        try {
            Path target = Files.readSymbolicLink(Path.of("/proc/thread-self"));
            return Long.parseLong(target.getFileName().toString());
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("cannot tell this thread's id from /proc/thread-self: " + e.getMessage(), e);
        }
    }
}
