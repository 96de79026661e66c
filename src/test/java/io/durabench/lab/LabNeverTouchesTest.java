package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.env.MountInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A user's mounts, loop devices and files next to the lab, or put where the lab's were, are never
 * unmounted, detached or deleted by it. Needs root.
 */
class LabNeverTouchesTest {
    @RegisterExtension
    final LabSandbox sandbox = new LabSandbox();

    private final List<String> progress = new ArrayList<>();

    @Test
    void aUsersMountLoopDeviceAndFilesNextToTheLabAreLeftAlone() throws Exception {
        Path userImage = userImage("user.img", 16);
        String userLoop = sandbox.sh("losetup", "--find", "--show", userImage.toString()).strip();
        sandbox.sh("mkfs.ext4", "-q", "-F", userLoop);
        Path userMount = Files.createDirectories(sandbox.mountRoot().resolve("user-fs"));
        sandbox.sh("mount", userLoop, userMount.toString());
        Files.writeString(userMount.resolve("precious.txt"), "mine");
        Path notes = Files.writeString(Files.createDirectories(sandbox.labDir()).resolve("notes.txt"), "also mine");

        try (Lab lab = Lab.create(sandbox.config(64), progress::add)) {
            lab.up(List.of(Variant.EXT4, Variant.TMPFS));
        }

        MountInfo still = Mounts.at(userMount).orElseThrow(() -> new AssertionError("the user's mount was unmounted"));
        assertEquals(userLoop, still.source());
        assertEquals("mine", Files.readString(userMount.resolve("precious.txt")));
        assertEquals(userImage.toString(), new LoopDevices(LabHost.system().shell()).backingFile(userLoop).orElseThrow());
        assertEquals("also mine", Files.readString(notes));
        assertEquals(List.of("notes.txt"), list(sandbox.labDir()), "the lab's image and state file are gone, the user's file is not");
        assertEquals(List.of("user-fs"), list(sandbox.mountRoot()), "the lab's mount points are gone, the user's is not");
    }

    @Test
    void aForeignMountPutAtTheLabsMountPointIsNotUnmounted() throws Exception {
        Lab lab = Lab.create(sandbox.config(64), progress::add);
        LabTarget t = lab.up(List.of(Variant.EXT4)).get(0);
        lab.release();
        sandbox.sh("umount", t.mountPoint().toString());
        sandbox.sh("mount", "-t", "tmpfs", "-o", "size=1m", "users-tmpfs", t.mountPoint().toString());

        LabFailure e = assertThrows(LabFailure.class, () -> Lab.down(sandbox.labDir(), false, progress::add, LabHost.system()));
        assertTrue(e.getMessage().startsWith("not unmounting " + t.mountPoint() + ": it is mounted from users-tmpfs (tmpfs)"), e.getMessage());
        assertEquals("users-tmpfs", Mounts.at(t.mountPoint()).orElseThrow().source());
        assertFalse(Files.exists(t.image()), "the lab's own image, which the foreign mount does not use, is gone");
        assertEquals(List.of(), sandbox.loopsInside());
        assertTrue(new StateFile(sandbox.labDir()).exists(), "the mount point is still listed, to be removed later");

        sandbox.sh("umount", t.mountPoint().toString());
        assertTrue(Lab.down(sandbox.labDir(), false, progress::add, LabHost.system()));
        assertFalse(Files.exists(t.mountPoint()));
        assertFalse(Files.exists(sandbox.labDir()));
    }

    @Test
    void aLoopDeviceReusedForAnotherFileIsNotDetached() throws Exception {
        Lab lab = Lab.create(sandbox.config(64), progress::add);
        LabTarget t = lab.up(List.of(Variant.EXT4)).get(0);
        lab.release();
        sandbox.sh("umount", t.mountPoint().toString());
        sandbox.sh("losetup", "--detach", t.loopDevice());
        Path other = userImage("other.img", 16);
        sandbox.sh("losetup", t.loopDevice(), other.toString()); // the same /dev/loopN, now the user's

        assertTrue(Lab.down(sandbox.labDir(), false, progress::add, LabHost.system()));
        assertEquals(other.toString(), new LoopDevices(LabHost.system().shell()).backingFile(t.loopDevice()).orElseThrow());
        assertTrue(progress.contains("lab: " + t.loopDevice() + " no longer backs " + t.image() + ": not touching it"), progress.toString());
        assertFalse(Files.exists(t.image()));
        sandbox.sh("losetup", "--detach", t.loopDevice());
    }

    @Test
    void aFileReplacingTheLabsImageIsNotDeleted() throws Exception {
        Lab lab = Lab.create(sandbox.config(64), progress::add);
        LabTarget t = lab.up(List.of(Variant.EXT4)).get(0);
        lab.release();
        sandbox.sh("umount", t.mountPoint().toString());
        sandbox.sh("losetup", "--detach", t.loopDevice());
        Files.delete(t.image());
        Files.writeString(t.image(), "a user's file that happens to have the image's name");

        LabFailure e = assertThrows(LabFailure.class, () -> Lab.down(sandbox.labDir(), false, progress::add, LabHost.system()));
        assertTrue(e.getMessage().startsWith("not deleting " + t.image() + ": it is not the file the lab created"), e.getMessage());
        assertEquals("a user's file that happens to have the image's name", Files.readString(t.image()));

        Files.delete(t.image());
        assertTrue(Lab.down(sandbox.labDir(), false, progress::add, LabHost.system()));
        assertFalse(Files.exists(sandbox.labDir()));
    }

    @Test
    void upRefusesAnImageNameOrMountPointThatIsTakenAndTouchesNothing() throws Exception {
        Path image = Files.writeString(Files.createDirectories(sandbox.labDir()).resolve("ext4.img"), "not an image");
        LabRefusal e = assertThrows(LabRefusal.class, () -> Lab.create(sandbox.config(64), progress::add).up(List.of(Variant.EXT4)));
        assertEquals(image + " already exists and no lab state lists it: not overwriting it; remove it or pass another --dir", e.getMessage());
        assertEquals("not an image", Files.readString(image));
        Files.delete(image);

        Path taken = Files.createDirectories(sandbox.mountRoot().resolve("tmpfs"));
        e = assertThrows(LabRefusal.class, () -> Lab.create(sandbox.config(64), progress::add).up(List.of(Variant.EXT4, Variant.TMPFS)));
        assertTrue(e.getMessage().startsWith("mount point " + taken + " already exists"), e.getMessage());
        assertEquals(List.of(), list(sandbox.labDir()), "nothing made: no image, no state file");
        assertEquals(List.of("tmpfs"), list(sandbox.mountRoot()));
        assertEquals(List.of(), sandbox.loopsInside());
    }

    private Path userImage(String name, int mib) throws Exception {
        Path dir = Files.createDirectories(sandbox.root().resolve("user"));
        sandbox.sh("truncate", "-s", mib + "M", dir.resolve(name).toString());
        return dir.resolve(name).toRealPath();
    }

    private static List<String> list(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
