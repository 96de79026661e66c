package io.durabench.catalogue;

import io.durabench.nativeio.Syscalls;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.SyncMethod;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** PgTestFsyncEquivalent: pg_test_fsync's one-8kB-write table, to check the harness against it. */
public final class PgTestFsyncFamily extends BenchmarkFamily {
    public static final Parameter<PgTestFsyncLoop.Method> PG_METHOD = Parameter.ofEnum("pgMethod", PgTestFsyncLoop.Method.class,
            Set.of(), Parameter.plainLabel("pgMethod"));

    private final List<Benchmark> benchmarks = List.of(new Benchmark(this, "rewriteFirstBlock",
            List.of(Catalogue.TARGET_DIR, PG_METHOD), List.of()));

    private final SyscallRules syscalls = new PgTestFsyncCalls();

    PgTestFsyncFamily() {
        super("PgTestFsyncEquivalent", Operation.WRITE, Counters.ISSUED);
    }

    public Benchmark rewriteFirstBlock() {
        return benchmarks.get(0);
    }

    @Override
    public List<Benchmark> benchmarks() {
        return benchmarks;
    }

    /** pg_test_fsync's table: every method, in every sweep. */
    @Override
    public List<Cell> plan(PlanRequest request) {
        return request.axis(PG_METHOD, List.of(PgTestFsyncLoop.Method.values())).stream()
                .map(m -> request.cell(rewriteFirstBlock()).with(PG_METHOD, m)).toList();
    }

    @Override
    public Optional<SyscallRules> syscallRules() {
        return Optional.of(syscalls);
    }

    @Override
    public Parameter<PgTestFsyncLoop.Method> methodAxis() {
        return PG_METHOD;
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

    /** The twin mirrors this workload call for call (twin/README.md). */
    @Override
    public Optional<Cell> cellInC(Cell cell) {
        return Optional.of(cell);
    }

    @Override
    public OperationLoop open(Syscalls sys, Cell cell, WorkloadSize size) {
        PgTestFsyncLoop loop = new PgTestFsyncLoop(sys, cell.targetPath(), cell.get(PG_METHOD));
        return new WriteLoops.Of(loop::writeOne, () -> { }, loop.counters(), loop::close, notDurableBecause(cell.methodValue()).isEmpty());
    }
}
