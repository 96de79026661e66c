package io.durabench.env;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The device resolution and durability rules on a hand-made sysfs tree and mount table, so that
 * cases this machine does not have (partitions, zram, overlay, nfs, loop over tmpfs) are covered.
 * Mount points are real directories under a temp dir, because the probe resolves real paths.
 */
class StorageProbeTest {
    @TempDir
    Path tmp;

    private Path sys;

    @BeforeEach
    void buildFakeSysfs() throws IOException {
        sys = tmp.resolve("sys");
        Path sda = disk("devices/pci0000:00/block/sda", "write back", "1", "0", "mq-deadline [none]", "512", "4096");
        Files.writeString(sda.resolve("device/model"), "Samsung SSD 870   \n");
        Files.createDirectories(sda.resolve("sda1"));
        Files.writeString(sda.resolve("sda1/partition"), "1\n");
        devLink("8:0", "devices/pci0000:00/block/sda");
        devLink("8:1", "devices/pci0000:00/block/sda/sda1");

        Path loop = disk("devices/virtual/block/loop0", "write back", "0", "0", "none", "512", "512");
        Files.createDirectories(loop.resolve("loop"));
        devLink("7:0", "devices/virtual/block/loop0");

        // An old kernel: no write_cache, no fua, a non-numeric value where a number belongs.
        Path zram = disk("devices/virtual/block/zram0", null, null, "garbage", null, "4096", "4096");
        devLink("253:0", "devices/virtual/block/zram0");
        assertTrue(Files.isDirectory(zram));
    }

    @Test
    void partitionResolvesToItsDiskQueue() throws IOException {
        BlockDevice d = new SysfsBlockDevices(sys).find("8:1").orElseThrow();
        assertEquals("sda", d.name());
        assertEquals("sda1", d.partition());
        assertEquals(sys.resolve("block/sda").toString(), d.sysfsPath());
        assertEquals("write back", d.writeCache());
        assertEquals(1, d.fua());
        assertEquals(0, d.rotational());
        assertEquals("mq-deadline [none]", d.scheduler());
        assertEquals(512, d.logicalBlockSize());
        assertEquals(4096, d.physicalBlockSize());
        assertEquals("Samsung SSD 870", d.model());
        assertNull(new SysfsBlockDevices(sys).find("8:0").orElseThrow().partition());
    }

    @Test
    void missingSysfsFilesAreNullNotGuessed() {
        BlockDevice d = new SysfsBlockDevices(sys).find("253:0").orElseThrow();
        assertNull(d.writeCache());
        assertNull(d.fua());
        assertNull(d.rotational(), "a non-numeric value is reported as unknown");
        assertNull(d.scheduler());
        assertNull(d.model());
        assertEquals(4096, d.logicalBlockSize());
        assertTrue(new SysfsBlockDevices(sys).find("0:23").isEmpty());
    }

    @Test
    void blockDeviceIsDurable() throws IOException {
        Path data = mkdir("data");
        StorageProbe.Storage s = probe(data, "43 1 8:1 / " + data + " rw,relatime - xfs /dev/sda1 rw,attr2");
        assertEquals("xfs", s.filesystem().filesystem());
        assertEquals(Boolean.TRUE, s.filesystem().durableStorage());
        assertEquals("sda", s.device().name());
        assertEquals("sda1", s.device().partition());
    }

    @Test
    void ramDiskIsNotDurable() throws IOException {
        Path z = mkdir("zram");
        StorageProbe.Storage s = probe(z, "43 1 253:0 / " + z + " rw - ext4 /dev/zram0 rw");
        assertEquals("zram0", s.device().name());
        assertEquals(Boolean.FALSE, s.filesystem().durableStorage());
    }

    @Test
    void loopOverTmpfsFileIsNotDurableAndShowsItsBacking() throws IOException {
        Path ram = mkdir("ram");
        Path mnt = mkdir("loopmnt");
        Files.writeString(sys.resolve("devices/virtual/block/loop0/loop/backing_file"), ram.resolve("img") + "\n");
        StorageProbe.Storage s = probe(mnt,
                "40 1 0:23 / " + ram + " rw - tmpfs tmpfs rw",
                "41 1 7:0 / " + mnt + " rw - ext4 /dev/loop0 rw");
        BlockDevice.LoopBacking loop = s.device().loop();
        assertNotNull(loop);
        assertEquals(ram.resolve("img").toString(), loop.backingFile());
        assertEquals("tmpfs", loop.backingFilesystem().filesystem());
        assertEquals(ram.toString(), loop.backingFilesystem().mountPoint());
        assertNull(loop.backingDevice());
        assertEquals(Boolean.FALSE, s.filesystem().durableStorage());
        assertTrue(s.filesystem().durableStorageReason().contains("tmpfs"), s.filesystem().durableStorageReason());
    }

