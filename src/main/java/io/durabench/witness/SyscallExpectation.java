package io.durabench.witness;

import io.durabench.catalogue.Counters;
import io.durabench.nativeio.OpenFlags;
import io.durabench.witness.CallKey.Role;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Exactly what the kernel must have seen between a cell's markers, derived from the counters the
 * workload reported for those operations and from the cell's configuration. Every rule is an
 * equality; nothing is a tolerance.
 *
 * <p><b>The window.</b> A call counts when its entry line in the trace lies strictly between the
 * cell's BEGIN and END marker opens ({@link WitnessMarkers}) and it touched the target directory or a
 * file in it; everything else (class loading, stdout, the JVM's own files) is ignored. Setup and
 * warmup (file creation, the first zero-fill chunk, the initial ftruncate/fallocate, prewrites)
 * happen before BEGIN and are not counted; what they decide is still checked, because every counted
 * call is classified by the flags of the open that made its fd.
 *
 * <p><b>The comparison.</b> The witness tallies each successful call on the target directory and the
 * files in it by (file role, call, how) — see {@link CallKey} and {@link FileCall} — and requires,
 * for every key that either side names, expected calls = seen calls and, where the counters
 * determine them, expected bytes = bytes the kernel reports written. A key the counters do not
 * account for is expected 0 times, so an extra fsync fails as surely as a missing one. In addition:
 * the operation counter ({@code writes} or {@code commits}) must equal the operations run;
 * {@code syncedWrites} must equal the writes the kernel saw through an O_DSYNC or O_SYNC fd; every
 * call on the directory's files between the markers must have succeeded; no sync call between the
 * markers may be left unexplained by the fd table or file mappings; and a workload with a log must
 * have created exactly one file in its setup.
 *
 * <p><b>The rules</b> (c = the counters' difference over the measured operations; "plain" = an fd
 * opened without O_DSYNC, O_SYNC or O_DIRECT; "payload fd" and "payload call" = the kind of fd the
 * method opens and the call its writes are, from {@link #payloadFd} and {@link #payloadCall}):
 * <pre>
 * SyncWriteCost, on the log            calls                          bytes
 *   payload call, payload fd            c.writes (none for MMAP_FORCE)  c.bytes
 *   fsync, plain       FSYNC, CHANNEL_FORCE_ALL(_VIRTUAL, _PLATFORM), STREAM_FD_SYNC: c.syncCalls
 *   fdatasync, plain   FDATASYNC, CHANNEL_FORCE_DATA(_VIRTUAL, _PLATFORM): c.syncCalls
 *   sync_file_range, plain, WAIT_BEFORE|WRITE|WAIT_AFTER   SYNC_FILE_RANGE: c.syncCalls
 *   msync, MS_SYNC     MMAP_FORCE: c.syncCalls
 *   (every method whose writes sync themselves, and NONE, O_DIRECT, CHANNEL_DIRECT: c.syncCalls must be 0)
 *   ZERO_FILL:  pwrite64, plain  += c.preallocSyncs (bytes += c.preallocBytes); fdatasync, plain += c.preallocSyncs
 *   FTRUNCATE:  ftruncate, plain += c.preallocSyncs; fsync, plain += c.preallocSyncs
 *   FALLOCATE:  fallocate, plain, mode 0 = c.preallocSyncs; fsync, plain += c.preallocSyncs
 *   every recycle (not MMAP_FORCE, whose mapping wraps in place): ftruncate, plain += c.recycles
 *   syncedWrites: c.syncedWrites; preallocBytes must be 0 unless ZERO_FILL, preallocSyncs 0 with NONE
 *
 *   payload call: write for RAF_RWD, RAF_RWS, STREAM_FD_SYNC (java.io: lseek, which is not traced, + write);
 *                 pwrite64 for the native and FileChannel methods
 *   payload fd:   O_DSYNC   O_DSYNC, CHANNEL_DSYNC(_VIRTUAL, _PLATFORM), RAF_RWD
 *                 O_SYNC    O_SYNC, CHANNEL_SYNC, RAF_RWS
 *                 O_DIRECT  O_DIRECT, CHANNEL_DIRECT;  O_DIRECT|O_DSYNC  O_DIRECT_DSYNC, CHANNEL_DIRECT_DSYNC
 *                 plain     every other method
 * PgTestFsyncEquivalent, on its file
 *   pwrite64  c.writes, c.bytes; through O_DIRECT|O_DSYNC (open_datasync), O_DIRECT|O_SYNC (open_sync), else plain
 *   fdatasync, plain = c.syncCalls (fdatasync); fsync, plain = c.syncCalls (fsync); others: c.syncCalls must be 0
 * FileCreateCost
 *   new files (opened with O_CREAT between the markers) = c.writes, their pwrite64 bytes together = c.bytes,
 *   and each one exactly: openat O_CREAT|O_TRUNC 1, pwrite64 plain 1 of blockSizeBytes, fsync plain 1
 *   fsync, plain, on the directory = c.syncCalls - c.writes (= c.writes with syncDirectory, else 0)
 * GroupCommit (one committer), on the log
 *   payload call, plain    c.commits       c.bytes
 *   pwrite64, plain        c.zeroFillSyncs        c.zeroFillSyncs x zeroFillChunkBytes
 *   fdatasync / fsync, plain  c.syncs (by method, as above); fdatasync, plain += c.zeroFillSyncs
 *   ftruncate, plain    c.recycles;  delays must be 0 (one committer, commitDelayMicros=0)
 * </pre>
 * What the kernel cannot witness: MMAP_FORCE's payload and recycles (memory stores and an in-place
 * wrap, no syscall: its writes count only against the operations run, and its msync count and flags
 * are checked), group commit's {@code delays} (a wait, no syscall), which thread made a call (the
 * hand-off methods make the same calls from other threads; strace -f follows them), and whether a
 * device honoured the flush (the kernel's view ends at the block layer).
 *
 * <p>Checked with strace on JDK 17.0.15 and Temurin 25.0.3 (identical calls on both):
 * FileChannel.open is {@code openat(O_RDWR|O_CREAT)}, plus O_DSYNC for StandardOpenOption.DSYNC,
 * O_SYNC for SYNC, and O_DIRECT for ExtendedOpenOption.DIRECT (in the open flags; the JDK then sets
 * them again with fcntl F_SETFL, which the witness follows, and asks fstatvfs for its alignment); a
 * positional FileChannel.write is one pwrite64; force(false) is fdatasync and force(true) fsync;
 * FileChannel.map is ftruncate to the size and mmap(MAP_SHARED); MappedByteBuffer.force(index, length)
 * is one msync(MS_SYNC) of the page-aligned range. {@code new RandomAccessFile(f, "rwd")} is
 * {@code openat(O_RDWR|O_CREAT|O_DSYNC)}, "rws" the same with O_SYNC; seek is lseek and
 * write(byte[]) one write(2). {@code new FileOutputStream(f)} is {@code openat(O_WRONLY|O_CREAT|O_TRUNC)},
 * its write one write(2), {@code getFD().sync()} one fsync, and {@code getChannel().position(p)} lseek.
 */
public final class SyscallExpectation {
    static final String PLAIN = "plain fd";
    static final String SYNC_FILE_RANGE_FLAGS =
            "SYNC_FILE_RANGE_WAIT_BEFORE|SYNC_FILE_RANGE_WRITE|SYNC_FILE_RANGE_WAIT_AFTER";

    /** Expected calls (and bytes, null where the counters do not fix them) with the counters they come from. */
    record Expected(long calls, Long bytes, String because) {
        Expected plus(Expected o) {
            Long b = bytes == null || o.bytes == null ? null : bytes + o.bytes;
            return new Expected(calls + o.calls, b, because + " + " + o.because);
        }
    }

    private final Map<String, Long> counters;
    private final boolean hasLog;
    private final Map<CallKey, Expected> calls = new TreeMap<>();
    private final List<String> counterProblems = new ArrayList<>();
    private long syncedWrites;
    private long newFiles;
    private long newFileBytes;
    private final Map<CallKey, Expected> perNewFile = new TreeMap<>();

    private SyscallExpectation(Map<String, Long> counters, boolean hasLog) {
        this.counters = counters;
        this.hasLog = hasLog;
    }

    /** The expectation for {@code ops} operations of {@code cell} that reported {@code counters}. */
    public static SyscallExpectation of(WitnessCell cell, Map<String, Long> counters, int ops) {
        SyscallExpectation x = new SyscallExpectation(counters, !(cell instanceof WitnessCell.FileCreate));
        if (cell instanceof WitnessCell.SyncWrite c) {
            x.syncWrite(c);
        } else if (cell instanceof WitnessCell.PgTestFsync c) {
            x.pgTestFsync(c);
        } else if (cell instanceof WitnessCell.FileCreate c) {
            x.fileCreate(c);
        } else if (cell instanceof WitnessCell.GroupCommitSingle c) {
            x.groupCommit(c);
        }
        long done = x.c(cell.operationCounter());
        if (done != ops) {
            x.counterProblems.add("counters say " + done + " " + cell.operationCounter() + ", but the witness ran " + ops + " operations");
        }
        return x;
    }

    /** Whether the workload's setup creates one file, its log (all but file creation). */
    boolean hasLog() {
        return hasLog;
    }

    private void syncWrite(WitnessCell.SyncWrite cell) {
        SyncMethod m = cell.syncMethod();
        boolean mapped = m.api() == SyncMethod.Api.MMAP;
        if (!mapped) add(Role.LOG, payloadCall(m), payloadFd(m), c(Counters.WRITES), c(Counters.BYTES), Counters.WRITES);
        methodSync(m.sync(), m.name(), Counters.SYNC_CALLS);
        syncedWrites = c(Counters.SYNCED_WRITES);
        long pre = c(Counters.PREALLOC_SYNCS);
        if (cell.preallocation() != Preallocation.ZERO_FILL) mustBeZero(Counters.PREALLOC_BYTES, cell.preallocation() + " writes no bytes");
        switch (cell.preallocation()) {
            case NONE -> mustBeZero(Counters.PREALLOC_SYNCS, "preallocation NONE makes no preallocation call");
            case ZERO_FILL -> {
                add(Role.LOG, "pwrite64", PLAIN, pre, c(Counters.PREALLOC_BYTES), Counters.PREALLOC_SYNCS);
                add(Role.LOG, "fdatasync", PLAIN, pre, null, Counters.PREALLOC_SYNCS);
            }
            case FTRUNCATE -> {
                add(Role.LOG, "ftruncate", PLAIN, pre, null, Counters.PREALLOC_SYNCS);
                add(Role.LOG, "fsync", PLAIN, pre, null, Counters.PREALLOC_SYNCS);
            }
            case FALLOCATE -> {
                add(Role.LOG, "fallocate", PLAIN + ", mode 0", pre, null, Counters.PREALLOC_SYNCS);
                add(Role.LOG, "fsync", PLAIN, pre, null, Counters.PREALLOC_SYNCS);
            }
        }
        if (!mapped) add(Role.LOG, "ftruncate", PLAIN, c(Counters.RECYCLES), null, Counters.RECYCLES);
    }

    private void pgTestFsync(WitnessCell.PgTestFsync cell) {
        PgTestFsyncLoop.Method m = cell.pgMethod();
        String fd = switch (m) {
            case OPEN_DATASYNC -> "O_DIRECT|O_DSYNC fd";
            case OPEN_SYNC -> "O_DIRECT|O_SYNC fd";
            case FDATASYNC, FSYNC, WRITE -> PLAIN;
        };
        add(Role.LOG, "pwrite64", fd, c(Counters.WRITES), c(Counters.BYTES), Counters.WRITES);
        SyncMethod.Sync sync = switch (m) {
            case FDATASYNC -> SyncMethod.Sync.FDATASYNC;
            case FSYNC -> SyncMethod.Sync.FSYNC;
            case OPEN_DATASYNC, OPEN_SYNC -> SyncMethod.Sync.IN_WRITE;
            case WRITE -> SyncMethod.Sync.NONE;
        };
        methodSync(sync, m.label(), Counters.SYNC_CALLS);
        syncedWrites = c(Counters.SYNCED_WRITES);
    }

    private void fileCreate(WitnessCell.FileCreate cell) {
        newFiles = c(Counters.WRITES);
        newFileBytes = c(Counters.BYTES);
        perNewFile.put(new CallKey(Role.NEW_FILE, "openat", "O_CREAT|O_TRUNC"), new Expected(1, null, "one per new file"));
        perNewFile.put(new CallKey(Role.NEW_FILE, "pwrite64", PLAIN), new Expected(1, (long) cell.blockSizeBytes(), "one block per new file"));
        perNewFile.put(new CallKey(Role.NEW_FILE, "fsync", PLAIN), new Expected(1, null, "one per new file"));
        add(Role.DIRECTORY, "fsync", PLAIN, c(Counters.SYNC_CALLS) - c(Counters.WRITES), null, "syncCalls - writes");
        syncedWrites = c(Counters.SYNCED_WRITES);
    }

    private void groupCommit(WitnessCell.GroupCommitSingle cell) {
        long zeros = c(Counters.ZERO_FILL_SYNCS);
        add(Role.LOG, payloadCall(cell.syncMethod()), payloadFd(cell.syncMethod()), c(Counters.COMMITS), c(Counters.BYTES), Counters.COMMITS);
        if (cell.preallocation() == Preallocation.ZERO_FILL || zeros != 0) {
            add(Role.LOG, "pwrite64", PLAIN, zeros, zeros * cell.zeroFillChunkBytes(), Counters.ZERO_FILL_SYNCS);
            add(Role.LOG, "fdatasync", PLAIN, zeros, null, Counters.ZERO_FILL_SYNCS);
        }
        methodSync(cell.syncMethod().sync(), cell.syncMethod().name(), Counters.SYNCS);
        add(Role.LOG, "ftruncate", PLAIN, c(Counters.RECYCLES), null, Counters.RECYCLES);
        mustBeZero(Counters.DELAYS, "the witness runs one committer with commitDelayMicros=0, which never waits");
    }

    private void mustBeZero(String counter, String why) {
        long n = c(counter);
        if (n != 0) counterProblems.add("counters say " + n + " " + counter + ", but " + why);
    }

    /** The method's own sync calls on the log, {@code counter} of them. */
    private void methodSync(SyncMethod.Sync sync, String method, String counter) {
        long n = c(counter);
        switch (sync) {
            case FSYNC, FORCE_ALL, FD_SYNC -> add(Role.LOG, "fsync", PLAIN, n, null, counter);
            case FDATASYNC, FORCE_DATA -> add(Role.LOG, "fdatasync", PLAIN, n, null, counter);
            case SYNC_FILE_RANGE -> add(Role.LOG, "sync_file_range", PLAIN + ", " + SYNC_FILE_RANGE_FLAGS, n, null, counter);
            case MSYNC -> add(Role.LOG, "msync", "MS_SYNC", n, null, counter);
            case NONE, IN_WRITE -> mustBeZero(counter, method + " makes no separate sync call");
        }
    }

    /** The kind of fd a method writes its payload through, as the kernel holds it (the JDK's options included). */
    static String payloadFd(SyncMethod m) {
        int f = switch (m) {
            case NONE, FSYNC, FDATASYNC, O_DSYNC, O_SYNC, O_DIRECT, O_DIRECT_DSYNC, SYNC_FILE_RANGE -> m.openFlags();
            case CHANNEL_DSYNC, CHANNEL_DSYNC_VIRTUAL, CHANNEL_DSYNC_PLATFORM, RAF_RWD -> OpenFlags.O_DSYNC;
            case CHANNEL_SYNC, RAF_RWS -> OpenFlags.O_SYNC;
            case CHANNEL_DIRECT -> OpenFlags.O_DIRECT;
            case CHANNEL_DIRECT_DSYNC -> OpenFlags.O_DIRECT | OpenFlags.O_DSYNC;
            case CHANNEL_FORCE_DATA, CHANNEL_FORCE_ALL, CHANNEL_FORCE_DATA_VIRTUAL, CHANNEL_FORCE_ALL_VIRTUAL,
                    CHANNEL_FORCE_DATA_PLATFORM, CHANNEL_FORCE_ALL_PLATFORM, MMAP_FORCE, STREAM_FD_SYNC -> 0;
        };
        List<String> names = new ArrayList<>();
        if ((f & OpenFlags.O_SYNC) == OpenFlags.O_SYNC) names.add("O_SYNC");
        else if ((f & OpenFlags.O_DSYNC) != 0) names.add("O_DSYNC");
        if ((f & OpenFlags.O_DIRECT) != 0) names.add("O_DIRECT");
        return FileCall.fdKind(names);
    }

    /** The system call a method's payload write is: java.io's streams and RandomAccessFile write at the file position. */
    static String payloadCall(SyncMethod m) {
        return switch (m.api()) {
            case RANDOM_ACCESS_FILE, STREAM -> "write";
            case NATIVE, CHANNEL, MMAP -> "pwrite64";
        };
    }

    private void add(Role role, String call, String how, long n, Long bytes, String counter) {
        Expected e = new Expected(n, FileCall.WRITES.contains(call) ? bytes : null, counter + " " + n);
        calls.merge(new CallKey(role, call, how), e, Expected::plus);
    }

    private long c(String name) {
        Long v = counters.get(name);
        if (v == null) throw new IllegalArgumentException("the workload reported no counter '" + name + "' (it reported " + counters.keySet() + ")");
        return v;
    }

    /** Every way the kernel's view {@code seen} differs from this expectation, in plain words; empty when it agrees. */
    List<String> mismatches(TracedCell seen, String dir) {
        return new ExpectationCheck(this, seen, dir).mismatches();
    }

    Map<CallKey, Expected> calls() {
        return calls;
    }

    List<String> counterProblems() {
        return counterProblems;
    }

    long syncedWrites() {
        return syncedWrites;
    }

    long newFiles() {
        return newFiles;
    }

    long newFileBytes() {
        return newFileBytes;
    }

    Map<CallKey, Expected> perNewFile() {
        return perNewFile;
    }
}
