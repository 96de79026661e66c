package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateFileTest {

    @Test
    void everythingRecordedComesBack(@TempDir Path dir) {
        LabState s = new LabState(new Owner(123, "boot", 456), dir.toString(), "/mnt/durabench-lab");
        s.createdLabDir = true;
        s.createdMountRoot = true;
        LabState.Target t = new LabState.Target(Variant.EXT4_JOURNAL);
        t.image = dir.resolve("ext4-journal.img").toString();
        t.imageInode = 99L;
        t.imageBirth = "2026-11-30 13:46:25.721994219 +0000";
        t.sizeBytes = 64L << 20;
        t.allocation = "zero-filled";
        t.backingFilesystem = "ext4";
        t.loopDevice = "/dev/loop3";
        t.loopDirectIo = true;
        t.loopSectorSize = 4096;
        t.mkfs = Variant.EXT4_JOURNAL.mkfsCommand("/dev/loop3");
        t.mountPoint = "/mnt/durabench-lab/ext4-journal";
        t.createdMountPoint = true;
        t.mountSource = "/dev/loop3";
        t.mountOptions = Variant.EXT4_JOURNAL.mountOptions(64);
        t.mountAttempted = true;
        t.directory = "/mnt/durabench-lab/ext4-journal/data";
        s.targets.add(t);
        LabState.Target half = new LabState.Target(Variant.TMPFS); // interrupted before anything was made
        s.targets.add(half);

        StateFile file = new StateFile(dir);
        file.create(s);
        LabState back = file.read().orElseThrow();
        assertEquals(s.toJson(), back.toJson());
        assertEquals(new Owner(123, "boot", 456), back.owner);
        assertNull(back.targets.get(1).image);
        assertFalse(Files.exists(dir.resolve(StateFile.NAME + ".tmp")));
    }

    @Test
    void aSecondLabInTheSameFolderIsRefused(@TempDir Path dir) {
        StateFile file = new StateFile(dir);
        file.create(new LabState(Owner.current(), dir.toString(), "/mnt/x"));
        LabRefusal e = assertThrows(LabRefusal.class, () -> file.create(new LabState(Owner.current(), dir.toString(), "/mnt/y")));
        assertTrue(e.getMessage().startsWith("a lab is already up in " + dir), e.getMessage());
    }

    @Test
    void saveReplacesAndDeleteRemoves(@TempDir Path dir) {
        StateFile file = new StateFile(dir);
        LabState s = new LabState(Owner.current(), dir.toString(), "/mnt/x");
        file.create(s);
        s.targets.add(new LabState.Target(Variant.XFS));
        file.save(s);
        assertEquals(List.of(Variant.XFS), file.read().orElseThrow().targets.stream().map(t -> t.variant).toList());
        file.delete();
        assertTrue(file.read().isEmpty());
        assertFalse(file.exists());
    }

    @Test
    void aForeignFileIsNotReadAsState(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(StateFile.NAME), "{\"schema\": \"something-else/1\"}");
        LabFailure e = assertThrows(LabFailure.class, () -> new StateFile(dir).read());
        assertTrue(e.getMessage().contains("not a durabench-lab-state/1 state file"), e.getMessage());
    }
}
