package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import io.durabench.env.MountInfo;
import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.JnrSyscalls;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.OpenFlags;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** ext4 and tmpfs brought up, inspected on the live system, and torn down to nothing. Needs root (skips otherwise). */
class LabLifecycleTest {
    @RegisterExtension
    final LabSandbox sandbox = new LabSandbox();

    private final List<String> progress = new ArrayList<>();

    @Test
    void ext4AndTmpfsComeUpQuietAndGoDownCompletely() throws Exception {
        List<LabTarget> targets;
        try (Lab lab = Lab.create(sandbox.config(64), progress::add)) {
            targets = lab.up(List.of(Variant.EXT4, Variant.TMPFS));
            assertEquals(2, targets.size());
            LabTarget ext4 = targets.get(0);
            LabTarget tmpfs = targets.get(1);

            // The image: in the lab folder, fully allocated (not sparse), on the project's disk.
            assertEquals(sandbox.labDir().resolve("ext4.img"), ext4.image());
            assertTrue(ImageFile.allocatedBytes(ext4.image()) >= 64L << 20, "sparse image");
            String map = sandbox.sh("filefrag", "-v", ext4.image().toString());
            assertEquals(64L << 20, Extents.parseFilefrag(map).bytes(), "every block mapped: " + map);
            assertFalse(map.contains("unwritten"), "mkfs left unwritten extents: " + map);
            assertEquals(List.of(), lab.audit());
            assertEquals(LabBuilder.filesystemOf(sandbox.root()), ext4.backingFilesystem());
            // The loop device: backed by the image, direct I/O on, 4096-byte sectors, as the kernel reports.
            String loop = LoopDevices.name(ext4.loopDevice());
            assertEquals(ext4.image().toString(), Files.readString(Path.of("/sys/block", loop, "loop/backing_file")).strip());
            assertEquals("1", Files.readString(Path.of("/sys/block", loop, "loop/dio")).strip());
            assertEquals("4096", Files.readString(Path.of("/sys/block", loop, "queue/logical_block_size")).strip());
            assertEquals(LoopSettings.LAB, ext4.loop());
            // The mount: that device, ext4, data=ordered, and an empty writable directory inside.
            MountInfo m = Mounts.at(ext4.mountPoint()).orElseThrow();
            assertEquals(ext4.loopDevice(), m.source());
            assertEquals("ext4", m.fsType());
            assertTrue(ext4.superOptions().contains("data=ordered"), ext4.superOptions());
            assertFalse(ext4.superOptions().contains("discard"), ext4.superOptions());
            assertEquals(sandbox.mountRoot().resolve("ext4/data"), ext4.directory());
            assertTrue(Files.isWritable(ext4.directory()));
            try (var s = Files.list(ext4.directory())) {
                assertEquals(0, s.count(), "the settle step's warm-up file is gone");
            }
            assertFalse(Settle.kernelThreadRunning(Settle.EXT4_LAZYINIT), "ext4lazyinit still running: the lab is not quiet");

            MountInfo t = Mounts.at(tmpfs.mountPoint()).orElseThrow();
            assertEquals("tmpfs", t.fsType());
            assertEquals("durabench-lab-" + ProcessHandle.current().pid(), t.source());
            assertTrue(t.superOptions().contains("size=65536k"), t.superOptions());
            assertNull(tmpfs.image());
            assertNull(tmpfs.loopDevice());

            LabStatus status = Lab.status(sandbox.labDir(), LabHost.system()).orElseThrow();
            assertTrue(status.ownerAlive());
            assertTrue(status.lines().get(1).startsWith("ext4"), status.lines().toString());
            assertTrue(status.lines().get(1).contains("mounted ext4") && status.lines().get(1).contains("loop attached"), status.lines().get(1));
            assertTrue(status.lines().get(2).contains("mounted tmpfs"), status.lines().get(2));
        }
        assertNothingLeft();
        assertTrue(progress.contains("lab: deleted " + targets.get(0).image()), progress.toString());
    }

    @Test
    void labImageCarriesWhatEnvironmentJsonNeeds() {
        try (Lab lab = Lab.create(sandbox.config(64), progress::add)) {
            JsonObject j = lab.up(List.of(Variant.EXT4_JOURNAL)).get(0).labImage().toJson();
            assertEquals("ext4-journal", j.get("variant").getAsString());
            assertEquals("ext4", j.get("filesystem").getAsString());
            assertEquals(sandbox.labDir().resolve("ext4-journal.img").toString(), j.get("image").getAsString());
            assertEquals(64L << 20, j.get("imageBytes").getAsLong());
            assertEquals("zero-filled", j.get("allocation").getAsString());
            assertTrue(j.get("loopDirectIo").getAsBoolean());
            assertEquals(4096, j.get("loopSectorSize").getAsInt());
            assertTrue(j.get("mkfs").getAsString().startsWith("mkfs.ext4 -q -F -b 4096 -E nodiscard,lazy_itable_init=0,lazy_journal_init=0 /dev/loop"));
            assertEquals("data=journal,nodiscard,no_prefetch_block_bitmaps", j.get("mountOptions").getAsString());
        }
        assertNothingLeft();
    }

