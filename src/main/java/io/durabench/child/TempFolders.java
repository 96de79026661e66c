package io.durabench.child;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The private temporary folders of a parent process in {@code java.io.tmpdir}: a child's output
 * ({@code durabench-child-*}, {@link ChildProcess}) and a fork pair's hand-off
 * ({@code durabench-lockstep-*}). Each holds {@value #LOCK}, locked by the parent for the folder's
 * life, so a folder whose lock is free belongs to a parent that died without deleting it (SIGKILL):
 * {@link #removeDead} removes those, and nothing else. The kernel lets a process's locks go when it
 * dies, however it dies.
 *
 * <p>A folder is made as {@code durabench-new-*} and renamed only once its lock is held, so a
 * sweep never meets a live folder unlocked. The lock is a POSIX one (FileChannel's): this JVM never
 * opens its own folders' locks a second time (the sweep skips them), which would let them go.
 */
public final class TempFolders {
    static final String LOCK = "owner.lock";
    private static final String STAGING = "durabench-new-";
    private static final List<String> SWEPT = List.of("durabench-child-", "durabench-lockstep-");
    private static final Map<Path, FileChannel> HELD = new ConcurrentHashMap<>();

    private TempFolders() {
    }

    /** A new folder {@code java.io.tmpdir/PREFIX…} ({@code prefix} one of the swept ones), its lock held until {@link #delete}. */
    public static Path create(String prefix) throws IOException {
        if (!SWEPT.contains(prefix)) throw new IllegalArgumentException("not a temporary folder prefix of durabench's: " + prefix);
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Path staging = Files.createTempDirectory(tmp, STAGING);
        FileChannel lock = null;
        try {
            lock = lockIn(staging);
            Path folder = tmp.resolve(prefix + staging.getFileName().toString().substring(STAGING.length()));
            Files.move(staging, folder, StandardCopyOption.ATOMIC_MOVE);
            if (lock != null) HELD.put(folder, lock);
            return folder;
        } catch (IOException | RuntimeException e) {
            if (lock != null) lock.close();
            deleteTree(staging);
            throw e;
        }
    }

    /**
     * The new folder's lock, held; null where the filesystem has no locks (ENOLCK): then the lock's file goes too, and the
     * folder is only never removed by a sweep, which is no reason to fail a child's start.
     */
    private static FileChannel lockIn(Path staging) throws IOException {
        Path file = staging.resolve(LOCK);
        FileChannel lock = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try {
            if (lock.tryLock() != null) return lock;
        } catch (IOException unsupported) {
            // below: no lock, no lock file
        }
        lock.close();
        Files.delete(file);
        return null;
    }

    /** Deletes a folder {@link #create} made and everything in it, its lock held until the folder is gone. */
    public static void delete(Path folder) {
        FileChannel lock = HELD.remove(folder);
        try {
            deleteTree(folder);
        } finally {
            if (lock != null) {
                try {
                    lock.close();
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot let go of the lock of " + folder + ": " + e.getMessage(), e);
                }
            }
        }
    }

    /**
     * Removes from {@code tmp} every folder of ours (by name, a directory, not a link) whose lock this
     * process can take: its parent is dead. A folder without a lock, with a lock held, or whose lock this
     * user cannot open or take (another user's) stays. Returns the folders removed; throws
     * (UncheckedIOException, naming the path) only when {@code tmp} cannot be listed or a dead parent's folder deleted.
     */
    public static List<Path> removeDead(Path tmp) {
        List<Path> removed = new ArrayList<>();
        for (Path folder : candidates(tmp)) {
            if (HELD.containsKey(folder)) continue;
            try (FileChannel ch = FileChannel.open(folder.resolve(LOCK), StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                FileLock taken = ch.tryLock();
                if (taken == null) continue; // its parent is alive
                deleteTree(folder);
                removed.add(folder);
            } catch (IOException notProvablyDead) {
                // no lock (an older durabench's folder, a filesystem without locks), another user's, or a lock that cannot be taken
            }
        }
        return removed;
    }

    private static List<Path> candidates(Path tmp) {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.filter(p -> SWEPT.stream().anyMatch(p.getFileName().toString()::startsWith))
                    .filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).sorted().toList();
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + tmp + " for temporary folders of killed durabench runs: " + e.getMessage(), e);
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path f : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
        } catch (NoSuchFileException e) {
            // gone already
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the temporary folder " + root + ": " + e.getMessage(), e);
        }
    }
}
