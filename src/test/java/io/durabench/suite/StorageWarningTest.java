package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.env.BlockDevice;
import io.durabench.env.Environment;
import io.durabench.env.TargetFilesystem;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The run's banner for a target that is not durable says why: for a loop device, the file behind it and where that file lives. */
class StorageWarningTest {
    private static final String TAIL = ": NOTHING WRITTEN THERE IS DURABLE. Every sync is nearly free; these numbers measure memory, not storage.";

    @Test
    void aLoopDeviceOverATmpfsFileNamesTheFileAndItsFilesystem() {
        BlockDevice loop0 = loop("loop0", "/dev/shm/x.img", fs("/dev/shm", "tmpfs", false), null);
        assertEquals(Optional.of("WARNING: /mnt/x is on ext4 (loop0 over /dev/shm/x.img on tmpfs)" + TAIL),
                SuiteRun.storageWarning(Path.of("/mnt/x"), env(fs("/mnt/x", "ext4", false), loop0)));
    }

    @Test
    void aLoopOverALoopNamesEveryLevelDownToTheRam() {
        BlockDevice loop0 = loop("loop0", "/dev/shm/b.img", fs("/dev/shm", "tmpfs", false), null);
        BlockDevice loop1 = loop("loop1", "/mnt/a/a.img", fs("/mnt/a", "ext4", false), loop0);
        assertEquals(Optional.of("WARNING: /mnt/x is on xfs (loop1 over /mnt/a/a.img on ext4 on loop0 over /dev/shm/b.img on tmpfs)" + TAIL),
                SuiteRun.storageWarning(Path.of("/mnt/x"), env(fs("/mnt/x", "xfs", false), loop1)));
    }

    @Test
    void tmpfsItselfNeedsNoMoreAndADurableDiskNoBanner() {
        assertEquals(Optional.of("WARNING: /dev/shm/d is on tmpfs" + TAIL),
                SuiteRun.storageWarning(Path.of("/dev/shm/d"), env(fs("/dev/shm", "tmpfs", false), null)));
        BlockDevice vda = new BlockDevice("vda", null, null, "write back", 0, 0, "none", 512, 512, null, null);
        BlockDevice loopOnDisk = loop("loop2", "/data/c.img", fs("/data", "ext4", true), vda);
        assertEquals(Optional.empty(), SuiteRun.storageWarning(Path.of("/mnt/y"), env(fs("/mnt/y", "ext4", true), loopOnDisk)));
    }

    private static TargetFilesystem fs(String mountPoint, String type, boolean durable) {
        return new TargetFilesystem(mountPoint, mountPoint, type, type, "rw", "rw", durable, "as the test says");
    }

    private static BlockDevice loop(String name, String file, TargetFilesystem backingFs, BlockDevice backingDevice) {
        return new BlockDevice(name, null, null, "write back", 0, 0, "none", 512, 512, null,
                new BlockDevice.LoopBacking(file, backingFs, backingDevice));
    }

    private static Environment env(TargetFilesystem target, BlockDevice device) {
        return new Environment(Environment.SCHEMA, null, null, target, device, null, null, null, null, null);
    }
}
