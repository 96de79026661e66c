package io.durabench.catalogue;

import io.durabench.nativeio.Syscalls;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.SyncMethod;
import java.util.Optional;

/** PgTwoWrites: pg_test_fsync's "two 8kB writes" table, one operation = two writes and the method's sync. */
public final class PgTwoWritesFamily extends PgSectionFamily<PgTestFsyncLoop.Method> {
    /** pg_test_fsync's methods, the one-write table's parameter (one -p pgMethod sets both); WRITE has no line here. */
    public static final Parameter<PgTestFsyncLoop.Method> PG_METHOD = PgTestFsyncFamily.PG_METHOD;

    PgTwoWritesFamily() {
        super("PgTwoWrites", Operation.PG_OPERATION, Counters.PG_OPERATIONS, "rewriteTwoBlocks", PG_METHOD, PgTestFsyncLoop.Method.class,
                new PgTestFsyncCalls(2));
    }

    /** The cheapest durable line of pg_test_fsync's table on Linux: fdatasync (its default wal_sync_method). */
    @Override
    public Optional<Object> baseline(SyncMethod chosenSyncMethod) {
        return Optional.of(PgTestFsyncLoop.Method.FDATASYNC);
    }

    @Override
    public Optional<String> notDurableBecause(Object methodValue) {
        return Optional.ofNullable(((PgTestFsyncLoop.Method) methodValue).notDurableBecause());
    }

    @Override
    public Optional<String> invalidCombination(Cell cell) {
        return cell.get(PG_METHOD) == PgTestFsyncLoop.Method.WRITE
                ? Optional.of("pg_test_fsync's two-writes table has no non-sync'ed line (its 'write' is in the one-write section)")
                : Optional.empty();
    }

    @Override
    public boolean usesDirectIo(Cell cell) {
        PgTestFsyncLoop.Method m = cell.get(PG_METHOD);
        return m != null && m.usesDirectIo();
    }

    @Override
    public OperationLoop open(Syscalls sys, Cell cell, WorkloadSize size) {
        PgTestFsyncLoop loop = new PgTestFsyncLoop(sys, cell.targetPath(), cell.get(PG_METHOD));
        return loop(cell, loop::writeTwo, loop.counters(), loop::close);
    }
}
