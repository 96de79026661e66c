package io.durabench.catalogue;

import io.durabench.nativeio.Syscalls;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.SyncMethod;
import java.util.Optional;
import java.util.Set;

/** PgTestFsyncEquivalent: pg_test_fsync's one-8kB-write table, to check the harness against it. */
public final class PgTestFsyncFamily extends PgSectionFamily<PgTestFsyncLoop.Method> {
    public static final Parameter<PgTestFsyncLoop.Method> PG_METHOD = Parameter.ofEnum("pgMethod", PgTestFsyncLoop.Method.class,
            Set.of(), Parameter.plainLabel("pgMethod"));

    PgTestFsyncFamily() {
        super("PgTestFsyncEquivalent", Operation.WRITE, Counters.ISSUED, "rewriteFirstBlock", PG_METHOD, PgTestFsyncLoop.Method.class,
                new PgTestFsyncCalls(1));
    }

    /** pg_test_fsync's table: every method, in every sweep. */
    @Override
    boolean inSweep(Sweep sweep) {
        return true;
    }

    /** pg_test_fsync's own baseline: its non-sync'ed write. */
    @Override
    public Optional<Object> baseline(SyncMethod chosenSyncMethod) {
        return Optional.of(PgTestFsyncLoop.Method.WRITE);
    }

    @Override
    public Optional<String> notDurableBecause(Object methodValue) {
        return Optional.ofNullable(((PgTestFsyncLoop.Method) methodValue).notDurableBecause());
    }

    @Override
    public boolean usesDirectIo(Cell cell) {
        PgTestFsyncLoop.Method m = cell.get(PG_METHOD);
        return m != null && m.usesDirectIo();
    }

    @Override
    public OperationLoop open(Syscalls sys, Cell cell, WorkloadSize size) {
        PgTestFsyncLoop loop = new PgTestFsyncLoop(sys, cell.targetPath(), cell.get(PG_METHOD));
        return loop(cell, loop::writeOne, loop.counters(), loop::close);
    }
}
