package io.durabench.workload;

import io.durabench.nativeio.OpenFlags;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * How a write is made durable (or not). Each method says whether it reaches stable storage and
 * whether it issues an explicit sync call, to which the batch size ("one sync per N writes") applies.
 *
 * <p>Besides the native calls, the JDK's own ways to make a write durable, which a JDK upgrade can
 * move: FileChannel (force, DSYNC, SYNC, DIRECT), RandomAccessFile "rwd"/"rws", FileOutputStream with
 * FileDescriptor.sync(), a mapped buffer's force, and the channel methods with every call handed to a
 * virtual thread (JDK 21+) or, for comparison, to a one-thread platform executor. What the kernel
 * really receives from each is checked by the syscall witness, against the catalogue's rules (io.durabench.catalogue.SyncMethodCalls).
 */
public enum SyncMethod {
    /** write(2) only: lands in the page cache. The baseline, and not durable. */
    NONE(false, Api.NATIVE, Sync.NONE, "pwrite only (page cache)"),
    FSYNC(true, Api.NATIVE, Sync.FSYNC, "pwrite + fsync"),
    FDATASYNC(true, Api.NATIVE, Sync.FDATASYNC, "pwrite + fdatasync"),
    /** Every write behaves as if followed by fdatasync. */
    O_DSYNC(true, Api.NATIVE, Sync.IN_WRITE, "open(O_DSYNC) + pwrite"),
    O_SYNC(true, Api.NATIVE, Sync.IN_WRITE, "open(O_SYNC) + pwrite"),
    /** Bypasses the page cache, not the device's volatile cache: the trap, not durable. */
    O_DIRECT(false, Api.NATIVE, Sync.NONE, "open(O_DIRECT) + pwrite, no sync"),
    O_DIRECT_DSYNC(true, Api.NATIVE, Sync.IN_WRITE, "open(O_DIRECT|O_DSYNC) + pwrite"),
    /** Starts and waits for writeback but sends no device flush and no metadata: not durable. */
    SYNC_FILE_RANGE(false, Api.NATIVE, Sync.SYNC_FILE_RANGE, "pwrite + sync_file_range(WAIT|WRITE|WAIT)"),
    /** pwritev2 with RWF_DSYNC: O_DSYNC for this write alone, on a file opened without it. */
    PWRITEV2_DSYNC(true, Api.NATIVE, Sync.IN_WRITE, "pwritev2(RWF_DSYNC)"),
    /**
     * io_uring: a write entry and an IORING_OP_FSYNC entry with IORING_FSYNC_DATASYNC, submitted and
     * waited for by one io_uring_enter. One write: linked (IOSQE_IO_LINK). A batch of N: the N writes in
     * flight at once, the sync drained behind them (IOSQE_IO_DRAIN).
     */
    URING_FDATASYNC(true, Api.NATIVE, Sync.RING_FDATASYNC, "io_uring write + fsync(DATASYNC)"),
    /** io_uring: each write entry carries RWF_DSYNC; a batch of N is N writes in flight at once, one io_uring_enter waiting for all. */
    URING_DSYNC(true, Api.NATIVE, Sync.IN_WRITE, "io_uring write(RWF_DSYNC)"),
    /** URING_DSYNC on an O_DIRECT file: where a device with FUA can make the write durable without a separate flush. */
    URING_DIRECT_DSYNC(true, Api.NATIVE, Sync.IN_WRITE, "open(O_DIRECT) + io_uring write(RWF_DSYNC)"),
    /** FileChannel.force(false): fdatasync on Linux. */
    CHANNEL_FORCE_DATA(true, Api.CHANNEL, Sync.FORCE_DATA, "FileChannel.write + force(false)"),
    /** FileChannel.force(true): fsync on Linux. */
    CHANNEL_FORCE_ALL(true, Api.CHANNEL, Sync.FORCE_ALL, "FileChannel.write + force(true)"),
    /** StandardOpenOption.DSYNC: O_DSYNC through the JDK. */
    CHANNEL_DSYNC(true, Api.CHANNEL, Sync.IN_WRITE, "FileChannel(DSYNC).write"),
    /** StandardOpenOption.SYNC: O_SYNC through the JDK (data and metadata with every write). */
    CHANNEL_SYNC(true, Api.CHANNEL, Sync.IN_WRITE, "FileChannel(SYNC).write"),
    /** ExtendedOpenOption.DIRECT alone: O_DIRECT through the JDK, the same trap as O_DIRECT: not durable. */
    CHANNEL_DIRECT(false, Api.CHANNEL, Sync.NONE, "FileChannel(DIRECT).write, no sync"),
    /** ExtendedOpenOption.DIRECT with StandardOpenOption.DSYNC: O_DIRECT|O_DSYNC through the JDK. */
    CHANNEL_DIRECT_DSYNC(true, Api.CHANNEL, Sync.IN_WRITE, "FileChannel(DIRECT, DSYNC).write"),
    /** A memory-mapped log: MappedByteBuffer.force(index, length) is msync(MS_SYNC). */
    MMAP_FORCE(true, Api.MMAP, Sync.MSYNC, "MappedByteBuffer.put + force (msync)"),
    /** RandomAccessFile mode "rwd": O_DSYNC; written as an application does, seek + write(byte[]). */
    RAF_RWD(true, Api.RANDOM_ACCESS_FILE, Sync.IN_WRITE, "RandomAccessFile(rwd).seek + write"),
    /** RandomAccessFile mode "rws": O_SYNC; seek + write(byte[]). */
    RAF_RWS(true, Api.RANDOM_ACCESS_FILE, Sync.IN_WRITE, "RandomAccessFile(rws).seek + write"),
    /** FileOutputStream.write, then FileDescriptor.sync() (fsync) as the sync call. */
    STREAM_FD_SYNC(true, Api.STREAM, Sync.FD_SYNC, "FileOutputStream.write + getFD().sync()"),
    CHANNEL_FORCE_DATA_VIRTUAL(CHANNEL_FORCE_DATA, Caller.VIRTUAL_THREAD),
    CHANNEL_FORCE_ALL_VIRTUAL(CHANNEL_FORCE_ALL, Caller.VIRTUAL_THREAD),
    CHANNEL_DSYNC_VIRTUAL(CHANNEL_DSYNC, Caller.VIRTUAL_THREAD),
    CHANNEL_FORCE_DATA_PLATFORM(CHANNEL_FORCE_DATA, Caller.PLATFORM_THREAD),
    CHANNEL_FORCE_ALL_PLATFORM(CHANNEL_FORCE_ALL, Caller.PLATFORM_THREAD),
    CHANNEL_DSYNC_PLATFORM(CHANNEL_DSYNC, Caller.PLATFORM_THREAD);

