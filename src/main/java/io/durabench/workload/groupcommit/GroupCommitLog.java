package io.durabench.workload.groupcommit;

import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import io.durabench.workload.LogFile;
import io.durabench.workload.Preallocation;
import io.durabench.workload.RegionLogFiles;
import io.durabench.workload.WorkloadFiles;
import io.durabench.workload.WriteRetries;
import io.durabench.workload.ZeroFiller;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;

/**
 * A log that concurrent committers append records to, each returning only once a completed sync
 * covers its record (background section 5).
 *
 * <p>GROUP mode, leader/follower: a committer whose record is written (and everything before it)
 * and finds no sync in progress becomes the leader; it waits {@code commitDelayMicros} first when
 * at least {@code commitSiblings} other committers are inside a commit (PostgreSQL's commit_delay
 * and commit_siblings), then syncs everything written without a gap so far, publishes the covered
 * position and wakes the waiters; any still uncovered elect the next leader, which takes whatever
 * arrived meanwhile. ALONE mode is the reference without group commit: write, then one's own sync.
 *
 * <p>Positions are logical and only grow; the file is a bounded region like the durable-write
 * loop's: when it is used up, new reservations wait until every reserved record is durable, then
 * the file is truncated to zero and prepared again (NONE: append again; ZERO_FILL: rolling zeros).
 *
 * <p>A failed write or sync fails the log for good: every waiting commit throws and no further
 * commit is accepted, because after a failed fsync the kernel may have dropped the dirty pages and
 * a later sync that succeeds proves nothing (PostgreSQL's "fsyncgate" lesson). It also fails closed:
 * the committer that meets the failure closes the log (waiting for I/O still in flight) and deletes
 * its file before its exception leaves, so a failed trial leaves nothing behind whatever its caller does.
 *
 * <p>One lock, one condition signalled on every state change: at 16 committers a signalAll per
 * write or sync costs microseconds against a flush of hundreds of µs, and keeps the waits simple.
 * I/O never runs under the lock.
 */
public final class GroupCommitLog implements AutoCloseable {
    private final GroupCommitConfig cfg;
    private final Path path;
    private final NativeFile control;
    private final LogFile data;
    private final ZeroFiller zeroFiller;
    private final Publication publication;
    private final WriteRetries retries;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    // All below guarded by lock.
    private long reserved;
    private final WrittenFrontier written = new WrittenFrontier(0);
    private long synced;
    /** Logical position of the file's offset 0 (moves at each recycle). */
    private long epochBase;
    private boolean leaderActive;
    /** A committer is zero-filling ahead or recycling the file: reservations wait. */
    private boolean preparingSpace;
    private int active;
    private int ioInFlight;
    private Throwable failure;
    private boolean closed;
    private long commits, syncs, bytes, delays, zeroFillSyncs, recycles;

    /**
     * When a leader lets its followers go. Production only ever uses {@link #AFTER_SYNC}; the other
     * is a deliberately broken log for the mutation test, which proves the durability checker would
     * catch such a bug. Package-private: no option, profile or caller outside this package reaches it.
     */
    enum Publication {
        /** The covered position is published once the sync has returned successfully. */
        AFTER_SYNC,
        /** Broken on purpose: published before the sync starts, so followers return before their data is durable. */
        BEFORE_SYNC
    }

    private GroupCommitLog(GroupCommitConfig cfg, Path path, NativeFile control, LogFile data, Publication publication) {
        this.cfg = cfg;
        this.path = path;
        this.control = control;
        this.data = data;
        this.publication = publication;
        this.zeroFiller = cfg.preallocation() == Preallocation.ZERO_FILL
                ? new ZeroFiller(control, cfg.zeroFillChunkBytes(), cfg.regionBytes(), cfg.alignmentBytes()) : null;
        this.retries = WriteRetries.forLog(control, data);
    }

    /** Creates a fresh log file in {@code cfg.dir()} (deleted again by {@link #close()}) and prepares it. */
    public static GroupCommitLog open(Syscalls sys, GroupCommitConfig cfg) {
        return open(sys, cfg, (path, data) -> data, Publication.AFTER_SYNC);
    }

