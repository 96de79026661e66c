package io.durabench.catalogue;

import static io.durabench.catalogue.SyncWriteCostFamily.PREALLOCATION;
import static io.durabench.catalogue.SyncWriteCostFamily.SYNC_METHOD;

import io.durabench.expectation.CallHow;
import io.durabench.expectation.CallKey;
import io.durabench.expectation.CallKey.Role;
import io.durabench.expectation.SyscallExpectation;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.util.List;
import java.util.Optional;

/**
 * What the kernel must see of SyncWriteCost's durable-write loop, all on its log (c = the counters'
 * difference; "payload call" and "payload fd" per method from {@link SyncMethodCalls}):
 * <pre>
 *   payload call, payload fd     c.writes (none for MMAP_FORCE)        bytes c.bytes
 *                                (pwritev2 with RWF_DSYNC for PWRITEV2_DSYNC)
 *   the method's sync call       c.syncCalls (must be 0 where the writes sync themselves, and for NONE)
 *   io_uring methods             no payload or sync call on the log: io_uring_enter on the ring, c.ringEnters
 *                                (SyncMethodCalls.ringCalls); no io_uring_enter for every other method; their ops
 *                                from the io_uring tracepoints (RingOpRules)
 *   ZERO_FILL   pwrite64, plain += c.preallocSyncs (bytes += c.preallocBytes); fdatasync, plain += c.preallocSyncs
 *   FTRUNCATE   ftruncate, plain += c.preallocSyncs; fsync, plain += c.preallocSyncs
 *   FALLOCATE   fallocate, plain, mode 0 = c.preallocSyncs; fsync, plain += c.preallocSyncs
 *   FALLOCATE_KEEP_SIZE  the same with mode FALLOC_FL_KEEP_SIZE
 *   every recycle (not MMAP_FORCE, whose mapping wraps in place): ftruncate, plain += c.recycles
 *   a lock-step side's settle after a recycle: fsync, plain += c.settleSyncs (only a lock-step side makes, and reports, any)
 *   syncedWrites: c.syncedWrites; preallocBytes must be 0 unless ZERO_FILL, preallocSyncs 0 with NONE
 * </pre>
 * MMAP_FORCE's payload and recycles are memory stores and an in-place wrap, no syscall: its writes
 * count only against the operations run; its msync count and flags are checked. The setup's own
 * calls (the first chunk, the initial ftruncate or fallocate) fall before the measured window.
 */
final class SyncWriteCostCalls implements SyscallRules {

    /** The workload's own configuration checks (a block larger than the region, an unaligned chunk). */
    @Override
    public Optional<String> refuses(Cell cell, WorkloadSize size) {
        try {
            SyncWriteCostFamily.config(cell, size);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** The io_uring methods' ops are proven from the kernel's io_uring tracepoints ({@link RingOpRules}). */
    @Override
    public boolean tracesRing(Cell cell) {
        return cell.get(SYNC_METHOD).throughRing();
    }

    @Override
    public void expect(Cell cell, WorkloadSize size, SyscallExpectation x) {
        SyncMethod m = cell.get(SYNC_METHOD);
        Preallocation p = cell.get(PREALLOCATION);
        boolean mapped = m.api() == SyncMethod.Api.MMAP;
        SyncMethodCalls.methodSync(x, m.sync(), m.name(), Counters.SYNC_CALLS);
        if (m.throughRing()) {
            SyncMethodCalls.ringCalls(x, m, cell.get(SyncWriteCostFamily.WRITES_PER_SYNC));
            RingOpRules.expect(x, m, cell.get(SyncWriteCostFamily.WRITES_PER_SYNC), cell.get(SyncWriteCostFamily.BLOCK_SIZE));
        } else {
            if (!mapped) x.addWrites(Role.LOG, SyncMethodCalls.payloadCall(m), SyncMethodCalls.payloadHow(m), Counters.WRITES, Counters.BYTES);
            x.syncedWrites(x.counter(Counters.SYNCED_WRITES));
        }
        long pre = x.counter(Counters.PREALLOC_SYNCS);
        long preBytes = x.counter(Counters.PREALLOC_BYTES);
        if (p != Preallocation.ZERO_FILL) x.mustBeZero(Counters.PREALLOC_BYTES, p + " writes no bytes");
        if (p == Preallocation.NONE) x.mustBeZero(Counters.PREALLOC_SYNCS, "preallocation NONE makes no preallocation call");
        for (CallKey k : preallocationStep(p)) x.add(k, pre, preBytes, Counters.PREALLOC_SYNCS);
        if (!mapped) x.add(Role.LOG, "ftruncate", CallHow.PLAIN_FD, Counters.RECYCLES);
        long settled = x.counterIfReported(Counters.SETTLE_SYNCS);
        if (settled > 0) x.add(Role.LOG, "fsync", CallHow.PLAIN_FD, settled, null, Counters.SETTLE_SYNCS);
    }

    /** The calls of one preallocation step on the plain control fd; one step per preallocSyncs. */
    private static List<CallKey> preallocationStep(Preallocation p) {
        return switch (p) {
            case NONE -> List.of();
            case ZERO_FILL -> List.of(onLog("pwrite64", CallHow.PLAIN_FD), onLog("fdatasync", CallHow.PLAIN_FD));
            case FTRUNCATE -> List.of(onLog("ftruncate", CallHow.PLAIN_FD), onLog("fsync", CallHow.PLAIN_FD));
            case FALLOCATE -> List.of(onLog("fallocate", CallHow.fallocate(CallHow.PLAIN_FD, "0")), onLog("fsync", CallHow.PLAIN_FD));
            case FALLOCATE_KEEP_SIZE -> List.of(onLog("fallocate", CallHow.fallocate(CallHow.PLAIN_FD, "FALLOC_FL_KEEP_SIZE")),
                    onLog("fsync", CallHow.PLAIN_FD));
        };
    }

    private static CallKey onLog(String call, String how) {
        return new CallKey(Role.LOG, call, how);
    }
}
