package io.durabench.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A filesystem (ext4 or XFS) on a device that starts failing writes on demand, with real I/O errors
 * from the kernel, the way a dying disk fails them. This kernel has no device-mapper (no dm-error,
 * no dm-flakey) and no block-layer fault injection, so the failure is made one level down: the loop
 * device's image is a file on a tmpfs of its own, and once that tmpfs is full, every write the loop
 * device must put into a hole of the image fails (tmpfs: ENOSPC), which the loop driver hands up
 * (as ENOSPC on kernel 6.18; EIO is what a dying disk would give): the filesystem's writeback
 * fails, and fsync/fdatasync return the error. Tests read which errno from strace, never assume it.
 *
 * <p>Only data must fail, not the filesystem's own metadata (a filesystem that cannot write its
 * journal or log shuts down, and then nothing, not even a delete, works). So the image starts fully
 * allocated, mkfs is told not to discard (nor, for ext4, to leave inode tables and journal for
 * later), and then the filesystem's free space is trimmed: the loop device punches exactly the free
 * blocks out of the image. Every block of metadata (journal or log, inode tables, bitmaps, btrees,
 * free lists) stays in memory, every free block is a hole. Blocks a file frees become holes again
 * at once ({@code -o discard}), so after {@link #failWrites()} every data block the filesystem hands
 * out is a hole: every new data write fails, none succeeds by luck, and deleting files still works.
 * XFS retries failed metadata writes forever by default; its error configuration is set to give up
 * at once and at unmount, so a test can never hang on it.
 */
public final class FailingDisk implements AutoCloseable {
    private static final long IMAGE_MIB = 512;          // XFS needs 300 MiB at least
    private static final String BACKING_SIZE = "576m";  // the whole image until the first trim, and a little more

    private final TestMounts mounts = new TestMounts();
    private final Path backing;
    private final String device;
    private final Path mountPoint;
    private SpaceFiller filler;

    private FailingDisk(Path root, String filesystem) {
        try {
            backing = mounts.tmpfs(root.resolve("backing"), BACKING_SIZE);
            Path image = backing.resolve("disk.img");
            Commands.run("fallocate", "-l", IMAGE_MIB + "MiB", image.toString());
            device = mounts.loop(image);
            switch (filesystem) {
                case "ext4" -> Commands.run("mkfs.ext4", "-q", "-F", "-E", "nodiscard,lazy_itable_init=0,lazy_journal_init=0", device);
                case "xfs" -> Commands.run("mkfs.xfs", "-q", "-f", "-K", device);
                default -> throw new IllegalArgumentException("no failing disk of " + filesystem + ": ext4 or xfs");
            }
            mountPoint = mounts.mount(device, root.resolve("mnt"), "discard");
            if (filesystem.equals("xfs")) giveUpOnMetadataErrors();
            trim();
        } catch (RuntimeException | Error e) {
            // No object to close yet: undo what was made so far here.
            try {
                mounts.close();
            } catch (AssertionError cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    /** Makes the filesystem on a fresh loop device under {@code root}; close it to undo everything. */
    public static FailingDisk create(Path root, String filesystem) {
        return new FailingDisk(root, filesystem);
    }

    public Path mountPoint() {
        return mountPoint;
    }

    /** From now on every write to a free block fails: writes back what is dirty, fills the image's tmpfs, trims free space. */
    public void failWrites() {
        sync();
        filler = SpaceFiller.fill(backing.resolve("filler"));
        trim();
    }

    /** Punches every free block of the filesystem out of the image (the filler takes the memory this frees). */
    public void trim() {
        Commands.run("fstrim", mountPoint.toString());
    }

    /** Writes back everything the filesystem holds dirty (before the failure starts, so the user's data is safe). */
    public void sync() {
        Commands.run("sync", "-f", mountPoint.toString());
    }

    /** Unmounts, detaches and frees everything, even after a failure. */
    @Override
    public void close() {
        try {
            if (filler != null) filler.close();
        } finally {
            mounts.close();
        }
    }

    /** /sys/fs/xfs/loopN/error: no retries of failed metadata writes, and none at unmount (fail_at_unmount). */
    private void giveUpOnMetadataErrors() {
        Path errors = Path.of("/sys/fs/xfs", Path.of(device).getFileName().toString(), "error");
        try {
            Files.writeString(errors.resolve("fail_at_unmount"), "1");
            for (String kind : List.of("EIO", "ENOSPC", "ENODEV", "default")) {
                Path dir = errors.resolve("metadata").resolve(kind);
                if (!Files.isDirectory(dir)) continue;
                Files.writeString(dir.resolve("max_retries"), "0");
                Files.writeString(dir.resolve("retry_timeout_seconds"), "0");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot set XFS's error configuration in " + errors + ": " + e.getMessage(), e);
        }
    }
}
