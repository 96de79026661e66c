package io.durabench.workload.ownership;

import io.durabench.errno.LinuxErrno;
import io.durabench.nativeio.FileStatus;
import io.durabench.nativeio.NativeCallException;
import io.durabench.nativeio.NativeLayer;
import io.durabench.nativeio.NativeLayers;
import io.durabench.nativeio.OpenFlags;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One owner lock file held with flock(2): the proof that the run which created it is alive.
 *
 * <p>Why flock: the kernel drops the lock when the last descriptor of the open file goes, which is
 * when the process dies, however it dies (SIGKILL included), and the lock is per open file, so even
 * a second descriptor in the same process cannot take it. (fcntl's POSIX locks would not do: they
 * belong to the process, and closing any descriptor of the file drops them.) The descriptor is
 * O_CLOEXEC, so no child process inherits it and keeps a dead owner "alive". On NFS, Linux maps
 * flock onto the server's byte-range locks, so it holds across clients too.
 *
 * <p>The name is checked to still be this file after locking, in both directions: an owner that
 * created its lock and a cleaner that took it in the instant before the owner locked it would
 * otherwise each hold a lock on a file that is no longer in the directory.
 */
final class OwnerLock implements AutoCloseable {
    private static final int EWOULDBLOCK = LinuxErrno.EWOULDBLOCK;
    private static final int ENOENT = LinuxErrno.ENOENT;
    private static final int ELOOP = LinuxErrno.ELOOP;
    /** How long an owner waits for a cleaner that happens to hold its brand-new lock (in 10 ms steps). */
    private static final int OWNER_ATTEMPTS = 300;

    /** What trying to take someone's lock came to. */
    enum Outcome { TAKEN, BUSY, GONE, NOT_A_LOCK, FAILED }

    /** The outcome, the lock when TAKEN, and why otherwise. */
    record Attempt(Outcome outcome, OwnerLock lock, String why) {
    }

    private final NativeLayer sys;
    private final Path path;
    private int fd;

    private OwnerLock(NativeLayer sys, Path path, int fd) {
        this.sys = sys;
        this.path = path;
        this.fd = fd;
    }

    Path path() {
        return path;
    }

    /** Creates {@code path} (it must not exist) and locks it for as long as this JVM lives or until {@link #release()}. */
    static OwnerLock create(Path path) {
        NativeLayer sys = NativeLayers.current();
        String p = path.toString();
        for (int round = 0; round < 3; round++) {
            int flags = OpenFlags.O_RDWR | OpenFlags.O_CREAT | OpenFlags.O_EXCL | OpenFlags.O_NOFOLLOW | OpenFlags.O_CLOEXEC;
            int fd = sys.open(p, flags, 0644);
            if (fd < 0) throw new NativeCallException("open(" + OpenFlags.describe(flags) + ")", sys.errno(), p);
            OwnerLock lock = new OwnerLock(sys, path, fd);
            try {
                lock.lockAsOwner();
            } catch (RuntimeException e) {
                lock.close();
                throw e;
            }
            if (lock.stillNamed()) return lock;
            lock.close(); // a cleaner removed it before we locked it: make it again
        }
        throw new IllegalStateException("could not keep an owner lock at " + path + ": it was removed three times while being created");
    }

    private void lockAsOwner() {
        for (int i = 0; i < OWNER_ATTEMPTS; i++) {
            if (sys.flock(fd, NativeLayer.LOCK_EX | NativeLayer.LOCK_NB) == 0) return;
            int errno = sys.errno();
            if (errno != EWOULDBLOCK) throw new NativeCallException("flock(LOCK_EX|LOCK_NB)", errno, path.toString());
            sleepTenMillis();
        }
        throw new NativeCallException("flock(LOCK_EX|LOCK_NB)", "still held by another process after 3 s", path.toString());
    }