    /** Which API issues the writes. */
    public enum Api { NATIVE, CHANNEL, MMAP, RANDOM_ACCESS_FILE, STREAM }

    /** What "sync" means for this method. */
    public enum Sync { NONE, FSYNC, FDATASYNC, SYNC_FILE_RANGE, IN_WRITE, FORCE_DATA, FORCE_ALL, MSYNC, FD_SYNC,
        /** An io_uring IORING_OP_FSYNC entry with IORING_FSYNC_DATASYNC: fdatasync, made by the ring. */
        RING_FDATASYNC }

    /**
     * Which thread makes the calls. The hand-offs submit every call (each write, and each sync where
     * the method has one) to an executor and wait for it: a virtual thread per call, or the one thread
     * of a platform executor, so that the two differ only in the kind of thread.
     */
    public enum Caller {
        /** The benchmark's own thread, no hand-off. */
        CALLING_THREAD(0, "", ""),
        /** Executors.newVirtualThreadPerTaskExecutor(): a new virtual thread per call (JDK 21+). */
        VIRTUAL_THREAD(21, ", each call on a new virtual thread", "virtual threads"),
        /** Executors.newSingleThreadExecutor(): the same hand-off to one platform thread. */
        PLATFORM_THREAD(0, ", each call handed to a one-thread platform executor", "");

        private final int minimumJavaFeature;
        private final String described;
        private final String needs;

        Caller(int minimumJavaFeature, String described, String needs) {
            this.minimumJavaFeature = minimumJavaFeature;
            this.described = described;
            this.needs = needs;
        }
    }

    private final boolean durable;
    private final Api api;
    private final Sync sync;
    private final Caller caller;
    private final String description;

    SyncMethod(boolean durable, Api api, Sync sync, String description) {
        this.durable = durable;
        this.api = api;
        this.sync = sync;
        this.caller = Caller.CALLING_THREAD;
        this.description = description;
    }

    /** {@code onThread} is {@code base} with every call handed to another thread. */
    SyncMethod(SyncMethod base, Caller onThread) {
        this.durable = base.durable;
        this.api = base.api;
        this.sync = base.sync;
        this.caller = onThread;
        this.description = base.description + onThread.described;
    }

    /** True when a completed write+sync has reached stable storage (on a device that honours flushes). */
    public boolean durable() {
        return durable;
    }

