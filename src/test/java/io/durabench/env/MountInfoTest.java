package io.durabench.env;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MountInfoTest {
    /** Lines in the kernel's format: optional fields, an escaped space, a loop mount, an overmount. */
    private static final List<String> SAMPLE = List.of(
            "27 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw,discard,resv_strict",
            "25 27 0:23 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=24684092k",
            "30 25 0:27 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=1024k",
            "42 27 7:0 / /mnt/my\\040disk rw,noatime shared:5 master:2 - ext4 /dev/loop0 rw",
            "43 27 8:1 /sub /mnt/data rw,relatime - xfs /dev/sda1 rw,attr2,inode64",
            "44 27 8:2 / /mnt/data2 rw,relatime - xfs /dev/sda2 rw",
            "45 27 0:50 / /srv/back\\134slash\\011tab rw - nfs4 host:/export\\040dir rw,vers=4.2");

    private final List<MountInfo> mounts = MountInfo.parse(SAMPLE);

    @Test
    void parsesAllFieldsAroundOptionalFields() {
        MountInfo loop = mounts.get(3);
        assertEquals(42, loop.mountId());
        assertEquals(27, loop.parentId());
        assertEquals("7:0", loop.majorMinor());
        assertEquals(7, loop.major());
        assertEquals("/", loop.root());
        assertEquals("/mnt/my disk", loop.mountPoint());
        assertEquals("rw,noatime", loop.mountOptions());
        assertEquals("ext4", loop.fsType());
        assertEquals("/dev/loop0", loop.source());
        assertEquals("rw", loop.superOptions());

        MountInfo bind = mounts.get(4);
        assertEquals("/sub", bind.root());
        assertEquals("rw,attr2,inode64", bind.superOptions());
        assertEquals(0, mounts.get(1).major());
    }

    @Test
    void unescapesOctalBackslashAndTab() {
        MountInfo nfs = mounts.get(6);
        assertEquals("/srv/back\\slash\ttab", nfs.mountPoint());
        assertEquals("host:/export dir", nfs.source());
        assertEquals("no\\escape\\09", MountInfo.unescape("no\\escape\\09"), "only 3 octal digits are an escape");
    }

    @Test
    void longestMountPointPrefixWins() {
        assertEquals("/", find("/home/user", null).mountPoint());
        assertEquals("/mnt/my disk", find("/mnt/my disk/bench", null).mountPoint());
        assertEquals("/mnt/data", find("/mnt/data", null).mountPoint());
        // "/mnt/data2" starts with "/mnt/data" as a string, but not as a path.
        assertEquals("/mnt/data2", find("/mnt/data2/x", null).mountPoint());
        assertEquals("/", find("/mnt/dat", null).mountPoint());
    }

    @Test
    void laterMountOnTheSamePointCoversTheEarlierOne() {
        assertEquals(30, find("/dev/shm/x", null).mountId());
    }

    @Test
    void knownDeviceOfThePathSelectsAmongMounts() {
        assertEquals(25, find("/dev/shm/x", "0:23").mountId());
        // A device no mount has (e.g. read from another namespace): fall back to the prefix rule.
        assertEquals(30, find("/dev/shm/x", "9:9").mountId());
    }

    @Test
    void rejectsLinesWithoutSeparator() {
        assertThrows(IllegalArgumentException.class,
                () -> MountInfo.parseLine("27 1 254:0 / / rw,relatime ext4 /dev/vda rw"));
    }

    @Test
    void readsThisProcessMountTable() {
        List<MountInfo> real = MountInfo.readProc();
        assertTrue(real.stream().anyMatch(m -> m.mountPoint().equals("/")), "no root mount in " + real);
    }

    private MountInfo find(String path, String device) {
        return MountInfo.containing(mounts, path, device).orElseThrow();
    }
}