    /**
     * As {@link #open(Syscalls, GroupCommitConfig)}, for tests: {@code dataView} wraps the method's
     * data path given the log's path (to record what a JDK path does, which no Syscalls sees);
     * {@code publication} may break the log on purpose.
     */
    static GroupCommitLog open(Syscalls sys, GroupCommitConfig cfg, BiFunction<Path, LogFile, LogFile> dataView, Publication publication) {
        Path path = RegionLogFiles.create(cfg.dir(), cfg.method(), cfg.regionBytes(), cfg.zeroFillChunkBytes());
        NativeFile control = null;
        LogFile data = null;
        try {
            control = NativeFile.open(sys, path, OpenFlags.O_RDWR, 0);
            data = dataView.apply(path, RegionLogFiles.openDataPath(sys, path, cfg.method(), cfg.regionBytes()));
            GroupCommitLog log = new GroupCommitLog(cfg, path, control, data, publication);
            if (log.zeroFiller != null) log.zeroFillSyncs += log.zeroFiller.fillUpTo(Math.min(cfg.zeroFillChunkBytes(), cfg.regionBytes()));
            return log;
        } catch (RuntimeException | Error e) {
            WorkloadFiles.discard(e, path, data, control);
            throw e;
        }
    }

    /** A handle for one committing thread, with its own counters. */
    public Committer newCommitter() {
        return new Committer(this);
    }

    /** Commits bytes [0, length) of {@code record}, counted in the log's totals only. */
    public long commit(ByteBuffer record, int length) {
        return commit(record, length, null);
    }

    long commit(ByteBuffer record, int length, Committer me) {
        if (length <= 0 || length > cfg.regionBytes()) {
            throw new IllegalArgumentException("record length must be 1.." + cfg.regionBytes() + " bytes, not " + length);
        }
        CommitFailedException failed;
        boolean logFailed;
        lock.lock();
        try {
            return commitLocked(record, length, me);
        } catch (CommitFailedException e) {
            failed = e;
            logFailed = failure != null;
        } finally {
            lock.unlock();
        }
        // Fail closed: the log is dead for good, so this committer removes it before its exception leaves.
        if (logFailed) {
            try {
                close();
            } catch (RuntimeException cleanup) {
                failed.addSuppressed(cleanup);
            }
        }
        throw failed;
    }

    private long commitLocked(ByteBuffer record, int length, Committer me) {
        ensureUsable();
        active++;
        try {
            long start = reserve(length);
            long end = start + length;
            long fileOffset = start - epochBase;
            boolean alone = cfg.mode() == CommitMode.ALONE;
            Throwable err = unlockedIo(() -> {
                data.write(record, length, fileOffset);
                if (alone) data.sync(fileOffset, fileOffset + length);
            });
            if (err != null) throw fail(err, (alone ? "write or sync" : "write") + " of a record failed");
            written.completed(start, end);
            changed.signalAll();
            if (alone) {
                syncs++;
                if (me != null) me.syncs++;
            } else {
                awaitDurable(end, me);
            }
            commits++;
            bytes += length;
            if (me != null) {
                me.commits++;
                me.bytes += length;
            }
            return start;
        } finally {
            active--;
        }
    }

    /** Reserves [start, start + length) in the region, preparing space first when needed. */
    private long reserve(int length) {
        while (true) {
            ensureUsable();
            if (preparingSpace) {
                changed.awaitUninterruptibly();
                continue;
            }
            long fileEnd = reserved - epochBase + length;
            if (fileEnd > cfg.regionBytes()) {
                recycle();
            } else if (zeroFiller != null && zeroFiller.needsFillFor(fileEnd)) {
                fillAhead(fileEnd);
            } else {
                long start = reserved;
                reserved += length;
                return start;
            }
        }
    }

    /** ZERO_FILL: zeros ahead of the reservation; records already reserved lie below and are not touched. */
    private void fillAhead(long fileEnd) {
        preparingSpace = true;
        long[] chunks = new long[1];
        Throwable err = unlockedIo(() -> chunks[0] = zeroFiller.fillUpTo(fileEnd));
        preparingSpace = false;
        zeroFillSyncs += chunks[0];
        changed.signalAll();
        if (err != null) throw fail(err, "zero-fill ahead of the log failed");
    }

