package io.durabench.witness;

import io.durabench.expectation.RingOps;
import io.durabench.trace.TraceRecord;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Counts one thread's io_uring ops in a capture of {@code io_uring:io_uring_submit_req} and
 * {@code io_uring:io_uring_complete} ({@link RingOps}): the submissions the thread made (a submission is traced in
 * the task that calls io_uring_enter; no SQPOLL), then every completion on those rings (ctx), wherever the kernel
 * posted it (an io-wq worker, for a request it ran asynchronously). A completion is matched to its submission by
 * (ring, request): the kernel reuses a request only after its completion. The submission's flags are the kernel's
 * request flags, whose low bits are the SQE's (IOSQE_IO_DRAIN 1 << 1, IOSQE_IO_LINK 1 << 2).
 */
final class RingTally {
    static final String SUBMIT = "io_uring_submit_req", COMPLETE = "io_uring_complete";
    private static final int IORING_OP_FSYNC = 3, IORING_OP_WRITE = 23;
    private static final long IOSQE_IO_DRAIN = 1 << 1, IOSQE_IO_LINK = 1 << 2;

    private RingTally() {
    }

    /** {@code records} in trace order; {@code thread} the submitting thread's id. A write's bytes are its completion's result. */
    static RingOps of(List<TraceRecord> records, long thread) {
        Set<Long> rings = new HashSet<>();
        Map<String, Integer> inFlight = new HashMap<>();
        long writes = 0, linked = 0, fsyncs = 0, drained = 0, misflagged = 0, other = 0;
        long writesDone = 0, bytes = 0, fsyncsDone = 0, failed = 0, unmatched = 0;
        for (TraceRecord r : records) {
            if (r.event().equals(SUBMIT) && r.pid() == thread) {
                long ctx = r.number("ctx");
                rings.add(ctx);
                int op = (int) r.number("opcode");
                long flags = r.number("flags");
                inFlight.put(ctx + "/" + r.number("req"), op);
                if (op == IORING_OP_WRITE) {
                    writes++;
                    if ((flags & IOSQE_IO_LINK) != 0) linked++;
                    if ((flags & IOSQE_IO_DRAIN) != 0) misflagged++;
                } else if (op == IORING_OP_FSYNC) {
                    fsyncs++;
                    if ((flags & IOSQE_IO_DRAIN) != 0) drained++;
                    if ((flags & IOSQE_IO_LINK) != 0) misflagged++;
                } else {
                    other++;
                }
            } else if (r.event().equals(COMPLETE) && rings.contains(r.number("ctx"))) {
                Integer op = inFlight.remove(r.number("ctx") + "/" + r.number("req"));
                long res = (int) r.number("res"); // a 32-bit int, printed as its unsigned hex: -5 is 0xfffffffb
                if (op == null) {
                    unmatched++;
                } else if (res < 0) {
                    failed++;
                } else if (op == IORING_OP_WRITE) {
                    writesDone++;
                    bytes += res;
                } else if (op == IORING_OP_FSYNC && res == 0) {
                    fsyncsDone++;
                }
            }
        }
        return new RingOps(writes, linked, fsyncs, drained, misflagged, other, writesDone, bytes, fsyncsDone, failed, unmatched);
    }
}
