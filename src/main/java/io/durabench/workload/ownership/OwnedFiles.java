package io.durabench.workload.ownership;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The files this JVM creates in target directories, one registry per JVM: every workload file is
 * named with this JVM's token ({@link OwnedNames}) in a directory registered here before the file
 * exists, so whatever ends the JVM short of SIGKILL, the files can be found and deleted.
 *
 * <p><b>Shutdown.</b> A shutdown hook (on exit, SIGINT and SIGTERM, in the CLI's JVM and JMH's forks
 * alike) refuses new files, waits for creations already under way, deletes every file of this JVM's
 * token in every registered directory, then lets go of its owner locks (keeping a lock's file where
 * a file could not be deleted, so the next run can still remove it as a dead owner's). A creation
 * counts itself in before it checks for shutdown, and the hook flags shutdown before it waits for
 * that count to reach zero, so either the creation sees the flag or the hook deletes its file.
 *
 * <p><b>Ownership.</b> {@link #claim} creates this JVM's owner lock in a directory and holds it for
 * the JVM's life, so after a SIGKILL {@link StaleFiles#removeDeadOwners} in the next run removes
 * the files. Claiming is the run's job; files in a directory no one claimed are still registered,
 * only never removed as stale, which is the safe side.
 */
public final class OwnedFiles {
    private static final String TOKEN = OwnedNames.newToken();
    private static final AtomicLong SEQUENCE = new AtomicLong();
    private static final Set<Path> DIRECTORIES = ConcurrentHashMap.newKeySet();
    private static final Map<Path, OwnerLock> CLAIMS = new ConcurrentHashMap<>();
    private static final AtomicInteger CREATING = new AtomicInteger();
    private static final long DRAIN_TIMEOUT_MS = 2000;
    private static volatile boolean shuttingDown;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(OwnedFiles::deleteAtShutdown, "durabench-delete-owned-files"));
    }

    private OwnedFiles() {
    }

    /** This JVM's token: in every file name it creates and in its owner locks. */
    public static String token() {
        return TOKEN;
    }

    /** A directory this JVM is about to create files in, registered for deletion at shutdown. */
    public static OwnedDirectory in(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        DIRECTORIES.add(abs);
        return new OwnedDirectory(abs);
    }

    /**
     * Claims {@code dir} for this JVM: creates its owner lock there and holds it until the JVM ends.
     * Idempotent. Empty when claimed; otherwise why not (flock unsupported, read-only directory ...),
     * in which case nothing fails: the run goes on, its files are only never removed as stale.
     */
    public static synchronized Optional<String> claim(Path dir) {
        Path key;
        try {
            key = dir.toRealPath();
        } catch (IOException e) {
            return Optional.of("cannot claim " + dir + " for stale-file cleanup: " + e.getMessage());
        }
        if (CLAIMS.containsKey(key)) return Optional.empty();
        if (shuttingDown) return Optional.of("cannot claim " + key + ": this JVM is shutting down");
        try {
            CLAIMS.put(key, OwnerLock.create(key.resolve(OwnedNames.lockName(TOKEN))));
            DIRECTORIES.add(key);
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of("cannot claim " + key + " for stale-file cleanup (" + e.getMessage()
                    + "): files a killed run leaves there will not be removed automatically");
        }
    }

    /**
     * Deletes this JVM's owner lock in {@code dir} and lets it go (the JVM's end does it otherwise).
     * Empty when done; otherwise why the lock could not be deleted (a filesystem turned read-only):
     * it is let go all the same, so the next run there removes it with the rest.
     */
    public static synchronized Optional<String> release(Path dir) {
        OwnerLock lock;
        try {
            lock = CLAIMS.remove(dir.toRealPath());
        } catch (IOException e) {
            return Optional.of(e.getMessage());
        }
        if (lock == null) return Optional.empty();
        try {
            lock.release();
            return Optional.empty();
        } catch (UncheckedIOException e) {
            return Optional.of(e.getCause() instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage());
        } catch (RuntimeException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** This JVM's files (not its lock) now in {@code dir}, regular files only; empty when the directory is gone. */
    public static List<Path> filesIn(Path dir) {
        return filesOf(dir, TOKEN);
    }

    /** The regular files in {@code dir} named as {@code token}'s files; never its lock, never a symlink or directory. */
    static List<Path> filesOf(Path dir, String token) {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                boolean named = OwnedNames.tokenOfFile(p.getFileName().toString()).filter(token::equals).isPresent();
                if (named && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) found.add(p);
            }
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        return found;
    }

    static long nextNumber() {
        return SEQUENCE.getAndIncrement();
    }

    /** Runs {@code creation} unless the JVM is shutting down, counted so the shutdown hook can wait for it. */
    static <T> T guard(Path file, Function<Path, T> creation) {
        CREATING.incrementAndGet();
        try {
            if (shuttingDown) {
                throw new IllegalStateException("this JVM is shutting down (exit, SIGINT or SIGTERM): durabench creates no new file such as " + file);
            }
            return creation.apply(file);
        } finally {
            CREATING.decrementAndGet();
        }
    }

    /** The claims are keyed by real path; a registered directory may have been given through a symlink. */
    private static Path realPathOrAsIs(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir;
        }
    }

    private static void deleteAtShutdown() {
        shuttingDown = true;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DRAIN_TIMEOUT_MS);
        while (CREATING.get() > 0 && System.nanoTime() < deadline) Thread.onSpinWait();
        Set<Path> leftBehind = new java.util.HashSet<>();
        for (Path dir : DIRECTORIES) {
            List<Path> files;
            try {
                files = filesIn(dir);
            } catch (RuntimeException e) {
                leftBehind.add(realPathOrAsIs(dir));
                System.err.println("durabench: could not list its files in " + dir + " at exit (the next run there removes them): " + e.getMessage());
                continue;
            }
            for (Path f : files) {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException | RuntimeException e) {
                    leftBehind.add(realPathOrAsIs(dir));
                    System.err.println("durabench: could not delete " + f + " at exit (the next run there removes it): " + e);
                }
            }
        }
        synchronized (OwnedFiles.class) {
            for (Map.Entry<Path, OwnerLock> claim : CLAIMS.entrySet()) {
                try {
                    // Where a file stayed, the lock stays too (let go, not deleted): it is what lets the next run remove the file.
                    if (leftBehind.contains(claim.getKey())) claim.getValue().close();
                    else claim.getValue().release();
                } catch (RuntimeException e) {
                    System.err.println("durabench: could not remove its owner lock at exit: " + e.getMessage());
                }
            }
            CLAIMS.clear();
        }
    }
}
