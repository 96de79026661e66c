package io.durabench.catalogue;

import static io.durabench.catalogue.GroupCommitFamily.COMMITTERS;
import static io.durabench.catalogue.GroupCommitFamily.COMMIT_DELAY;
import static io.durabench.catalogue.GroupCommitFamily.COMMIT_SIBLINGS;
import static io.durabench.catalogue.GroupCommitFamily.PREALLOCATION;
import static io.durabench.catalogue.GroupCommitFamily.RECORD_SIZE;
import static io.durabench.catalogue.GroupCommitFamily.SYNC_METHOD;

import io.durabench.expectation.CallHow;
import io.durabench.expectation.CallKey.Role;
import io.durabench.expectation.SyscallExpectation;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.GroupCommitConfig;
import java.util.Optional;

/**
 * What the kernel must see of one committer on a group-commit log, all on the log (c = the counters'
 * difference; payload call and the method's sync as for SyncWriteCost, {@link SyncMethodCalls}):
 * <pre>
 *   payload call, plain      c.commits             bytes c.bytes
 *   pwrite64, plain          c.zeroFillSyncs       bytes c.zeroFillSyncs x zeroFillChunkBytes
 *   the method's sync        c.syncs;  fdatasync, plain += c.zeroFillSyncs
 *   ftruncate, plain         c.recycles;  delays must be 0
 * </pre>
 * The witnessed JVM runs one thread, so a cell is witnessed with one committer and no commit delay
 * (every commit then leads its own sync in GROUP mode): what is checked is the calls each commit
 * makes, not how committers share them. Group commit's delays are a wait, no syscall.
 */
final class GroupCommitCalls implements SyscallRules {
    /** One committer; for groupCommit, no commit delay and the default siblings. */
    @Override
    public Cell witnessed(Cell cell) {
        Cell one = cell.with(COMMITTERS, 1);
        return Catalogue.GROUP_COMMIT.isReference(cell.benchmark()) ? one
                : one.with(COMMIT_DELAY, 0L).with(COMMIT_SIBLINGS, GroupCommitConfig.DEFAULT_COMMIT_SIBLINGS);
    }

    /**
     * The log's own configuration checks, a record that fits the region, and a zero-fill chunk that
     * divides the region, so that every chunk of zeros is a whole chunk and their bytes follow from
     * the chunk count.
     */
    @Override
    public Optional<String> refuses(Cell cell, WorkloadSize size) {
        try {
            Catalogue.GROUP_COMMIT.config(cell, size);
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        int record = cell.get(RECORD_SIZE);
        if (record > size.regionBytes()) return Optional.of("recordSizeBytes must be 1.." + size.regionBytes() + ", not " + record);
        if (size.regionBytes() % size.zeroFillChunkBytes() != 0) {
            return Optional.of("zeroFillChunkBytes " + size.zeroFillChunkBytes() + " must divide regionBytes " + size.regionBytes());
        }
        return Optional.empty();
    }

    @Override
    public void expect(Cell cell, WorkloadSize size, SyscallExpectation x) {
        SyncMethod m = cell.get(SYNC_METHOD);
        long zeros = x.counter(Counters.ZERO_FILL_SYNCS);
        x.addWrites(Role.LOG, SyncMethodCalls.payloadCall(m), SyncMethodCalls.payloadFd(m), Counters.COMMITS, Counters.BYTES);
        if (cell.get(PREALLOCATION) == Preallocation.ZERO_FILL || zeros != 0) {
            x.add(Role.LOG, "pwrite64", CallHow.PLAIN_FD, zeros, zeros * size.zeroFillChunkBytes(), Counters.ZERO_FILL_SYNCS);
            x.add(Role.LOG, "fdatasync", CallHow.PLAIN_FD, zeros, null, Counters.ZERO_FILL_SYNCS);
        }
        SyncMethodCalls.methodSync(x, m.sync(), m.name(), Counters.SYNCS);
        x.add(Role.LOG, "ftruncate", CallHow.PLAIN_FD, Counters.RECYCLES);
        x.mustBeZero(Counters.DELAYS, "the witness runs one committer with commitDelayMicros=0, which never waits");
    }
}
