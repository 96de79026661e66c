package io.durabench.workload.ownership;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What a run left in its target directory because it could not delete it (a kernel error turned the
 * filesystem read-only, a disk failing): every regular file named as a durabench run's, its
 * workload files and owner locks, that was not there when the run started and whose owner is not
 * alive, each with its size, so the user sees what takes the space. The next run in the directory
 * removes each one an owner lock vouches for ({@link StaleFiles}), once they can be deleted; one
 * without a lock it never touches, and the user is told to delete it.
 *
 * @param dir   the target directory
 * @param files what is left, by name
 */
public record Leftovers(Path dir, List<Leftover> files) {

    /** One file left: its path, its size, and whether the next run in the directory removes it. */
    public record Leftover(Path path, long bytes, boolean removedByNextRun) {
    }

    public Leftovers {
        files = List.copyOf(files);
    }

    /** The entries of {@code dir} named as durabench's, before a run: what it did not leave. */
    public static Set<Path> before(Path dir) {
        return new HashSet<>(named(dir));
    }

    /** What is in {@code dir} now, named as durabench's, not in {@code before}, and whose owner is not alive. */
    public static Leftovers since(Path dir, Set<Path> before) {
        List<Path> now = named(dir);
        Set<String> locked = new HashSet<>();
        Set<String> alive = new HashSet<>();
        for (Path p : now) {
            Optional<String> token = OwnedNames.tokenOfLock(p.getFileName().toString());
            if (token.isEmpty() || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) continue;
            locked.add(token.get());
            if (OwnerLock.held(p)) alive.add(token.get());
        }
        List<Leftover> left = new ArrayList<>();
        for (Path p : now) {
            String token = token(p);
            if (before.contains(p) || alive.contains(token) || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) continue;
            try {
                left.add(new Leftover(p, Files.size(p), locked.contains(token)));
            } catch (NoSuchFileException e) {
                // deleted meanwhile: not left
            } catch (IOException e) {
                left.add(new Leftover(p, -1, locked.contains(token)));
            }
        }
        return new Leftovers(dir, left);
    }

    /**
     * For the run's output: "WARNING: durabench left N files in DIR that it could not delete (WHY);
     * the next run in that directory removes them once it can:", then "  PATH (SIZE)" for each; no
     * line when nothing is left.
     */
    public List<String> describe(String why) {
        List<String> lines = new ArrayList<>();
        if (files.isEmpty()) return lines;
        lines.add("WARNING: durabench left " + files.size() + (files.size() == 1 ? " file" : " files") + " in " + dir
                + " that it could not delete (" + why + "); the next run in that directory removes "
                + (files.size() == 1 ? "it" : "them") + " once it can:");
        for (Leftover f : files) {
            lines.add("  " + f.path() + " (" + (f.bytes() < 0 ? "size unknown" : size(f.bytes())) + ")"
                    + (f.removedByNextRun() ? "" : ": no owner lock names it, so no run removes it: delete it yourself"));
        }
        return lines;
    }

    /** "0 B", "812 B", "4.0 KiB", "5.9 MiB": one decimal from a KiB on. */
    static String size(long bytes) {
        if (bytes < 1024) return bytes + " B";
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes / 1024.0;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    private static String token(Path p) {
        String name = p.getFileName().toString();
        return OwnedNames.tokenOfLock(name).or(() -> OwnedNames.tokenOfFile(name)).orElse("");
    }

    private static List<Path> named(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(p -> !token(p).isEmpty()).sorted().toList();
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + " for what durabench left there: " + e.getMessage(), e);
        }
    }
}
