package io.durabench.catalogue;

import io.durabench.nativeio.Syscalls;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.SyncMethod;
import java.util.List;
import java.util.Optional;

/** PgTwoWrites: pg_test_fsync's "two 8kB writes" table, one operation = two writes and the method's sync. */
public final class PgTwoWritesFamily extends BenchmarkFamily {
    /** pg_test_fsync's methods, the one-write table's parameter (one -p pgMethod sets both); WRITE has no line here. */
    public static final Parameter<PgTestFsyncLoop.Method> PG_METHOD = PgTestFsyncFamily.PG_METHOD;

    private final List<Benchmark> benchmarks = List.of(new Benchmark(this, "rewriteTwoBlocks",
            List.of(Catalogue.TARGET_DIR, PG_METHOD), List.of()));

    private final SyscallRules syscalls = new PgTestFsyncCalls(2);

    PgTwoWritesFamily() {
        super("PgTwoWrites", Operation.PG_OPERATION, Counters.PG_OPERATIONS);
    }

    public Benchmark rewriteTwoBlocks() {
        return benchmarks.get(0);
    }

    @Override
    public List<Benchmark> benchmarks() {
        return benchmarks;
    }

    /** pg_test_fsync's other sections are in the standard and full sweeps (quick and compare keep to its main table). */
    @Override
    public List<Cell> plan(PlanRequest request) {
        if (request.sweep() != Sweep.STANDARD && request.sweep() != Sweep.FULL) return List.of();
        return request.axis(PG_METHOD, List.of(PgTestFsyncLoop.Method.values())).stream()
                .map(m -> request.cell(rewriteTwoBlocks()).with(PG_METHOD, m)).filter(c -> invalidCombination(c).isEmpty()).toList();
    }

    @Override
    public Optional<SyscallRules> syscallRules() {
        return Optional.of(syscalls);
    }

    @Override
    public Parameter<PgTestFsyncLoop.Method> methodAxis() {
        return PG_METHOD;
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

    /** The twin mirrors this workload call for call (twin/README.md). */
    @Override
    public Optional<Cell> cellInC(Cell cell) {
        return Optional.of(cell);
    }

    @Override
    public OperationLoop open(Syscalls sys, Cell cell, WorkloadSize size) {
        PgTestFsyncLoop loop = new PgTestFsyncLoop(sys, cell.targetPath(), cell.get(PG_METHOD));
        return new WriteLoops.Of(loop::writeTwo, () -> { }, loop.counters(), loop::close, notDurableBecause(cell.methodValue()).isEmpty());
    }
}