    /**
     * The reason ext4-journal lists O_DIRECT as n/a, shown on the live system: the same O_DIRECT
     * write leaves its pages in the page cache on data=journal and none on data=ordered.
     */
    @Test
    void ext4DataJournalServesDirectIoFromThePageCache() {
        assumeTrue(Tools.system().find("fincore").isPresent(), "needs fincore (util-linux) to see the page cache");
        try (Lab lab = Lab.create(sandbox.config(64), progress::add)) {
            List<LabTarget> t = lab.up(List.of(Variant.EXT4, Variant.EXT4_JOURNAL));
            assertEquals("0", cachedBytesAfterDirectWrite(t.get(0).directory()), "data=ordered: O_DIRECT bypasses the page cache");
            assertEquals(Integer.toString(1 << 20), cachedBytesAfterDirectWrite(t.get(1).directory()), "data=journal: O_DIRECT is buffered");
            assertTrue(t.get(1).notApplicable("O_DIRECT", 8192).isPresent());
            assertTrue(t.get(0).notApplicable("O_DIRECT", 8192).isEmpty());
        }
        assertNothingLeft();
    }

    private String cachedBytesAfterDirectWrite(Path dir) {
        Path file = dir.resolve("direct.dat");
        try (NativeFile f = NativeFile.open(JnrSyscalls.get(), file, OpenFlags.O_WRONLY | OpenFlags.O_CREAT | OpenFlags.O_DIRECT, 0644)) {
            f.pwrite(AlignedBuffers.patterned(1 << 20, 4096), 1 << 20, 0);
        }
        String resident = sandbox.sh("fincore", "--bytes", "--noheadings", "--output", "RES", file.toString()).strip();
        sandbox.sh("rm", file.toString());
        return resident;
    }

    @Test
    void aSecondLabInTheSameFolderIsRefusedAndTheFirstIsUntouched() {
        try (Lab lab = Lab.create(sandbox.config(64), progress::add)) {
            LabTarget first = lab.up(List.of(Variant.TMPFS)).get(0);
            Lab second = Lab.create(new LabConfig(sandbox.labDir(), sandbox.root().resolve("mnt2"), 64), progress::add);
            LabRefusal e = assertThrows(LabRefusal.class, () -> second.up(List.of(Variant.EXT4)));
            assertTrue(e.getMessage().startsWith("a lab is already up in " + sandbox.labDir()), e.getMessage());
            assertTrue(Mounts.at(first.mountPoint()).isPresent());
            assertFalse(Files.exists(sandbox.labDir().resolve("ext4.img")));
            assertFalse(Files.exists(sandbox.root().resolve("mnt2")));
        }
        assertNothingLeft();
    }

    @Test
    void downIsIdempotentAndALabCannotComeUpTwice() {
        Lab lab = Lab.create(sandbox.config(64), progress::add);
        lab.up(List.of(Variant.TMPFS));
        assertThrows(IllegalStateException.class, () -> lab.up(List.of(Variant.TMPFS)));
        lab.down();
        lab.down();
        lab.close();
        assertNothingLeft();
        assertFalse(Lab.down(sandbox.labDir(), false, progress::add, LabHost.system()), "no state file: nothing to tear down");
    }

    @Test
    void releasedLabOutlivesItsObjectAndGoesDownFromTheStateFile() {
        Lab lab = Lab.create(sandbox.config(64), progress::add);
        LabTarget t = lab.up(List.of(Variant.EXT4)).get(0);
        lab.release();
        lab.close(); // released: close must not tear it down
        assertTrue(Mounts.at(t.mountPoint()).isPresent());
        assertTrue(Lab.down(sandbox.labDir(), false, progress::add, LabHost.system())); // owner is this (alive) process: allowed
        assertNothingLeft();
    }

    private void assertNothingLeft() {
        assertEquals(List.of(), sandbox.mountsInside(), "mounts left");
        assertEquals(List.of(), sandbox.loopsInside(), "loop devices left");
        assertFalse(Files.exists(sandbox.labDir()), "the lab made its folder, so it removes it");
        assertFalse(Files.exists(sandbox.mountRoot()), "the lab made its mount root, so it removes it");
    }
}