    /** Why a completed write+sync is not on stable storage; null when it is. */
    public String notDurableBecause() {
        return durable ? null : description + " does not reach stable storage";
    }

    public Api api() {
        return api;
    }

    public Sync sync() {
        return sync;
    }

    /** Which thread makes the method's calls. */
    public Caller caller() {
        return caller;
    }

    public String description() {
        return description;
    }

    /**
     * The description with the queue depth a batch of {@code writesPerSync} gives: "io_uring write +
     * fsync(DATASYNC), linked, QD 1", "..., drained, QD 10"; other methods' description as it is.
     */
    public String description(int writesPerSync) {
        if (!throughRing()) return description;
        String how = this == URING_FDATASYNC ? (writesPerSync == 1 ? ", linked" : ", drained") : "";
        return description + how + ", QD " + writesPerSync;
    }

    /** Whether the writes go through an io_uring instance (set up once per trial) rather than a write call apiece. */
    public boolean throughRing() {
        return this == URING_FDATASYNC || this == URING_DSYNC || this == URING_DIRECT_DSYNC;
    }

    /**
     * Whether "one sync per N writes" applies: a separate sync call to batch, or a ring whose N writes
     * of a batch are submitted together, in flight at once, and waited for by one io_uring_enter.
     */
    public boolean takesBatches() {
        return hasExplicitSync() || throughRing();
    }
    /** True when the method issues a separate sync call, so "one sync per N writes" applies. */
    public boolean hasExplicitSync() {
        return sync != Sync.NONE && sync != Sync.IN_WRITE;
    }

    /**
     * Whether the profiles sweep this method over block sizes, batches and preallocations: the native
     * calls and the JDK's first paths (channel force and DSYNC, the mapped buffer). The others — the
     * JDK's other write APIs and the thread hand-offs — ask about the API and the JDK, not the disk;
     * pwritev2 and the io_uring methods ask how to submit what the swept native calls do. The quick,
     * standard and compare profiles measure them at the centre only (8 KiB, one sync per write,
     * append); the full profile sweeps everything.
     */
    public boolean sweptByProfiles() {
        return caller == Caller.CALLING_THREAD && switch (api) {
            case NATIVE -> this != PWRITEV2_DSYNC && !throughRing();
            case MMAP -> true;
            case CHANNEL -> this == CHANNEL_FORCE_DATA || this == CHANNEL_FORCE_ALL || this == CHANNEL_DSYNC;
            case RANDOM_ACCESS_FILE, STREAM -> false;
        };
    }

    /** True when every write is itself synchronous (O_DSYNC family): one flush per write. */
    public boolean syncsInWrite() {
        return sync == Sync.IN_WRITE;
    }

    public boolean usesDirectIo() {
        return this == O_DIRECT || this == O_DIRECT_DSYNC || this == URING_DIRECT_DSYNC || this == CHANNEL_DIRECT
                || this == CHANNEL_DIRECT_DSYNC;
    }

    /**
     * The lowest Java feature release that can run this method (21 for virtual threads), 0 when any
     * JVM that runs durabench can. Asked of the JVM that runs the cell, never of the one that plans it.
     */
    public int minimumJavaFeature() {
        return caller.minimumJavaFeature;
    }

    /** Why a JVM of version {@code jvm} cannot run this method, in one line; empty when it can. */
    public Optional<String> unavailableOn(Runtime.Version jvm) {
        if (jvm.feature() >= minimumJavaFeature()) return Optional.empty();
        String version = jvm.version().stream().map(String::valueOf).collect(Collectors.joining("."));
        return Optional.of(caller.needs + " need JDK " + minimumJavaFeature() + "+ (this JVM is " + version + ")");
    }

    /** The methods this JVM version can run, in declaration order. */
    public static Stream<SyncMethod> availableOn(Runtime.Version jvm) {
        return Stream.of(values()).filter(m -> m.unavailableOn(jvm).isEmpty());
    }

    /** Extra open(2) flags for the native methods. */
    public int openFlags() {
        return switch (this) {
            case O_DSYNC -> OpenFlags.O_DSYNC;
            case O_SYNC -> OpenFlags.O_SYNC;
            case O_DIRECT -> OpenFlags.O_DIRECT;
            case O_DIRECT_DSYNC -> OpenFlags.O_DIRECT | OpenFlags.O_DSYNC;
            case URING_DIRECT_DSYNC -> OpenFlags.O_DIRECT;
            default -> 0;
        };
    }
}
