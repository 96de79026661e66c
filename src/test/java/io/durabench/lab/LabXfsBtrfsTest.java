package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.env.MountInfo;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * XFS and btrfs (default and nodatacow) at their minimum sizes. Needs root, mkfs.xfs (xfsprogs)
 * and mkfs.btrfs (btrfs-progs); skips with the reason otherwise.
 */
class LabXfsBtrfsTest {
    @RegisterExtension
    final LabSandbox sandbox = new LabSandbox("mkfs.xfs", "mkfs.btrfs");

    @Test
    void xfsTakesTheLoopSectorSizeAndKeepsItsLogWritten() throws Exception {
        try (Lab lab = Lab.create(sandbox.config(Variant.XFS.minimumMiB()), line -> { })) {
            LabTarget xfs = lab.up(List.of(Variant.XFS)).get(0);
            MountInfo m = Mounts.at(xfs.mountPoint()).orElseThrow();
            assertEquals("xfs", m.fsType());
            assertEquals(xfs.loopDevice(), m.source());
            assertFalse(m.superOptions().contains("discard"), m.superOptions());
            assertTrue(Files.isWritable(xfs.directory()));
            // mkfs.xfs zeroes its log with WRITE_ZEROES: the lab must have rewritten it.
            assertEquals(List.of(), lab.audit());
            assertEquals(List.of("mkfs.xfs", "-q", "-f", "-K", xfs.loopDevice()), xfs.mkfsCommand());
        }
        assertEquals(List.of(), sandbox.mountsInside());
        assertEquals(List.of(), sandbox.loopsInside());
        assertFalse(Files.exists(sandbox.labDir()));
    }

    @Test
    void btrfsAndNodatacowMountWithoutDiscard() throws Exception {
        try (Lab lab = Lab.create(sandbox.config(Variant.BTRFS.minimumMiB()), line -> { })) {
            List<LabTarget> t = lab.up(List.of(Variant.BTRFS, Variant.BTRFS_NODATACOW));
            String cow = Mounts.at(t.get(0).mountPoint()).orElseThrow().superOptions();
            String nocow = Mounts.at(t.get(1).mountPoint()).orElseThrow().superOptions();
            // btrfs turns on discard=async by itself (Linux 6.2+) unless told nodiscard.
            assertFalse(cow.contains("discard"), cow);
            assertFalse(cow.contains("nodatacow"), cow);
            assertTrue(nocow.contains("nodatacow"), nocow);
            assertTrue(nocow.contains("nodatasum"), "nodatacow implies nodatasum: " + nocow);
            assertEquals(List.of(), lab.audit());
            assertTrue(Files.isWritable(t.get(1).directory()));
        }
        assertEquals(List.of(), sandbox.mountsInside());
        assertEquals(List.of(), sandbox.loopsInside());
    }
}
