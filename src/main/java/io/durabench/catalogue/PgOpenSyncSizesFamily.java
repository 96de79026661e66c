package io.durabench.catalogue;

import io.durabench.nativeio.Syscalls;
import io.durabench.workload.PgOpenSyncLoop;
import io.durabench.workload.SyncMethod;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** PgOpenSyncSizes: pg_test_fsync's "open_sync with different write sizes", 16 kB per operation as k writes. */
public final class PgOpenSyncSizesFamily extends BenchmarkFamily {
    public static final Parameter<PgOpenSyncLoop.Size> WRITES = Parameter.ofEnum("openSyncWrites", PgOpenSyncLoop.Size.class,
            Set.of(), Parameter.plainLabel("openSyncWrites"));

    private final List<Benchmark> benchmarks = List.of(new Benchmark(this, "write16k", List.of(Catalogue.TARGET_DIR, WRITES), List.of()));

    private final SyscallRules syscalls = new PgOpenSyncSizesCalls();

    PgOpenSyncSizesFamily() {
        super("PgOpenSyncSizes", Operation.PG_OPERATION, Counters.PG_OPERATIONS);
    }

    public Benchmark write16k() {
        return benchmarks.get(0);
    }

    @Override
    public List<Benchmark> benchmarks() {
        return benchmarks;
    }

    /** In the standard and full sweeps, every size. */
    @Override
    public List<Cell> plan(PlanRequest request) {
        if (request.sweep() != Sweep.STANDARD && request.sweep() != Sweep.FULL) return List.of();
        return request.axis(WRITES, List.of(PgOpenSyncLoop.Size.values())).stream().map(z -> request.cell(write16k()).with(WRITES, z)).toList();
    }

    @Override
    public Optional<SyscallRules> syscallRules() {
        return Optional.of(syscalls);
    }

    /** Each write is k kB through O_DIRECT: below the device's logical sector the kernel refuses it (EINVAL). */
    @Override
    public Optional<Integer> directWriteBytes(Cell cell) {
        PgOpenSyncLoop.Size z = cell.get(WRITES);
        return z == null ? Optional.empty() : Optional.of(z.writeBytes());
    }

    @Override
    public Parameter<PgOpenSyncLoop.Size> methodAxis() {
        return WRITES;
    }

    /** One 16 kB write: what splitting it into smaller synchronous writes is compared with. */
    @Override
    public Optional<Object> baseline(SyncMethod chosenSyncMethod) {
        return Optional.of(PgOpenSyncLoop.Size.ONE_16K);
    }

    @Override
    public Optional<String> notDurableBecause(Object methodValue) {
        return Optional.empty();
    }

    @Override
    public boolean usesDirectIo(Cell cell) {
        return true;
    }

    /** The twin mirrors this workload call for call (twin/README.md). */
    @Override
    public Optional<Cell> cellInC(Cell cell) {
        return Optional.of(cell);
    }

    @Override
    public OperationLoop open(Syscalls sys, Cell cell, WorkloadSize size) {
        PgOpenSyncLoop loop = new PgOpenSyncLoop(sys, cell.targetPath(), cell.get(WRITES));
        return new WriteLoops.Of(loop::writeSixteenKiB, () -> { }, loop.counters(), loop::close, notDurableBecause(cell.methodValue()).isEmpty());
    }
}
