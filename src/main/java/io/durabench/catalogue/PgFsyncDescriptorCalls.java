package io.durabench.catalogue;

import io.durabench.expectation.CallHow;
import io.durabench.expectation.CallKey.Role;
import io.durabench.expectation.SyscallExpectation;
import io.durabench.workload.PgFdSyncLoop;
import java.util.List;

/**
 * What the kernel must see of pg_test_fsync's fsync-descriptor test, on its one file (c = the
 * counters' difference; n = c.operations): SAME: per operation one open (plain), one pwrite64 of 8 kB,
 * one fsync through that descriptor, one close: n opens, c.writes writes, c.syncCalls fsyncs on a
 * plain fd that wrote, n closes. OTHER: two opens and two closes per operation, the pwrite64 through
 * the first and the fsync through the second, which wrote nothing: the witness classifies an fsync by
 * whether its descriptor ever wrote, so "c.syncCalls fsyncs through a descriptor that wrote nothing"
 * is what shows the kernel the sync on the second descriptor. No synchronous writes.
 */
final class PgFsyncDescriptorCalls implements SyscallRules {

    @Override
    public void expect(Cell cell, WorkloadSize size, SyscallExpectation x) {
        boolean other = cell.get(PgFsyncDescriptorFamily.FSYNC_THROUGH) == PgFdSyncLoop.Descriptor.OTHER;
        long ops = x.counter(Counters.OPERATIONS);
        int descriptors = other ? 2 : 1;
        x.add(Role.LOG, "openat", CallHow.open(List.of()), descriptors * ops, null, descriptors + " x operations");
        x.add(Role.LOG, "close", CallHow.PLAIN_FD, descriptors * ops, null, descriptors + " x operations");
        x.addWrites(Role.LOG, "pwrite64", CallHow.PLAIN_FD, Counters.WRITES, Counters.BYTES);
        x.add(Role.LOG, "fsync", other ? CallHow.unwritten(CallHow.PLAIN_FD) : CallHow.PLAIN_FD, Counters.SYNC_CALLS);
        x.syncedWrites(x.counter(Counters.SYNCED_WRITES));
        x.mustBeZero(Counters.SYNCED_WRITES, "plain descriptors: no write syncs itself");
    }

    @Override
    public void expectOperations(Cell cell, long ops, SyscallExpectation x) {
        SyscallRules.super.expectOperations(cell, ops, x);
        x.mustEqual(Counters.WRITES, ops, "one 8 kB write in each operation");
        x.mustEqual(Counters.SYNC_CALLS, ops, "one fsync in each operation");
    }
}
