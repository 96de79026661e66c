package io.durabench.catalogue;

import io.durabench.expectation.CallHow;
import io.durabench.expectation.CallKey.Role;
import io.durabench.expectation.SyscallExpectation;
import java.util.List;

/**
 * What the kernel must see of FileCreateCost (c = the counters' difference): new files (opened with
 * O_CREAT between the markers) = c.writes, their pwrite64 bytes together = c.bytes, and each one
 * exactly: openat O_CREAT|O_TRUNC once, pwrite64 on a plain fd once with blockSizeBytes, fsync on a
 * plain fd once, close once; fsync (plain) on the directory = c.syncCalls - c.writes (c.writes with
 * syncDirectory, else 0). Its setup creates no file of its own.
 */
final class FileCreateCalls implements SyscallRules {

    @Override
    public void expect(Cell cell, WorkloadSize size, SyscallExpectation x) {
        x.noLog();
        x.newFiles(x.counter(Counters.WRITES), x.counter(Counters.BYTES));
        x.eachNewFile("openat", CallHow.open(List.of("O_CREAT", "O_TRUNC")), 1, null, "one per new file");
        x.eachNewFile("pwrite64", CallHow.PLAIN_FD, 1, (long) cell.get(SyncWriteCostFamily.BLOCK_SIZE), "one block per new file");
        x.eachNewFile("fsync", CallHow.PLAIN_FD, 1, null, "one per new file");
        x.eachNewFile("close", CallHow.PLAIN_FD, 1, null, "one per new file");
        x.add(Role.DIRECTORY, "fsync", CallHow.PLAIN_FD, x.counter(Counters.SYNC_CALLS) - x.counter(Counters.WRITES), null, "syncCalls - writes");
        x.syncedWrites(x.counter(Counters.SYNCED_WRITES));
    }
}
