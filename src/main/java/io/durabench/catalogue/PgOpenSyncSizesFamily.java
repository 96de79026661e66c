package io.durabench.catalogue;

import io.durabench.nativeio.Syscalls;
import io.durabench.workload.PgOpenSyncLoop;
import io.durabench.workload.SyncMethod;
import java.util.Optional;
import java.util.Set;

/** PgOpenSyncSizes: pg_test_fsync's "open_sync with different write sizes", 16 kB per operation as k writes. */
public final class PgOpenSyncSizesFamily extends PgSectionFamily<PgOpenSyncLoop.Size> {
    public static final Parameter<PgOpenSyncLoop.Size> WRITES = Parameter.ofEnum("openSyncWrites", PgOpenSyncLoop.Size.class,
            Set.of(), Parameter.plainLabel("openSyncWrites"));

    PgOpenSyncSizesFamily() {
        super("PgOpenSyncSizes", Operation.PG_OPERATION, Counters.PG_OPERATIONS, "write16k", WRITES, PgOpenSyncLoop.Size.class,
                new PgOpenSyncSizesCalls());
    }

    /** Each write is k kB through O_DIRECT: below the device's logical sector the kernel refuses it (EINVAL). */
    @Override
    public Optional<Integer> directWriteBytes(Cell cell) {
        PgOpenSyncLoop.Size z = cell.get(WRITES);
        return z == null ? Optional.empty() : Optional.of(z.writeBytes());
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

    @Override
    public OperationLoop open(Syscalls sys, Cell cell, WorkloadSize size) {
        PgOpenSyncLoop loop = new PgOpenSyncLoop(sys, cell.targetPath(), cell.get(WRITES));
        return loop(cell, loop::writeSixteenKiB, loop.counters(), loop::close);
    }
}
