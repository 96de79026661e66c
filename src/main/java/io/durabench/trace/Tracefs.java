package io.durabench.trace;

import io.durabench.child.ChildFailedException;
import io.durabench.child.ChildProcess;
import io.durabench.nativeio.NativeLayers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The kernel's tracefs, found or mounted: {@code /sys/kernel/tracing}, or debugfs's {@code tracing} folder.
 * Where neither is mounted and this process is root, tracefs is mounted on {@code /sys/kernel/tracing}
 * (as perf and bpftrace do) and left mounted: nothing else is changed there, and others may use it by
 * then. Everything durabench traces goes through a {@link TraceSession}, in an instance of its own.
 * Without root, without tracefs in the kernel, or without the {@code fields} option that prints each
 * field by name, tracepoints are n/a with that reason.
 */
public final class Tracefs {
    /** Where tracefs lives on Linux since 4.1, then where debugfs shows it. */
    public static final List<Path> PLACES = List.of(Path.of("/sys/kernel/tracing"), Path.of("/sys/kernel/debug/tracing"));

    private static final Duration MOUNT_LIMIT = Duration.ofSeconds(30);

    private final Path root;

    private Tracefs(Path root) {
        this.root = root;
    }

    /** The system's tracefs ({@link #PLACES}), mounted on the first place if none is mounted. */
    public static Tracefs find() throws TraceUnavailableException {
        return find(PLACES);
    }

    /**
     * Tracefs at the first of {@code places} where it is mounted, else mounted on the first place that is a
     * folder. Tests pass a folder of their own to mount it where nothing else looks.
     */
    public static Tracefs find(List<Path> places) throws TraceUnavailableException {
        int euid = NativeLayers.current().geteuid();
        if (euid != 0) {
            throw new TraceUnavailableException("reading kernel tracepoints needs root (tracefs is root's), running as uid " + euid);
        }
        for (Path place : places) {
            if (isMounted(place)) return checked(place);
        }
        if (!kernelOffersTracefs()) {
            throw new TraceUnavailableException("this kernel has no tracefs (not in /proc/filesystems: built without CONFIG_TRACING)");
        }
        Path target = places.stream().filter(Files::isDirectory).findFirst().orElseThrow(() -> new TraceUnavailableException(
                "tracefs is not mounted and there is no folder to mount it on (" + places + ")"));
        mount(target);
        if (!isMounted(target)) throw new TraceFailedException("mounted tracefs on " + target + " but it shows no trace file there");
        return checked(target);
    }

    /** The folder tracefs is mounted on. */
    public Path root() {
        return root;
    }

    /** The fields of {@code point}, or n/a when this kernel has no such tracepoint. */
    public EventFormat format(TracePoint point) throws TraceUnavailableException {
        if (!Files.isDirectory(point.folderIn(root))) {
            throw new TraceUnavailableException("this kernel has no tracepoint " + point + " (no " + point.folderIn(root) + ")");
        }
        return EventFormat.read(root, point);
    }

    /** A tracefs root has its trace file and its instances folder. */
    static boolean isMounted(Path place) {
        return Files.isRegularFile(place.resolve("trace")) && Files.isDirectory(place.resolve("instances"));
    }

    private static Tracefs checked(Path root) throws TraceUnavailableException {
        if (!Files.exists(root.resolve("options").resolve("fields"))) {
            throw new TraceUnavailableException("this kernel's tracefs has no 'fields' option (" + root.resolve("options/fields")
                    + "), which prints each event field by name: a newer kernel has it");
        }
        return new Tracefs(root);
    }

    private static boolean kernelOffersTracefs() {
        try {
            return Files.readAllLines(Path.of("/proc/filesystems")).stream().anyMatch(l -> l.strip().endsWith("tracefs"));
        } catch (IOException e) {
            throw new TraceFailedException("reading /proc/filesystems failed: " + TraceFiles.errno(e));
        }
    }

    private static void mount(Path target) {
        List<String> command = List.of("mount", "-t", "tracefs", "nodev", target.toString());
        ChildProcess.Exit exit;
        try (ChildProcess p = ChildProcess.start(command, "mount of tracefs")) {
            exit = p.await(MOUNT_LIMIT);
        } catch (ChildFailedException | UncheckedIOException e) {
            throw new TraceFailedException(String.join(" ", command) + " failed: " + e.getMessage(), e);
        }
        if (exit.code() != 0) throw new TraceFailedException(String.join(" ", command) + " failed: " + exit.describe());
    }
}
