package io.durabench.catalogue;

import io.durabench.expectation.CallHow;
import io.durabench.expectation.CallKey.Role;
import io.durabench.expectation.SyscallExpectation;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.SyncMethod;
import java.util.List;

/**
 * What the kernel must see of pg_test_fsync's loop, on its one file (c = the counters' difference):
 * pwrite64 c.writes times, c.bytes in all, through an O_DIRECT|O_DSYNC fd (open_datasync), an
 * O_DIRECT|O_SYNC fd (open_sync) or a plain one; fdatasync (plain) = c.syncCalls for fdatasync,
 * fsync (plain) = c.syncCalls for fsync, and no sync call (c.syncCalls 0) for the others;
 * syncedWrites = c.syncedWrites. Two writes per operation (PgTwoWrites): the same calls, and c.writes =
 * 2 x the operations run (c.operations = them), c.syncCalls = them for fdatasync and fsync.
 */
final class PgTestFsyncCalls implements SyscallRules {
    private final int writesPerOperation;

    /** @param writesPerOperation 1 for pg_test_fsync's one-write table, 2 for its two-writes one */
    PgTestFsyncCalls(int writesPerOperation) {
        this.writesPerOperation = writesPerOperation;
    }

    @Override
    public void expectOperations(Cell cell, long ops, SyscallExpectation x) {
        SyscallRules.super.expectOperations(cell, ops, x);
        if (writesPerOperation == 1) return;
        x.mustEqual(Counters.WRITES, writesPerOperation * ops, writesPerOperation + " writes in each of the " + ops + " operations");
        PgTestFsyncLoop.Method m = cell.get(PgTestFsyncFamily.PG_METHOD);
        if (m == PgTestFsyncLoop.Method.FDATASYNC || m == PgTestFsyncLoop.Method.FSYNC) {
            x.mustEqual(Counters.SYNC_CALLS, ops, "one " + m.label() + " after each operation's writes");
        }
    }

    @Override
    public void expect(Cell cell, WorkloadSize size, SyscallExpectation x) {
        PgTestFsyncLoop.Method m = cell.get(PgTestFsyncFamily.PG_METHOD);
        String fd = switch (m) {
            case OPEN_DATASYNC -> CallHow.fd(List.of("O_DIRECT", "O_DSYNC"));
            case OPEN_SYNC -> CallHow.fd(List.of("O_DIRECT", "O_SYNC"));
            case FDATASYNC, FSYNC, WRITE -> CallHow.PLAIN_FD;
        };
        x.addWrites(Role.LOG, "pwrite64", fd, Counters.WRITES, Counters.BYTES);
        SyncMethod.Sync sync = switch (m) {
            case FDATASYNC -> SyncMethod.Sync.FDATASYNC;
            case FSYNC -> SyncMethod.Sync.FSYNC;
            case OPEN_DATASYNC, OPEN_SYNC -> SyncMethod.Sync.IN_WRITE;
            case WRITE -> SyncMethod.Sync.NONE;
        };
        SyncMethodCalls.methodSync(x, sync, m.label(), Counters.SYNC_CALLS);
        x.syncedWrites(x.counter(Counters.SYNCED_WRITES));
    }
}
