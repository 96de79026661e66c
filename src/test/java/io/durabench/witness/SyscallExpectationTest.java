package io.durabench.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.Cells;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.expectation.CallHow;
import io.durabench.expectation.CallKey;
import io.durabench.expectation.CallKey.Role;
import io.durabench.expectation.SyscallExpectation;
import io.durabench.expectation.SyscallExpectation.Expected;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.groupcommit.CommitMode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The witness's expectations (the families' {@link io.durabench.catalogue.SyscallRules} and the
 * operation count), written out by hand for the brief's examples: the
 * expected calls are restated here independently, not read back from the class.
 */
class SyscallExpectationTest {
    private static final String SFR = "plain fd, " + CallHow.SYNC_FILE_RANGE_FLAGS;

    @Test
    void fdatasyncEveryTenWrites() {
        SyscallExpectation x = syncWrite(SyncMethod.FDATASYNC, 10, Preallocation.NONE, writes(100, 409600, 10, 0, 0, 0, 0));
        assertEquals(Map.of(
                key("pwrite64", "plain fd"), new Expected(100, 409600L, "writes 100"),
                key("fdatasync", "plain fd"), new Expected(10, null, "syncCalls 10"),
                key("ftruncate", "plain fd"), new Expected(0, null, "recycles 0")), x.calls());
        assertEquals(List.of(), x.counterProblems());
        assertEquals(0, x.syncedWrites());
    }

    @Test
    void oDsyncWritesThroughAnODsyncFdAndSyncsNothingElse() {
        SyscallExpectation x = syncWrite(SyncMethod.O_DSYNC, 1, Preallocation.NONE, writes(100, 409600, 0, 100, 0, 0, 0));
        assertEquals(Map.of(
                key("pwrite64", "O_DSYNC fd"), new Expected(100, 409600L, "writes 100"),
                key("ftruncate", "plain fd"), new Expected(0, null, "recycles 0")), x.calls());
        assertEquals(100, x.syncedWrites());
    }

    @Test
    void aStreamIsWritesAndFsyncs() {
        SyscallExpectation x = syncWrite(SyncMethod.STREAM_FD_SYNC, 10, Preallocation.NONE, writes(100, 409600, 10, 0, 0, 0, 0));
        assertEquals(Map.of(key("write", "plain fd"), new Expected(100, 409600L, "writes 100"),
                key("fsync", "plain fd"), new Expected(10, null, "syncCalls 10"),
                key("ftruncate", "plain fd"), new Expected(0, null, "recycles 0")), x.calls());
    }

    @Test
    void channelForceDataIsPositionalWritesAndFdatasync() {
        SyscallExpectation x = syncWrite(SyncMethod.CHANNEL_FORCE_DATA, 10, Preallocation.NONE, writes(100, 409600, 10, 0, 0, 0, 0));
        assertEquals(new Expected(100, 409600L, "writes 100"), x.calls().get(key("pwrite64", "plain fd")));
        assertEquals(new Expected(10, null, "syncCalls 10"), x.calls().get(key("fdatasync", "plain fd")));
    }

    @Test
    void mmapForceIsMsyncOnlyWithNoWriteCallsAndNoTruncateOnRecycle() {
        SyscallExpectation x = syncWrite(SyncMethod.MMAP_FORCE, 10, Preallocation.NONE, writes(100, 409600, 10, 0, 0, 0, 6));
        assertEquals(Map.of(key("msync", "MS_SYNC"), new Expected(10, null, "syncCalls 10")), x.calls());
    }

    @Test
    void zeroFillAddsItsChunksWritesAndFdatasyncsOnThePlainControlFd() {
        SyscallExpectation x = syncWrite(SyncMethod.O_DIRECT_DSYNC, 1, Preallocation.ZERO_FILL, writes(100, 409600, 0, 100, 409600, 25, 6));
        assertEquals(Map.of(
                key("pwrite64", "O_DIRECT|O_DSYNC fd"), new Expected(100, 409600L, "writes 100"),
                key("pwrite64", "plain fd"), new Expected(25, 409600L, "preallocSyncs 25"),
                key("fdatasync", "plain fd"), new Expected(25, null, "preallocSyncs 25"),
                key("ftruncate", "plain fd"), new Expected(6, null, "recycles 6")), x.calls());
    }

    @Test
    void fdatasyncPlusZeroFillShareOneKeyWhoseSumIsExplained() {
        SyscallExpectation x = syncWrite(SyncMethod.FDATASYNC, 1, Preallocation.ZERO_FILL, writes(100, 409600, 100, 0, 409600, 25, 6));
        assertEquals(new Expected(125, null, "syncCalls 100 + preallocSyncs 25"), x.calls().get(key("fdatasync", "plain fd")));
        assertEquals(new Expected(125, 819200L, "writes 100 + preallocSyncs 25"), x.calls().get(key("pwrite64", "plain fd")));
    }

    @Test
    void ftruncateAndFallocatePreallocationAreFsynced() {
        SyscallExpectation t = syncWrite(SyncMethod.FSYNC, 10, Preallocation.FTRUNCATE, writes(100, 409600, 6, 0, 0, 6, 6));
        assertEquals(new Expected(12, null, "preallocSyncs 6 + recycles 6"), t.calls().get(key("ftruncate", "plain fd")));
        assertEquals(new Expected(12, null, "syncCalls 6 + preallocSyncs 6"), t.calls().get(key("fsync", "plain fd")));
        SyscallExpectation a = syncWrite(SyncMethod.SYNC_FILE_RANGE, 10, Preallocation.FALLOCATE, writes(100, 409600, 6, 0, 0, 6, 6));
        assertEquals(Map.of(
                key("pwrite64", "plain fd"), new Expected(100, 409600L, "writes 100"),
                key("sync_file_range", SFR), new Expected(6, null, "syncCalls 6"),
                key("fallocate", "plain fd, mode 0"), new Expected(6, null, "preallocSyncs 6"),
                key("fsync", "plain fd"), new Expected(6, null, "preallocSyncs 6"),
                key("ftruncate", "plain fd"), new Expected(6, null, "recycles 6")), a.calls());
    }

