package io.durabench.catalogue;

import io.durabench.nativeio.Syscalls;
import io.durabench.workload.FileCreation;
import io.durabench.workload.SyncMethod;
import java.util.List;
import java.util.Optional;

/** FileCreateCost: create + write + fsync a new file, with and without the fsync of its directory. */
public final class FileCreateFamily extends BenchmarkFamily {
    public static final Parameter<Boolean> SYNC_DIRECTORY = Parameter.ofBoolean("syncDirectory", Parameter.plainLabel("syncDirectory"));

    private final Benchmark createWriteSync = declare("createWriteSync",
            List.of(Catalogue.TARGET_DIR, SyncWriteCostFamily.BLOCK_SIZE, SYNC_DIRECTORY), List.of());

    FileCreateFamily() {
        super("FileCreateCost", Operation.FILE, Counters.ISSUED, new FileCreateCalls());
    }

    public Benchmark createWriteSync() {
        return createWriteSync;
    }

    /** With and without the directory fsync, one block of the centre's size, in every sweep. */
    @Override
    public List<Cell> plan(PlanRequest request) {
        return request.axis(SYNC_DIRECTORY, List.of(false, true)).stream()
                .map(syncDir -> request.cell(createWriteSync()).with(SyncWriteCostFamily.BLOCK_SIZE, SyncWriteCostFamily.CENTRE_BLOCK_BYTES)
                        .with(SYNC_DIRECTORY, syncDir)).toList();
    }

    @Override
    public Parameter<Boolean> methodAxis() {
        return SYNC_DIRECTORY;
    }

    /** Without the directory fsync: what most programs do, and why their new files can vanish. */
    @Override
    public Optional<Object> baseline(SyncMethod chosenSyncMethod) {
        return Optional.of(false);
    }

    @Override
    public Optional<String> notDurableBecause(Object methodValue) {
        return Optional.ofNullable(FileCreation.notDurableBecause((Boolean) methodValue));
    }

    /** The twin mirrors this workload call for call (twin/README.md). */
    @Override
    public Optional<Cell> cellInC(Cell cell) {
        return Optional.of(cell);
    }

    @Override
    public OperationLoop open(Syscalls sys, Cell cell, WorkloadSize size) {
        FileCreation c = new FileCreation(sys, cell.targetPath(), cell.get(SyncWriteCostFamily.BLOCK_SIZE), cell.get(SYNC_DIRECTORY));
        return new WriteLoops.Of(c::createOne, () -> { }, c.counters(), c::close, notDurableBecause(cell.methodValue()).isEmpty());
    }
}
