package io.durabench.catalogue;

import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.CommitMode;
import io.durabench.workload.groupcommit.GroupCommitConfig;

/** Whole cells of each family for tests, without a target directory (the witness and the tests supply their own). */
public final class Cells {
    private Cells() {
    }

    public static Cell syncWrite(SyncMethod m, int blockSizeBytes, int writesPerSync, Preallocation p) {
        return Cell.of(Catalogue.SYNC_WRITE_COST.writeBlock()).with(SyncWriteCostFamily.SYNC_METHOD, m)
                .with(SyncWriteCostFamily.BLOCK_SIZE, blockSizeBytes).with(SyncWriteCostFamily.WRITES_PER_SYNC, writesPerSync)
                .with(SyncWriteCostFamily.PREALLOCATION, p);
    }

    public static Cell pgTestFsync(PgTestFsyncLoop.Method m) {
        return Cell.of(Catalogue.PG_TEST_FSYNC.benchmark()).with(PgTestFsyncFamily.PG_METHOD, m);
    }

    public static Cell pgTwoWrites(PgTestFsyncLoop.Method m) {
        return Cell.of(Catalogue.PG_TWO_WRITES.benchmark()).with(PgTestFsyncFamily.PG_METHOD, m);
    }

    public static Cell pgOpenSyncSizes(io.durabench.workload.PgOpenSyncLoop.Size z) {
        return Cell.of(Catalogue.PG_OPEN_SYNC_SIZES.benchmark()).with(PgOpenSyncSizesFamily.WRITES, z);
    }

    public static Cell pgFsyncDescriptor(io.durabench.workload.PgFdSyncLoop.Descriptor d) {
        return Cell.of(Catalogue.PG_FSYNC_DESCRIPTOR.benchmark()).with(PgFsyncDescriptorFamily.FSYNC_THROUGH, d);
    }

    public static Cell fileCreate(boolean syncDirectory, int blockSizeBytes) {
        return Cell.of(Catalogue.FILE_CREATE.createWriteSync()).with(SyncWriteCostFamily.BLOCK_SIZE, blockSizeBytes)
                .with(FileCreateFamily.SYNC_DIRECTORY, syncDirectory);
    }

    /** One committer and no commit delay (the form the witness runs): GROUP is groupCommit, ALONE eachSyncsAlone. */
    public static Cell groupCommit(SyncMethod m, Preallocation p, int recordSizeBytes, CommitMode mode) {
        GroupCommitFamily gc = Catalogue.GROUP_COMMIT;
        Cell c = Cell.of(mode == CommitMode.ALONE ? gc.eachSyncsAlone() : gc.groupCommit()).with(GroupCommitFamily.COMMITTERS, 1)
                .with(GroupCommitFamily.RECORD_SIZE, recordSizeBytes).with(GroupCommitFamily.SYNC_METHOD, m)
                .with(GroupCommitFamily.PREALLOCATION, p);
        return mode == CommitMode.ALONE ? c
                : c.with(GroupCommitFamily.COMMIT_DELAY, 0L).with(GroupCommitFamily.COMMIT_SIBLINGS, GroupCommitConfig.DEFAULT_COMMIT_SIBLINGS);
    }
}