    @Test
    void pgTestFsyncMethods() {
        SyscallExpectation sync = pg(PgTestFsyncLoop.Method.OPEN_SYNC, writes(100, 819200, 0, 100, 0, 0, 0));
        assertEquals(Map.of(key("pwrite64", "O_DIRECT|O_SYNC fd"), new Expected(100, 819200L, "writes 100")), sync.calls());
        SyscallExpectation fsync = pg(PgTestFsyncLoop.Method.FSYNC, writes(100, 819200, 100, 0, 0, 0, 0));
        assertEquals(Map.of(key("pwrite64", "plain fd"), new Expected(100, 819200L, "writes 100"),
                key("fsync", "plain fd"), new Expected(100, null, "syncCalls 100")), fsync.calls());
    }

    @Test
    void fileCreationIsOneOpenWriteAndFsyncPerFilePlusTheDirectoryFsync() {
        SyscallExpectation x = expectation(SizedCell.of(Cells.fileCreate(true, 4096)), writes(100, 409600, 200, 0, 0, 0, 0), 100);
        assertEquals(100, x.newFiles());
        assertEquals(409600, x.newFileBytes());
        assertEquals(Map.of(
                new CallKey(Role.NEW_FILE, "openat", "O_CREAT|O_TRUNC"), new Expected(1, null, "one per new file"),
                new CallKey(Role.NEW_FILE, "pwrite64", "plain fd"), new Expected(1, 4096L, "one block per new file"),
                new CallKey(Role.NEW_FILE, "fsync", "plain fd"), new Expected(1, null, "one per new file"),
                new CallKey(Role.NEW_FILE, "close", "plain fd"), new Expected(1, null, "one per new file")), x.perNewFile());
        assertEquals(Map.of(new CallKey(Role.DIRECTORY, "fsync", "plain fd"), new Expected(100, null, "syncCalls - writes 100")), x.calls());
    }

    @Test
    void groupCommitWithZeroFillCountsWholeChunks() {
        Map<String, Long> c = Map.of("commits", 100L, "syncs", 100L, "bytes", 100_000L, "delays", 0L, "zeroFillSyncs", 6L, "recycles", 1L);
        SyscallExpectation x = expectation(new SizedCell(Cells.groupCommit(SyncMethod.FSYNC, Preallocation.ZERO_FILL, 1000, CommitMode.GROUP),
                new WorkloadSize(64 << 10, 16 << 10)), c, 100);
        assertEquals(Map.of(
                key("pwrite64", "plain fd"), new Expected(106, 100_000L + 6 * (16 << 10), "commits 100 + zeroFillSyncs 6"),
                key("fdatasync", "plain fd"), new Expected(6, null, "zeroFillSyncs 6"),
                key("fsync", "plain fd"), new Expected(100, null, "syncs 100"),
                key("ftruncate", "plain fd"), new Expected(1, null, "recycles 1")), x.calls());
    }

    @Test
    void countersThatCannotBeTrueAreNamed() {
        SyscallExpectation x = syncWrite(SyncMethod.O_DSYNC, 1, Preallocation.NONE, writes(99, 405504, 1, 99, 8, 1, 0));
        assertEquals(List.of(
                "counters say 1 syncCalls, but O_DSYNC makes no separate sync call",
                "counters say 8 preallocBytes, but NONE writes no bytes",
                "counters say 1 preallocSyncs, but preallocation NONE makes no preallocation call",
                "counters say 99 writes, but the witness ran 100 operations"), x.counterProblems());
    }

    @Test
    void aMissingCounterIsAnErrorNotAZero() {
        Map<String, Long> c = new HashMap<>(writes(100, 409600, 10, 0, 0, 0, 0));
        c.remove("syncCalls");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> expectation(SizedCell.of(Cells.syncWrite(SyncMethod.FSYNC, 4096, 10, Preallocation.NONE)), c, 100));
        assertTrue(e.getMessage().startsWith("the workload reported no counter 'syncCalls'"), e.getMessage());
    }

    private static SyscallExpectation syncWrite(SyncMethod m, int wps, Preallocation p, Map<String, Long> counters) {
        return expectation(SizedCell.of(Cells.syncWrite(m, 4096, wps, p)), counters, 100);
    }

    private static SyscallExpectation pg(PgTestFsyncLoop.Method m, Map<String, Long> counters) {
        return expectation(SizedCell.of(Cells.pgTestFsync(m)), counters, 100);
    }

    private static SyscallExpectation expectation(SizedCell cell, Map<String, Long> counters, int ops) {
        return WitnessJudge.expectation(cell.cell(), cell.size(), counters, ops);
    }

    private static CallKey key(String call, String how) {
        return new CallKey(Role.LOG, call, how);
    }

    private static Map<String, Long> writes(long writes, long bytes, long syncCalls, long syncedWrites, long preallocBytes,
                                            long preallocSyncs, long recycles) {
        return Map.of("writes", writes, "bytes", bytes, "syncCalls", syncCalls, "syncedWrites", syncedWrites,
                "preallocBytes", preallocBytes, "preallocSyncs", preallocSyncs, "recycles", recycles);
    }
}
