package io.durabench.catalogue;

import io.durabench.nativeio.Syscalls;
import io.durabench.workload.PgFdSyncLoop;
import io.durabench.workload.SyncMethod;
import java.util.Optional;
import java.util.Set;

/** PgFsyncDescriptor: pg_test_fsync's "is fsync on a non-write descriptor honored": write + fsync through one descriptor or two. */
public final class PgFsyncDescriptorFamily extends PgSectionFamily<PgFdSyncLoop.Descriptor> {
    public static final Parameter<PgFdSyncLoop.Descriptor> FSYNC_THROUGH = Parameter.ofEnum("fsyncThrough", PgFdSyncLoop.Descriptor.class,
            Set.of(), Parameter.plainLabel("fsyncThrough"));

    PgFsyncDescriptorFamily() {
        super("PgFsyncDescriptor", Operation.PG_OPERATION, Counters.PG_OPERATIONS, "writeAndSync", FSYNC_THROUGH, PgFdSyncLoop.Descriptor.class,
                new PgFsyncDescriptorCalls());
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

    @Override
    public OperationLoop open(Syscalls sys, Cell cell, WorkloadSize size) {
        PgFdSyncLoop loop = new PgFdSyncLoop(sys, cell.targetPath(), cell.get(FSYNC_THROUGH));
        return loop(cell, loop::writeAndSync, loop.counters(), loop::close);
    }
}
