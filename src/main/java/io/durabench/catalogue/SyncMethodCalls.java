package io.durabench.catalogue;

import io.durabench.expectation.CallHow;
import io.durabench.expectation.CallKey.Role;
import io.durabench.expectation.SyscallExpectation;
import io.durabench.nativeio.OpenFlags;
import io.durabench.workload.SyncMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How each {@link SyncMethod} looks to the kernel, for the rules of the families that take one
 * (SyncWriteCost, GroupCommit): the call its payload write is, the kind of fd it writes through,
 * and its own sync call. A new method does not compile without its row in {@link #payloadFd}.
 *
 * <p>What strace shows the JDK doing (the same calls on JDK 17 and 25): FileChannel.open is
 * {@code openat(O_RDWR|O_CREAT)}, plus O_DSYNC, O_SYNC or O_DIRECT for DSYNC, SYNC and
 * ExtendedOpenOption.DIRECT (set again with fcntl F_SETFL, which the witness follows, and fstatvfs
 * asked for DIRECT's alignment); a positional write is one pwrite64; force(false) is fdatasync,
 * force(true) fsync; map is ftruncate and mmap(MAP_SHARED), and MappedByteBuffer.force(index, length)
 * one msync(MS_SYNC) of the page-aligned range. RandomAccessFile "rwd" and "rws" open with O_DSYNC
 * and O_SYNC, seek is lseek, write one write(2). FileOutputStream opens {@code O_WRONLY|O_CREAT|O_TRUNC},
 * writes with write(2), {@code getFD().sync()} is one fsync and {@code getChannel().position(p)} lseek.
 * The kernel cannot witness which thread made a call (strace -f follows the hand-off methods'
 * threads) nor whether a device honoured the flush.
 */
public final class SyncMethodCalls {
    private SyncMethodCalls() {
    }

    /**
     * The kind of fd a method writes its payload through, as the kernel holds it (the JDK's options included):
     * O_DSYNC for O_DSYNC, CHANNEL_DSYNC(_VIRTUAL, _PLATFORM), RAF_RWD; O_SYNC for O_SYNC, CHANNEL_SYNC,
     * RAF_RWS; O_DIRECT for O_DIRECT, CHANNEL_DIRECT; O_DIRECT|O_DSYNC for O_DIRECT_DSYNC,
     * CHANNEL_DIRECT_DSYNC; O_DIRECT for URING_DIRECT_DSYNC; plain for every other method (PWRITEV2_DSYNC,
     * URING_DSYNC and URING_FDATASYNC among them: their writes ask for RWF_DSYNC one by one).
     */
    static String payloadFd(SyncMethod m) {
        int f = payloadFlags(m);
        List<String> names = new ArrayList<>();
        if ((f & OpenFlags.O_SYNC) == OpenFlags.O_SYNC) names.add("O_SYNC");
        else if ((f & OpenFlags.O_DSYNC) != 0) names.add("O_DSYNC");
        if ((f & OpenFlags.O_DIRECT) != 0) names.add("O_DIRECT");
        return CallHow.fd(names);
    }

    /**
     * Whether the method's sync commits the inode's metadata, timestamps included (fsync's, or an O_SYNC
     * fd's), rather than the data alone (fdatasync's, O_DSYNC's, msync's): by the same table as the
     * witness's expectations.
     */
    public static boolean syncsMetadata(SyncMethod m) {
        return syncCall(m.sync()).equals("fsync") || (payloadFlags(m) & OpenFlags.O_SYNC) == OpenFlags.O_SYNC;
    }

    /** The open flags of the fd a method writes its payload through (see {@link #payloadFd}). */
    private static int payloadFlags(SyncMethod m) {
        return switch (m) {
            case NONE, FSYNC, FDATASYNC, O_DSYNC, O_SYNC, O_DIRECT, O_DIRECT_DSYNC, SYNC_FILE_RANGE, PWRITEV2_DSYNC, URING_FDATASYNC,
                    URING_DSYNC, URING_DIRECT_DSYNC -> m.openFlags();
            case CHANNEL_DSYNC, CHANNEL_DSYNC_VIRTUAL, CHANNEL_DSYNC_PLATFORM, RAF_RWD -> OpenFlags.O_DSYNC;
            case CHANNEL_SYNC, RAF_RWS -> OpenFlags.O_SYNC;
            case CHANNEL_DIRECT -> OpenFlags.O_DIRECT;
            case CHANNEL_DIRECT_DSYNC -> OpenFlags.O_DIRECT | OpenFlags.O_DSYNC;
            case CHANNEL_FORCE_DATA, CHANNEL_FORCE_ALL, CHANNEL_FORCE_DATA_VIRTUAL, CHANNEL_FORCE_ALL_VIRTUAL,
                    CHANNEL_FORCE_DATA_PLATFORM, CHANNEL_FORCE_ALL_PLATFORM, MMAP_FORCE, STREAM_FD_SYNC -> 0;
        };
    }

    /**
     * The native method (the C twin's) that makes the same durable calls as {@code m}: a native method
     * itself; for the JDK's, the same kind of payload fd (open flags) and the same sync call, by this
     * table; empty for MMAP_FORCE (msync has no native twin). The payload call itself may differ: the
     * java.io paths write(2) at the file position where the native ones pwrite64.
     */
    static Optional<SyncMethod> nativeWithSameCalls(SyncMethod m) {
        if (m.api() == SyncMethod.Api.NATIVE) return Optional.of(m);
        for (SyncMethod n : SyncMethod.values()) {
            if (n.api() == SyncMethod.Api.NATIVE && payloadFd(n).equals(payloadFd(m)) && syncCall(n.sync()).equals(syncCall(m.sync()))) {
                return Optional.of(n);
            }
        }
        return Optional.empty();
    }

    /** The sync call a method makes, by name ("fsync", "fdatasync", "sync_file_range", "msync"), or "" for none. */
    private static String syncCall(SyncMethod.Sync sync) {
        return switch (sync) {
            case FSYNC, FORCE_ALL, FD_SYNC -> "fsync";
            case FDATASYNC, FORCE_DATA -> "fdatasync";
            case SYNC_FILE_RANGE -> "sync_file_range";
            case MSYNC -> "msync";
            case RING_FDATASYNC -> "io_uring fsync(DATASYNC)";
            case NONE, IN_WRITE -> "";
        };
    }

    /**
     * The system call a method's payload write is: write for RAF_RWD, RAF_RWS, STREAM_FD_SYNC
     * (java.io writes at the file position: lseek, which is not traced, + write); pwritev2 for
     * PWRITEV2_DSYNC; pwrite64 for the other native and the FileChannel methods. The io_uring methods
     * make none: their writes are ring entries ({@link #ringCalls}).
     */
    static String payloadCall(SyncMethod m) {
        if (m.throughRing()) throw new IllegalArgumentException(m + " writes through io_uring: no write call");
        if (m == SyncMethod.PWRITEV2_DSYNC) return "pwritev2";
        return switch (m.api()) {
            case RANDOM_ACCESS_FILE, STREAM -> "write";
            case NATIVE, CHANNEL, MMAP -> "pwrite64";
        };
    }

    /** How the kernel sees a payload write: the fd kind ({@link #payloadFd}), and pwritev2's flags for PWRITEV2_DSYNC. */
    static String payloadHow(SyncMethod m) {
        return m == SyncMethod.PWRITEV2_DSYNC ? CallHow.rwFlags(payloadFd(m), "RWF_DSYNC") : payloadFd(m);
    }

    /**
     * What strace sees of an io_uring method: no write and no sync call on the log, only io_uring_enter
     * on the ring, {@code ringEnters} of them, each IORING_ENTER_GETEVENTS (it submits and waits). One
     * per batch: at one write per batch one per write, and URING_FDATASYNC's one per sync. The ring's
     * writes are invisible to strace (the io_uring tracepoints show their opcodes and flags), so none
     * counts as a synchronous write here; the workload counts its RWF_DSYNC writes as they complete, one
     * per write at one write per batch.
     */
    static void ringCalls(SyscallExpectation x, SyncMethod m, int writesPerSync) {
        x.add(Role.RING, "io_uring_enter", CallHow.RING_ENTER_GETEVENTS, Counters.RING_ENTERS);
        long enters = x.counter(Counters.RING_ENTERS);
        if (m.hasExplicitSync()) {
            x.mustEqual(Counters.SYNC_CALLS, enters, "one io_uring_enter submits a batch and its sync and waits for both");
        } else if (writesPerSync == 1) {
            x.mustEqual(Counters.SYNCED_WRITES, x.counter(Counters.WRITES), "each " + m + " write carries RWF_DSYNC");
        }
        if (writesPerSync == 1) x.mustEqual(Counters.WRITES, enters, "at one write per batch, one io_uring_enter per write");
        x.syncedWrites(0);
    }

    /**
     * The method's own sync calls on the log, {@code counter} of them: fsync on a plain fd for FSYNC,
     * CHANNEL_FORCE_ALL(_VIRTUAL, _PLATFORM), STREAM_FD_SYNC; fdatasync for FDATASYNC,
     * CHANNEL_FORCE_DATA(_VIRTUAL, _PLATFORM); sync_file_range(WAIT_BEFORE|WRITE|WAIT_AFTER) for
     * SYNC_FILE_RANGE; msync(MS_SYNC) for MMAP_FORCE. A method whose writes sync themselves, or
     * that never syncs, must count none.
     */
    static void methodSync(SyscallExpectation x, SyncMethod.Sync sync, String method, String counter) {
        long n = x.counter(counter);
        switch (sync) {
            case FSYNC, FORCE_ALL, FD_SYNC -> x.add(Role.LOG, "fsync", CallHow.PLAIN_FD, n, null, counter);
            case FDATASYNC, FORCE_DATA -> x.add(Role.LOG, "fdatasync", CallHow.PLAIN_FD, n, null, counter);
            case SYNC_FILE_RANGE -> x.add(Role.LOG, "sync_file_range", CallHow.syncFileRange(CallHow.PLAIN_FD, CallHow.SYNC_FILE_RANGE_FLAGS),
                    n, null, counter);
            case MSYNC -> x.add(Role.LOG, "msync", CallHow.MS_SYNC, n, null, counter);
            case RING_FDATASYNC -> { } // an entry in the ring, no system call on the log: ringCalls counts its io_uring_enter
            case NONE, IN_WRITE -> x.mustBeZero(counter, method + " makes no separate sync call");
        }
    }
}
