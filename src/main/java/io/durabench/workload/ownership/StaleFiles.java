package io.durabench.workload.ownership;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Removes what killed durabench runs left in a directory, and nothing else.
 *
 * <p>A file is removed only when durabench provably owns it and its owner is provably gone: its
 * name is a run's file name ({@link OwnedNames}) carrying the token of an owner lock
 * {@code durabench-owner-<token>.lock} in the same directory, and that lock, a regular file, could
 * be taken with flock(LOCK_EX|LOCK_NB), which only succeeds when no process holds it any more
 * ({@link OwnerLock}). Then the owner's files go, and its lock last (still held while its files are
 * deleted, so two cleaners never race). Everything else stays: a user's files, even one named like
 * ours without a lock; the files of a live run (its lock is busy); a lock that cannot be opened or
 * locked (permissions, an immutable file, a filesystem without flock); symlinks and directories
 * named like ours; and this JVM's own files.
 */
public final class StaleFiles {
    private StaleFiles() {
    }

    /**
     * What one clean-up did.
     *
     * @param dir     the directory cleaned
     * @param removed every file deleted, each dead owner's files before its lock
     * @param kept    one sentence per owner lock left in place, and why
     */
    public record Removal(Path dir, List<Path> removed, List<String> kept) {
        public Removal {
            removed = List.copyOf(removed);
            kept = List.copyOf(kept);
        }

        /** One line for a run's output, e.g. "removed 3 files of 1 killed durabench run from /mnt/x: a, b, c". */
        public String summary() {
            long owners = removed.stream().filter(p -> OwnedNames.tokenOfLock(p.getFileName().toString()).isPresent()).count();
            StringBuilder sb = new StringBuilder();
            if (removed.isEmpty()) {
                sb.append("no stale durabench files in ").append(dir);
            } else {
                sb.append("removed ").append(removed.size()).append(removed.size() == 1 ? " file" : " files").append(" of ")
                        .append(owners).append(owners == 1 ? " killed durabench run" : " killed durabench runs").append(" from ").append(dir)
                        .append(": ").append(String.join(", ", removed.stream().map(p -> p.getFileName().toString()).toList()));
            }
            if (!kept.isEmpty()) sb.append("; left ").append(String.join("; ", kept));
            return sb.toString();
        }
    }

    /**
     * Removes the files of every dead owner in {@code dir} (see the class comment). A directory that
     * does not exist has nothing stale. Throws only when the directory cannot be listed or a file of
     * a dead owner cannot be deleted.
     */
    public static Removal removeDeadOwners(Path dir) {
        List<Path> removed = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        for (Path lockPath : ownerLocks(dir)) {
            String token = OwnedNames.tokenOfLock(lockPath.getFileName().toString()).orElseThrow();
            if (token.equals(OwnedFiles.token())) continue; // this JVM's own run
            OwnerLock.Attempt attempt = OwnerLock.tryTake(lockPath);
            switch (attempt.outcome()) {
                case TAKEN -> removeFilesOf(dir, token, attempt.lock(), removed);
                case GONE -> { }
                case BUSY, NOT_A_LOCK, FAILED -> kept.add(lockPath.getFileName() + " and its files (" + attempt.why() + ")");
            }
        }
        return new Removal(dir, removed, kept);
    }

    private static void removeFilesOf(Path dir, String token, OwnerLock lock, List<Path> removed) {
        try {
            for (Path f : OwnedFiles.filesOf(dir, token)) {
                if (Files.deleteIfExists(f)) removed.add(f);
            }
        } catch (IOException e) {
            lock.close();
            throw new UncheckedIOException("cannot delete a stale durabench file in " + dir + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
        lock.release();
        removed.add(lock.path());
    }

    private static List<Path> ownerLocks(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(p -> OwnedNames.tokenOfLock(p.getFileName().toString()).isPresent()).sorted().toList();
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + " for stale durabench files: " + e.getMessage(), e);
        }
    }
}
