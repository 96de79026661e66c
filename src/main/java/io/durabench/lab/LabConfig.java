package io.durabench.lab;

import java.nio.file.Path;

/**
 * Where a lab lives and how large its filesystems are.
 *
 * @param labDir    the one folder holding the images and the state file; on the project's own disk
 *                  by default, so every flush of a lab filesystem ends on that disk
 * @param mountRoot the folder under which each variant is mounted (mountRoot/VARIANT)
 * @param sizeMiB   the size of every image (and of the lab's tmpfs)
 * @param sectorSize the loop devices' logical sector size: 4096 by default ({@link LoopSettings}); 512
 *                  lets O_DIRECT write 512-byte multiples, as pg_test_fsync's 2 kB and 1 kB open_sync lines need
 */
public record LabConfig(Path labDir, Path mountRoot, long sizeMiB, int sectorSize) {
    public static final Path DEFAULT_MOUNT_ROOT = Path.of("/mnt/durabench-lab");
    public static final long DEFAULT_SIZE_MIB = 1024;

    public LabConfig {
        labDir = labDir.toAbsolutePath().normalize();
        mountRoot = mountRoot.toAbsolutePath().normalize();
        if (sizeMiB <= 0) throw new LabRefusal("lab image size must be a positive number of MiB, not " + sizeMiB);
        if (sectorSize != 512 && sectorSize != 1024 && sectorSize != 2048 && sectorSize != 4096) {
            throw new LabRefusal("--sector-size " + sectorSize + ": a loop device's logical sector is 512, 1024, 2048 or 4096 bytes");
        }
    }

    public LabConfig(Path labDir, Path mountRoot, long sizeMiB) {
        this(labDir, mountRoot, sizeMiB, LoopSettings.LAB.sectorSize());
    }

    /** target/lab under the project (the launcher passes -Ddurabench.home), /mnt/durabench-lab, 1 GiB. */
    public static LabConfig defaults() {
        return new LabConfig(defaultLabDir(), DEFAULT_MOUNT_ROOT, DEFAULT_SIZE_MIB);
    }

    public static Path defaultLabDir() {
        return Path.of(System.getProperty("durabench.home", ".")).resolve("target").resolve("lab");
    }
}
