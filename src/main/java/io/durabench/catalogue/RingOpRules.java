package io.durabench.catalogue;

import io.durabench.expectation.RingOps;
import io.durabench.expectation.SyscallExpectation;
import io.durabench.workload.SyncMethod;

/**
 * What the kernel's io_uring tracepoints must show of an io_uring method's measured operations, from the counters
 * (the witness compares when it can trace: as root, with tracefs; strace sees only io_uring_enter):
 * <pre>
 *   URING_FDATASYNC, 1 write a batch   writes = linked writes = c.writes (each IOSQE_IO_LINK to its fsync), bytes c.bytes;
 *                                      fsyncs = c.syncCalls, none drained; every one completed, writes whole, fsyncs 0
 *   URING_FDATASYNC, N writes a batch  fsyncs = drained fsyncs = c.syncCalls (IOSQE_IO_DRAIN behind the batch), no write
 *                                      linked; writes = N x c.syncCalls (every batch in the window is whole; not fixed
 *                                      when the file started over, whose unfinished batch is synced short)
 *   URING_DSYNC, URING_DIRECT_DSYNC    writes = c.syncedWrites (counted as their batch completes), bytes = block x that;
 *                                      no fsync, no flag
 *   every ring method                  no other opcode, no misplaced flag, no failed or unmatched completion
 * </pre>
 * The tracepoints do not show a write's rw_flags: RWF_DSYNC is the workload's (and the C twin's) word, and the
 * synchronous write's cost; the completions counted are the durable points.
 */
final class RingOpRules {
    private RingOpRules() {
    }

    static void expect(SyscallExpectation x, SyncMethod m, int writesPerSync, int blockBytes) {
        if (!m.throughRing()) throw new IllegalArgumentException(m + " does not write through io_uring");
        long none = 0;
        if (m.hasExplicitSync()) {
            long syncs = x.counter(Counters.SYNC_CALLS);
            if (writesPerSync == 1) {
                long w = x.counter(Counters.WRITES);
                x.ringOps(new RingOps(w, w, syncs, none, none, none, w, x.counter(Counters.BYTES), syncs, none, none),
                        "writes, bytes, syncCalls: each write linked to its fsync");
                return;
            }
            Long w = x.counter(Counters.RECYCLES) == 0 ? syncs * writesPerSync : null;
            Long bytes = w == null ? null : w * blockBytes;
            x.ringOps(new RingOps(w, none, syncs, syncs, none, none, w, bytes, syncs, none, none),
                    "syncCalls x writesPerSync " + writesPerSync + ": each batch's fsync drained behind its writes");
            return;
        }
        long w = x.counter(Counters.SYNCED_WRITES);
        x.ringOps(new RingOps(w, none, none, none, none, none, w, w * (long) blockBytes, none, none, none),
                "syncedWrites: each write carries RWF_DSYNC, counted when its batch completes");
    }
}
