package io.durabench.testing;

import io.durabench.lab.LoopSettings;
import io.durabench.lab.Variant;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The mounts and loop devices one test makes, undone in reverse order when it is closed, whatever
 * happened in between: every mount unmounted (retried, then lazily, so the machine is never left
 * with a mount), every loop device detached, and only then a failure to do so reported. Use it in
 * try-with-resources; it touches nothing it did not make.
 * <pre>
 *   try (TestMounts m = new TestMounts()) {
 *       Path backing = m.tmpfs(dir.resolve("backing"), "64m");
 *       String dev = m.loop(m.sparseFile(backing.resolve("disk.img"), 512L &lt;&lt; 20));
 *       Commands.run("mkfs.ext4", "-q", dev);
 *       Path mnt = m.mount(dev, dir.resolve("mnt"), "");
 *   }
 * </pre>
 */
public final class TestMounts implements AutoCloseable {
    private interface Undo {
        /** Empty when undone, else why not. */
        String undo();
    }

    private final Deque<Undo> undo = new ArrayDeque<>();

    /** Mounts a tmpfs of {@code size} (mount's syntax: "48m") on {@code dir}, created if missing. */
    public Path tmpfs(Path dir, String size) {
        return mount("tmpfs", "durabench-test", dir, "size=" + size);
    }

    /** Mounts {@code source} on {@code dir} (created if missing), with {@code options} (comma-separated, may be empty). */
    public Path mount(String source, Path dir, String options) {
        return mount(null, source, dir, options);
    }

    private Path mount(String type, String source, Path dir, String options) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> cmd = new ArrayList<>(List.of("mount"));
        if (type != null) cmd.addAll(List.of("-t", type));
        if (!options.isEmpty()) cmd.addAll(List.of("-o", options));
        cmd.addAll(List.of(source, dir.toString()));
        Commands.run(cmd.toArray(String[]::new));
        undo.push(() -> unmount(dir));
        return dir;
    }

    /** Attaches {@code image} to a free loop device (buffered I/O, as losetup does by default); returns its /dev path. */
    public String loop(Path image) {
        String dev = Commands.run("losetup", "--find", "--show", image.toString()).strip();
        undo.push(() -> Commands.problemRunning("losetup", "-d", dev));
        return dev;
    }

    /**
     * Attaches {@code image} with losetup's {@code options} too (the lab's {@code --direct-io=on --sector-size 4096},
     * so that the guest's writes and flushes reach the disk under the image); returns its /dev path.
     */
    public String loop(Path image, String... options) {
        List<String> cmd = new ArrayList<>(List.of("losetup", "--find", "--show"));
        cmd.addAll(List.of(options));
        cmd.add(image.toString());
        String dev = Commands.run(cmd.toArray(String[]::new)).strip();
        undo.push(() -> Commands.problemRunning("losetup", "-d", dev));
        return dev;
    }

    /** A sparse file of {@code bytes} (a hole until written), for a loop device's image. */
    public Path sparseFile(Path file, long bytes) {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /**
     * {@code variant}'s filesystem on a loop device of the lab's settings ({@link LoopSettings#LAB}: direct I/O, its
     * sector size, so the guest's writes and flushes reach the disk under the image), made on a sparse image in
     * {@code dir} of at least 320 MiB and mounted with the variant's options on {@code dir/mnt}; returns the mount point.
     */
    public Path labFilesystem(Path dir, Variant variant) {
        Path image = sparseFile(dir.resolve("fs.img"), (long) Math.max(variant.minimumMiB(), 320) << 20);
        String dev = loop(image, "--direct-io=" + (LoopSettings.LAB.directIo() ? "on" : "off"),
                "--sector-size", Integer.toString(LoopSettings.LAB.sectorSize()));
        Commands.run(variant.mkfsCommand(dev).toArray(String[]::new));
        return mount(dev, dir.resolve("mnt"), variant.mountOptions(0));
    }

    /** Undoes everything, newest first; then fails if anything could not be undone. */
    @Override
    public void close() {
        List<String> problems = new ArrayList<>();
        while (!undo.isEmpty()) {
            String p = undo.pop().undo();
            if (!p.isEmpty()) problems.add(p);
        }
        if (!problems.isEmpty()) throw new AssertionError("clean-up of the test's mounts failed: " + String.join("; ", problems));
    }

    /** umount, retried while something still holds the mount; a lazy unmount as the last resort (then reported). */
    private static String unmount(Path dir) {
        String last = "";
        for (int attempt = 0; attempt < 10; attempt++) {
            last = Commands.problemRunning("umount", dir.toString());
            if (last.isEmpty()) return "";
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        String lazy = Commands.problemRunning("umount", "-l", dir.toString());
        return "umount " + dir + " failed (" + last + ")" + (lazy.isEmpty() ? "; unmounted lazily" : "; lazy unmount failed too: " + lazy);
    }
}
