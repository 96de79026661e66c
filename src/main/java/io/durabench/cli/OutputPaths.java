package io.durabench.cli;

import io.durabench.env.KernelFilesystems;
import io.durabench.env.PathKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks an {@code --out} before anything is read or written, so that bad output paths are refused
 * with nothing left behind, and resolves symbolic links so that "wrote ..." names where the files
 * really went. Nothing here creates anything before the input has been read: the writers do, or a
 * command through {@link #create} once it is about to write. Every command with an --out comes here:
 * a folder for report, plot and compare, a new folder for run, gate, etcd-check and soak, a file for
 * env; one line each time, naming the path, why, and what to name instead.
 */
final class OutputPaths {
    private OutputPaths() {
    }

    /**
     * A folder for several files (report, charts): one that exists, or that can be created under its
     * nearest existing ancestor. Returns the folder with every symbolic link resolved.
     */
    static Path folder(Path out) {
        requireNotEmpty(out, "folder");
        PathKind kind = PathKind.of(out);
        switch (kind) {
            case DIRECTORY -> {
                requireWritableStorage(out, out, "folder");
                return real(out);
            }
            case MISSING -> {
                Path ancestor = nearestExisting(out);
                if (!Files.isDirectory(ancestor)) {
                    throw new UsageException("--out " + out + " cannot be created: " + PathKind.describe(ancestor)
                            + "; name a folder (it is created if missing)");
                }
                requireWritableStorage(out, ancestor, "folder");
                return real(ancestor).resolve(ancestor.relativize(out.toAbsolutePath()));
            }
            case DANGLING_LINK -> throw new UsageException("--out " + PathKind.describe(out)
                    + "; create that folder, fix the link, or name another folder");
            default -> throw new UsageException("--out " + PathKind.describe(out) + ", not a folder; "
                    + "name a folder for the files (it is created if missing)");
        }
    }

    /**
     * The folder of a new run (run, gate): {@link #folder}'s checks, and missing or empty, so that a
     * run never mixes its files with another's. Returns it as given: the run names it as the user did.
     */
    static Path newFolder(Path out) {
        folder(out);
        if (Files.isDirectory(out) && !isEmpty(out)) {
            throw new UsageException("--out " + out + " already exists and is not empty: name a new folder (it is created)");
        }
        return out;
    }

    /** The default folder of a new run, etcd-check or soak: results/PREFIXHOST-yyyyMMdd-HHmmss. */
    static Path timestamped(String prefix) {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "localhost";
        }
        return Path.of("results", prefix + host + "-" + java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    }

    /** Creates a folder {@link #newFolder} accepted, when the command is about to write into it. */
    static void create(Path outDir) {
        try {
            Files.createDirectories(outDir);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot create " + outDir + ": " + e.getMessage(), e);
        }
    }

    private static boolean isEmpty(Path dir) {
        try (var entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new UsageException("--out " + dir + " cannot be listed (" + e.getMessage() + "): name a folder you can read");
        }
    }

    /**
     * A file for one document (environment.json) in an existing folder. A character device or a FIFO
     * (/dev/stdout, a pipe) is written as given; a block device never (it would overwrite a disk).
     * Returns where the file really is.
     */
    static Path file(Path out) {
        requireNotEmpty(out, "file");
        PathKind kind = PathKind.of(out);
        switch (kind) {
            case CHARACTER_DEVICE, FIFO -> {
                return out;
            }
            case REGULAR_FILE -> {
                requireWritableStorage(out, out, "file");
                return real(out);
            }
            case MISSING -> {
                Path parent = out.toAbsolutePath().getParent();
                if (parent == null || !Files.exists(parent)) {
                    throw new UsageException("--out folder does not exist: " + parent + " (create it first)");
                }
                if (!Files.isDirectory(parent)) {
                    throw new UsageException("--out " + out + " cannot be written: " + PathKind.describe(parent)
                            + ", not a folder; name a file in an existing folder");
                }
                requireWritableStorage(out, parent, "file");
                return real(parent).resolve(out.getFileName());
            }
            case DIRECTORY -> throw new UsageException("--out is a directory: " + out + " (pass a file name, e.g. "
                    + out.resolve("environment.json") + ")");
            case BLOCK_DEVICE -> throw new UsageException("--out " + PathKind.describe(out)
                    + ": writing there would overwrite a disk; name a file");
            case DANGLING_LINK -> throw new UsageException("--out " + PathKind.describe(out)
                    + "; fix the link or name another file");
            default -> throw new UsageException("--out " + PathKind.describe(out) + "; name a file in an existing folder");
        }
    }

    /** An empty --out would mean the current directory, which nobody types on purpose. */
    private static void requireNotEmpty(Path out, String what) {
        if (out.toString().isBlank()) throw new UsageException("--out is empty: name a " + what);
    }

    /**
     * {@code existing} (out itself or its nearest existing ancestor) is on a filesystem that holds
     * files, and writable; {@code what} ("folder", "file") is what the message asks for instead.
     */
    private static void requireWritableStorage(Path out, Path existing, String what) {
        KernelFilesystems.pseudoFilesystemOf(existing).ifPresent(type -> {
            throw new UsageException("--out " + out + " is on " + type + ", a kernel pseudo-filesystem, not storage; "
                    + "name a " + what + " on a real filesystem");
        });
        if (!Files.isWritable(existing)) {
            throw new UsageException("--out " + out + ": " + existing + " is not writable (a read-only filesystem, "
                    + "or no permission); name a place you can write to");
        }
    }

    /** The nearest ancestor of a missing path that exists (a dangling link counts, and is refused by the caller's check). */
    private static Path nearestExisting(Path missing) {
        Path p = missing.toAbsolutePath();
        while (p.getParent() != null && !Files.exists(p)) {
            if (Files.isSymbolicLink(p)) {
                throw new UsageException("--out " + missing + ": " + PathKind.describe(p) + "; fix the link or name another folder");
            }
            p = p.getParent();
        }
        return p;
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath();
        }
    }
}