    /**
     * Tries to take the lock at {@code path} without waiting. TAKEN: its owner is gone and the caller
     * now holds it; BUSY: its owner is alive; GONE: no such file (any more); NOT_A_LOCK: a symlink or
     * anything but a regular file (never ours); FAILED: it could not be opened or locked (why says
     * the errno). Only TAKEN proves the owner dead.
     */
    static Attempt tryTake(Path path) {
        NativeLayer sys = NativeLayers.current();
        String p = path.toString();
        FileStatus named = sys.lstat(p);
        if (named == null) return notOpened(sys.errno(), "lstat", p);
        if (!named.regularFile()) return new Attempt(Outcome.NOT_A_LOCK, null, "not a regular file");
        int flags = OpenFlags.O_RDWR | OpenFlags.O_NOFOLLOW | OpenFlags.O_NONBLOCK | OpenFlags.O_CLOEXEC;
        int fd = sys.open(p, flags, 0);
        if (fd < 0) return notOpened(sys.errno(), "open(" + OpenFlags.describe(flags) + ")", p);
        OwnerLock lock = new OwnerLock(sys, path, fd);
        if (!named.sameFileAs(sys.fstat(fd))) {
            lock.close();
            return new Attempt(Outcome.GONE, null, "replaced while being looked at");
        }
        if (sys.flock(fd, NativeLayer.LOCK_EX | NativeLayer.LOCK_NB) != 0) {
            int errno = sys.errno();
            lock.close();
            if (errno == EWOULDBLOCK) return new Attempt(Outcome.BUSY, null, "its owner is alive (the lock is held)");
            return new Attempt(Outcome.FAILED, null, new NativeCallException("flock(LOCK_EX|LOCK_NB)", errno, p).getMessage());
        }
        if (!lock.stillNamed()) {
            lock.close();
            return new Attempt(Outcome.GONE, null, "removed by another cleaner meanwhile");
        }
        return new Attempt(Outcome.TAKEN, lock, "its owner is gone (the lock was free)");
    }

    /**
     * True when a live process holds the lock at {@code path}; false when it is free, gone or cannot
     * be opened. Opens it read-only, so it also answers on a filesystem turned read-only, where
     * {@link #tryTake} cannot open it; a lock found free is let go at once.
     */
    static boolean held(Path path) {
        NativeLayer sys = NativeLayers.current();
        int fd = sys.open(path.toString(), OpenFlags.O_RDONLY | OpenFlags.O_NOFOLLOW | OpenFlags.O_NONBLOCK | OpenFlags.O_CLOEXEC, 0);
        if (fd < 0) return false;
        boolean busy = sys.flock(fd, NativeLayer.LOCK_EX | NativeLayer.LOCK_NB) != 0 && sys.errno() == EWOULDBLOCK;
        sys.close(fd);
        return busy;
    }

    private static Attempt notOpened(int errno, String call, String path) {
        if (errno == ENOENT) return new Attempt(Outcome.GONE, null, "no longer there");
        if (errno == ELOOP) return new Attempt(Outcome.NOT_A_LOCK, null, "a symbolic link");
        return new Attempt(Outcome.FAILED, null, new NativeCallException(call, errno, path).getMessage());
    }

    /** True when the path still names the file this descriptor has open. */
    private boolean stillNamed() {
        FileStatus mine = sys.fstat(fd);
        return mine != null && mine.sameFileAs(sys.lstat(path.toString()));
    }

    /** Deletes the lock file, then lets the lock go: the name disappears while still held, so no one can take it in between. */
    void release() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the owner lock " + path + ": " + e.getMessage(), e);
        } finally {
            close();
        }
    }

    /** Lets the lock go (closing its descriptor), leaving the file. */
    @Override
    public void close() {
        if (fd < 0) return;
        int old = fd;
        fd = -1;
        if (sys.close(old) != 0) throw new NativeCallException("close", sys.errno(), path.toString());
    }

    private static void sleepTenMillis() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for an owner lock", e);
        }
    }
}
