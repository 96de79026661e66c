package io.durabench.catalogue;

import io.durabench.nativeio.Syscalls;
import io.durabench.workload.PgFdSyncLoop;
import io.durabench.workload.SyncMethod;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** PgFsyncDescriptor: pg_test_fsync's "is fsync on a non-write descriptor honored": write + fsync through one descriptor or two. */
public final class PgFsyncDescriptorFamily extends BenchmarkFamily {
    public static final Parameter<PgFdSyncLoop.Descriptor> FSYNC_THROUGH = Parameter.ofEnum("fsyncThrough", PgFdSyncLoop.Descriptor.class,
            Set.of(), Parameter.plainLabel("fsyncThrough"));

    private final List<Benchmark> benchmarks = List.of(new Benchmark(this, "writeAndSync",
            List.of(Catalogue.TARGET_DIR, FSYNC_THROUGH), List.of()));

    private final SyscallRules syscalls = new PgFsyncDescriptorCalls();

    PgFsyncDescriptorFamily() {
        super("PgFsyncDescriptor", Operation.PG_OPERATION, Counters.PG_OPERATIONS);
    }

    public Benchmark writeAndSync() {
        return benchmarks.get(0);
    }

    @Override
    public List<Benchmark> benchmarks() {
        return benchmarks;
    }

    /** In the standard and full sweeps, both descriptors. */
    @Override
    public List<Cell> plan(PlanRequest request) {
        if (request.sweep() != Sweep.STANDARD && request.sweep() != Sweep.FULL) return List.of();
        return request.axis(FSYNC_THROUGH, List.of(PgFdSyncLoop.Descriptor.values())).stream()
                .map(d -> request.cell(writeAndSync()).with(FSYNC_THROUGH, d)).toList();
    }

    @Override
    public Optional<SyscallRules> syscallRules() {
        return Optional.of(syscalls);
    }

    @Override
    public Parameter<PgFdSyncLoop.Descriptor> methodAxis() {
        return FSYNC_THROUGH;
    }

    /** The writer's own fsync: the difference to it is what syncing through another descriptor costs. */
    @Override
    public Optional<Object> baseline(SyncMethod chosenSyncMethod) {
        return Optional.of(PgFdSyncLoop.Descriptor.SAME);
    }

    /** Both are durable on Linux: fsync acts on the inode, whichever descriptor it is called through. */
    @Override
    public Optional<String> notDurableBecause(Object methodValue) {
        return Optional.empty();
    }

    /** The twin mirrors this workload call for call (twin/README.md). */
    @Override
    public Optional<Cell> cellInC(Cell cell) {
        return Optional.of(cell);
    }

    @Override
    public OperationLoop open(Syscalls sys, Cell cell, WorkloadSize size) {
        PgFdSyncLoop loop = new PgFdSyncLoop(sys, cell.targetPath(), cell.get(FSYNC_THROUGH));
        return new WriteLoops.Of(loop::writeAndSync, () -> { }, loop.counters(), loop::close, notDurableBecause(cell.methodValue()).isEmpty());
    }
}
