package io.durabench.lab;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.NativeLayers;
import io.durabench.nativeio.OpenFlags;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Leaves freshly made lab filesystems with no first-time work for the benchmark to pay:
 * <ul>
 *   <li>ext4: every block group's bitmap and buddy are loaded now by reading
 *       /proc/fs/ext4/DEV/mb_groups (the work the mount's bitmap prefetch, turned off by
 *       no_prefetch_block_bitmaps, would otherwise do in ext4lazyinit at a random moment);</li>
 *   <li>every image filesystem: one 1 MiB file is written, fsynced and deleted, so the allocator's
 *       first-use work (btrfs caching a block group's free space, XFS reading AG headers) happens
 *       here and not in the first measured write;</li>
 *   <li>syncfs commits whatever the mount, the mkdir and that file dirtied;</li>
 *   <li>and ext4lazyinit must be gone (no ext4 filesystem on the machine is initialising).</li>
 * </ul>
 * The image is already fully allocated on the host, so this warm-up touches nothing the check
 * of quietness relies on.
 */
final class Settle {
    static final String EXT4_LAZYINIT = "ext4lazyinit";
    private static final long LAZYINIT_WAIT_MILLIS = 60_000;
    private static final int WARMUP_BYTES = 1 << 20;

    private Settle() {
    }

    static void settle(List<LabState.Target> targets, Shell shell, Consumer<String> progress) {
        for (LabState.Target t : targets) {
            if (t.variant.fsType().equals("ext4")) loadExt4Groups(t.loopDevice);
            if (t.variant.usesImage()) warmAllocator(Path.of(t.directory));
            shell.require(List.of("sync", "-f", t.directory));
        }
        if (targets.stream().anyMatch(t -> t.variant.fsType().equals("ext4"))) waitForExt4LazyInit(progress);
    }

    /** Reading mb_groups loads each group's block bitmap and buddy, synchronously. */
    static void loadExt4Groups(String device) {
        Path groups = Path.of("/proc/fs/ext4", LoopDevices.name(device), "mb_groups");
        try {
            Files.readAllBytes(groups);
        } catch (IOException e) {
            throw new LabFailure("cannot read " + groups + " to load ext4's block bitmaps: " + e.getMessage());
        }
    }

    private static void warmAllocator(Path dir) {
        Path file = dir.resolve(".durabench-lab-warmup");
        var buf = AlignedBuffers.patterned(WARMUP_BYTES, AlignedBuffers.DEFAULT_ALIGNMENT);
        try (NativeFile f = NativeFile.open(NativeLayers.current(), file, OpenFlags.O_WRONLY | OpenFlags.O_CREAT | OpenFlags.O_TRUNC, 0600)) {
            f.pwrite(buf, WARMUP_BYTES, 0);
            f.fsync();
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new LabFailure("cannot delete " + file + ": " + e.getMessage());
            }
        }
    }

    /**
     * Waits for ext4lazyinit to exit. The lab's own ext4 filesystems never start it (everything is
     * initialised above), but one thread serves every ext4 filesystem on the machine: if another
     * one keeps it busy past the timeout the lab says so and goes on.
     */
    static void waitForExt4LazyInit(Consumer<String> progress) {
        long start = System.currentTimeMillis();
        boolean announced = false;
        while (kernelThreadRunning(EXT4_LAZYINIT)) {
            long waited = System.currentTimeMillis() - start;
            if (waited > LAZYINIT_WAIT_MILLIS) {
                progress.accept("lab: WARNING: ext4lazyinit is still running after " + LAZYINIT_WAIT_MILLIS / 1000
                        + " s (another ext4 filesystem on this machine is initialising?): its background I/O may disturb measurements");
                return;
            }
            if (!announced && waited > 1000) {
                progress.accept("lab: waiting for ext4lazyinit (ext4's background thread) to finish");
                announced = true;
            }
            LoopDevices.sleep(100);
        }
    }

    /** True when a process (a kernel thread here) named {@code comm} exists. */
    static boolean kernelThreadRunning(String comm) {
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path p : procs) {
                try {
                    if (Files.readString(p.resolve("comm")).strip().equals(comm)) return true;
                } catch (IOException e) {
                    // the process exited while we looked: not running
                }
            }
            return false;
        } catch (IOException e) {
            throw new LabFailure("cannot list /proc: " + e.getMessage());
        }
    }
}