    @Test
    void loopWhoseBackingFileIsOnItselfStopsInsteadOfRecursingForever() throws IOException {
        Path mnt = mkdir("selfloop");
        Files.writeString(sys.resolve("devices/virtual/block/loop0/loop/backing_file"), mnt.resolve("img") + " (deleted)\n");
        StorageProbe.Storage s = probe(mnt, "41 1 7:0 / " + mnt + " rw - ext4 /dev/loop0 rw");
        assertEquals(mnt + "/img (deleted)", s.device().loop().backingFile());
        assertNull(s.filesystem().durableStorage(), s.filesystem().durableStorageReason());
    }

    @Test
    void overlayFollowsItsUpperLayer() throws IOException {
        Path ram = mkdir("ram");
        Path upper = Files.createDirectories(ram.resolve("upper"));
        Path merged = mkdir("merged");
        StorageProbe.Storage s = probe(merged,
                "40 1 0:23 / " + ram + " rw - tmpfs tmpfs rw",
                "41 1 0:60 / " + merged + " rw - overlay overlay rw,lowerdir=/l,upperdir=" + upper + ",workdir=/w");
        assertNull(s.device());
        assertEquals(Boolean.FALSE, s.filesystem().durableStorage());

        StorageProbe.Storage hidden = probe(merged,
                "41 1 0:60 / " + merged + " rw - overlay overlay rw,lowerdir=/l,upperdir=/var/lib/docker/x/diff,workdir=/w");
        assertNull(hidden.filesystem().durableStorage(), "an upper layer we cannot see is unknown, not false");
    }

    @Test
    void pseudoFilesystemIsNotDurableAndNetworkFilesystemIsUnknown() throws IOException {
        Path p = mkdir("proc");
        assertEquals(Boolean.FALSE, probe(p, "22 1 0:21 / " + p + " rw - proc proc rw").filesystem().durableStorage());
        Path n = mkdir("nfs");
        StorageProbe.Storage nfs = probe(n, "45 1 0:50 / " + n + " rw - nfs4 host:/export rw,vers=4.2");
        assertNull(nfs.device());
        assertNull(nfs.filesystem().durableStorage());
    }

    @Test
    void optionValueIsFoundByKey() {
        assertEquals("/u", StorageProbe.option("rw,lowerdir=/l,upperdir=/u,workdir=/w", "upperdir"));
        assertNull(StorageProbe.option("rw,lowerdir=/l", "upperdir"));
    }

    private StorageProbe.Storage probe(Path dir, String... mountLines) {
        // A root mount with a device the fake sysfs does not know, so nothing falls through to the real disk.
        List<String> lines = new java.util.ArrayList<>(List.of("1 0 9:9 / / rw - ext4 /dev/unknown rw"));
        lines.addAll(List.of(mountLines));
        return new StorageProbe(MountInfo.parse(lines), new SysfsBlockDevices(sys)).probe(dir);
    }

    private Path mkdir(String name) throws IOException {
        return Files.createDirectories(tmp.resolve("mnt").resolve(name)).toRealPath();
    }

    private Path disk(String rel, String writeCache, String fua, String rotational, String scheduler,
                      String logical, String physical) throws IOException {
        Path dir = sys.resolve(rel);
        Files.createDirectories(dir.resolve("queue"));
        Files.createDirectories(dir.resolve("device"));
        write(dir.resolve("queue/write_cache"), writeCache);
        write(dir.resolve("queue/fua"), fua);
        write(dir.resolve("queue/rotational"), rotational);
        write(dir.resolve("queue/scheduler"), scheduler);
        write(dir.resolve("queue/logical_block_size"), logical);
        write(dir.resolve("queue/physical_block_size"), physical);
        Files.createDirectories(sys.resolve("block"));
        Files.createSymbolicLink(sys.resolve("block").resolve(dir.getFileName()), Path.of("..").resolve(rel));
        return dir;
    }

    private void devLink(String majorMinor, String rel) throws IOException {
        Files.createDirectories(sys.resolve("dev/block"));
        Files.createSymbolicLink(sys.resolve("dev/block").resolve(majorMinor), Path.of("../..").resolve(rel));
    }

    private static void write(Path file, String value) throws IOException {
        if (value != null) Files.writeString(file, value + "\n");
    }
}