    /** Region used up: wait until every reserved record is durable, then truncate and prepare again. */
    private void recycle() {
        preparingSpace = true;
        try {
            while (ioInFlight > 0 || written.position() < reserved || (cfg.mode() == CommitMode.GROUP && synced < reserved)) {
                ensureUsable();
                changed.awaitUninterruptibly();
            }
            ensureUsable();
            Throwable err = unlockedIo(() -> {
                control.ftruncate(0);
                if (zeroFiller != null) {
                    zeroFiller.forgetZeroed();
                    zeroFiller.fillUpTo(Math.min(cfg.zeroFillChunkBytes(), cfg.regionBytes()));
                }
            });
            if (err != null) throw fail(err, "recycling the log file failed");
            epochBase = reserved;
            recycles++;
            if (zeroFiller != null) zeroFillSyncs++;
        } finally {
            preparingSpace = false;
            changed.signalAll();
        }
    }

    /** GROUP: waits until a completed sync covers {@code end}, leading a sync when it is this committer's turn. */
    private void awaitDurable(long end, Committer me) {
        while (synced < end) {
            ensureUsable();
            if (!leaderActive && written.position() >= end) {
                lead(me);
            } else {
                changed.awaitUninterruptibly();
            }
        }
    }

    /** One sync covering everything written without a gap, after the optional commit delay. */
    private void lead(Committer me) {
        leaderActive = true;
        try {
            if (cfg.commitDelayMicros() > 0 && active - 1 >= cfg.commitSiblings()) {
                delayForCompanions();
                delays++;
                if (me != null) me.delays++;
                ensureUsable();
            }
            long from = synced - epochBase;
            long target = written.position();
            long to = target - epochBase;
            if (publication == Publication.BEFORE_SYNC) {
                synced = target;
                changed.signalAll();
            }
            Throwable err = unlockedIo(() -> data.sync(from, to));
            if (err != null) throw fail(err, "sync failed");
            synced = target;
            syncs++;
            if (me != null) me.syncs++;
        } finally {
            leaderActive = false;
            changed.signalAll();
        }
    }

    /** Waits the whole delay, like PostgreSQL's pg_usleep(commit_delay), unless the log closes or fails. */
    private void delayForCompanions() {
        long deadline = System.nanoTime() + TimeUnit.MICROSECONDS.toNanos(cfg.commitDelayMicros());
        long left;
        while ((left = deadline - System.nanoTime()) > 0 && failure == null && !closed) {
            try {
                changed.awaitNanos(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // keep the flag; sync now rather than leave followers waiting
                return;
            }
        }
    }

    /** Runs I/O without the lock; returns what it threw. Counted, so close() can wait for it to drain. */
    private Throwable unlockedIo(Runnable io) {
        ioInFlight++;
        lock.unlock();
        try {
            io.run();
            return null;
        } catch (Throwable t) {
            return t;
        } finally {
            lock.lock();
            if (--ioInFlight == 0) changed.signalAll();
        }
    }

    /** Marks the log failed for good and wakes everyone; returns the exception for this committer. */
    private CommitFailedException fail(Throwable cause, String what) {
        if (failure == null) failure = cause;
        changed.signalAll();
        if (cause instanceof Error e) throw e;
        return new CommitFailedException(what + ": " + cause.getMessage() + "; the log refuses further commits", cause);
    }

    private void ensureUsable() {
        if (failure != null) {
            throw new CommitFailedException("commit not durable: the log failed (" + failure.getMessage()
                    + ") and refuses further commits; open a new log", failure);
        }
        if (closed) throw new CommitFailedException("commit not durable: the log was closed", null);
    }

    /** Committers inside a commit right now (reserving, writing or waiting for a sync). */
    public int activeCommitters() {
        lock.lock();
        try {
            return active;
        } finally {
            lock.unlock();
        }
    }

    public GroupCommitCounters counters() {
        lock.lock();
        try {
            return new GroupCommitCounters(commits, syncs, bytes, delays, zeroFillSyncs, recycles,
                    retries.shortWrites(), retries.interruptedWrites());
        } finally {
            lock.unlock();
        }
    }

    public Path path() {
        return path;
    }

    /**
     * Fails every waiting commit at once (they throw {@link CommitFailedException}), refuses new ones,
     * waits for I/O already in flight (closing an fd under a running pwrite or fsync would let the
     * number be reused), then closes both descriptors and deletes the file.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) return;
            closed = true;
            changed.signalAll();
            while (ioInFlight > 0) changed.awaitUninterruptibly();
        } finally {
            lock.unlock();
        }
        WorkloadFiles.closeAndDelete(path, data, control);
    }
}
