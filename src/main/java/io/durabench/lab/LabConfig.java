package io.durabench.lab;

import java.nio.file.Path;

/**
 * Where a lab lives and how large its filesystems are.
 *
 * @param labDir    the one folder holding the images and the state file; on the project's own disk
 *                  by default, so every flush of a lab filesystem ends on that disk
 * @param mountRoot the folder under which each variant is mounted (mountRoot/VARIANT)
 * @param sizeMiB   the size of every image (and of the lab's tmpfs)
 */
public record LabConfig(Path labDir, Path mountRoot, long sizeMiB) {
    public static final Path DEFAULT_MOUNT_ROOT = Path.of("/mnt/durabench-lab");
    public static final long DEFAULT_SIZE_MIB = 1024;

    public LabConfig {
        labDir = labDir.toAbsolutePath().normalize();
        mountRoot = mountRoot.toAbsolutePath().normalize();
        if (sizeMiB <= 0) throw new LabRefusal("lab image size must be a positive number of MiB, not " + sizeMiB);
    }

    /** target/lab under the project (the launcher passes -Ddurabench.home), /mnt/durabench-lab, 1 GiB. */
    public static LabConfig defaults() {
        return new LabConfig(defaultLabDir(), DEFAULT_MOUNT_ROOT, DEFAULT_SIZE_MIB);
    }

    public static Path defaultLabDir() {
        return Path.of(System.getProperty("durabench.home", ".")).resolve("target").resolve("lab");
    }

    public LabConfig withLabDir(Path dir) {
        return new LabConfig(dir, mountRoot, sizeMiB);
    }

    public LabConfig withMountRoot(Path root) {
        return new LabConfig(labDir, root, sizeMiB);
    }

    public LabConfig withSizeMiB(long mib) {
        return new LabConfig(labDir, mountRoot, mib);
    }
}
