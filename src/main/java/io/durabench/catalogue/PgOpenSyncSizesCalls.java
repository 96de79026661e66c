package io.durabench.catalogue;

import io.durabench.expectation.CallHow;
import io.durabench.expectation.CallKey.Role;
import io.durabench.expectation.SyscallExpectation;
import io.durabench.workload.PgOpenSyncLoop;
import java.util.List;

/**
 * What the kernel must see of pg_test_fsync's open_sync write sizes, on its one file (c = the
 * counters' difference): pwrite64 through an O_DIRECT|O_SYNC fd c.writes times, c.bytes in all, each
 * write synchronous (syncedWrites = c.syncedWrites = c.writes), no sync call; and 16/k writes of k kB
 * in each operation (c.writes = 16/k x the operations, c.bytes = 16 kB x them).
 */
final class PgOpenSyncSizesCalls implements SyscallRules {

    @Override
    public void expect(Cell cell, WorkloadSize size, SyscallExpectation x) {
        x.addWrites(Role.LOG, "pwrite64", CallHow.fd(List.of("O_DIRECT", "O_SYNC")), Counters.WRITES, Counters.BYTES);
        x.mustBeZero(Counters.SYNC_CALLS, "open_sync's writes sync themselves; no sync call is made");
        x.syncedWrites(x.counter(Counters.SYNCED_WRITES));
        x.mustEqual(Counters.SYNCED_WRITES, x.counter(Counters.WRITES), "every write goes through the O_SYNC descriptor");
    }

    @Override
    public void expectOperations(Cell cell, long ops, SyscallExpectation x) {
        SyscallRules.super.expectOperations(cell, ops, x);
        PgOpenSyncLoop.Size z = cell.get(PgOpenSyncSizesFamily.WRITES);
        x.mustEqual(Counters.WRITES, (long) z.writesPerOperation() * ops, z.writesPerOperation() + " writes of " + z.writeBytes()
                + " bytes in each of the " + ops + " operations");
        x.mustEqual(Counters.BYTES, (long) PgOpenSyncLoop.Size.OPERATION_BYTES * ops, "16 kB in each operation");
    }
}
