package io.durabench.lab;

import io.durabench.env.MountInfo;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Tears down what a state file lists, newest first, and nothing else. Before each step it checks
 * the live system: a mount is unmounted only if its source is the lab's loop device and that
 * device's backing file is the lab's image (same path and inode), or, for tmpfs, if its source is
 * the lab's own tag; a loop device is detached only if it is backed by the lab's image; the image
 * is deleted only if it is still the file the lab created (same inode); a directory is removed
 * only if the lab made it and it is empty. Whatever cannot be verified is left alone and reported,
 * and stays in the state file, so a later `lab down` can finish once it is sorted out.
 */
final class Teardown {
    private final Shell shell;
    private final LoopDevices loops;
    private final Mounts mounts;
    private final Consumer<String> progress;

    Teardown(Shell shell, Consumer<String> progress) {
        this.shell = shell;
        this.loops = new LoopDevices(shell);
        this.mounts = new Mounts(shell);
        this.progress = progress;
    }

    /** Returns the problems (empty: everything is gone, including the state file). */
    List<String> run(LabState state, StateFile file) {
        List<String> problems = new ArrayList<>();
        for (int i = state.targets.size() - 1; i >= 0; i--) {
            LabState.Target t = state.targets.get(i);
            List<String> left = tearDown(t);
            if (left.isEmpty()) state.targets.remove(i);
            problems.addAll(left);
            file.save(state);
        }
        if (!problems.isEmpty()) return problems;
        if (state.createdMountRoot) removeIfEmpty(Path.of(state.mountRoot));
        file.delete();
        if (state.createdLabDir) removeIfEmpty(Path.of(state.labDir));
        return problems;
    }

    private List<String> tearDown(LabState.Target t) {
        List<String> problems = new ArrayList<>();
        Path image = t.image == null ? null : Path.of(t.image);
        // Our own mount still up (busy): nothing under it can go. A foreign mount at our mount point
        // is reported and left, but our loop device and image, which it does not use, still go.
        if (t.mountPoint != null && !unmountIfOurs(t, Path.of(t.mountPoint), image, problems)) return problems;
        if (image != null) {
            int before = problems.size();
            detachOurLoops(t, image, problems);
            if (problems.size() == before) {
                t.loopDevice = null;
                deleteImageIfOurs(t, image, problems);
                if (problems.size() == before) t.image = null;
            }
        }
        if (t.mountPoint != null && t.createdMountPoint) removeMountPoint(Path.of(t.mountPoint), problems);
        return problems;
    }

    /** False only when the lab's own mount is there and could not be unmounted. */
    private boolean unmountIfOurs(LabState.Target t, Path mountPoint, Path image, List<String> problems) {
        Optional<MountInfo> m = Mounts.at(mountPoint);
        if (m.isEmpty()) return true;
        if (!isOurs(m.get(), t, image)) {
            problems.add("not unmounting " + mountPoint + ": it is mounted from " + m.get().source() + " ("
                    + m.get().fsType() + "), not from the lab's " + (image == null ? t.mountSource : "image " + image));
            return true;
        }
        try {
            mounts.unmount(mountPoint);
            progress.accept("lab: unmounted " + mountPoint);
            return true;
        } catch (LabFailure e) {
            problems.add(e.getMessage());
            return false;
        }
    }

    private boolean isOurs(MountInfo m, LabState.Target t, Path image) {
        if (image == null) return m.fsType().equals("tmpfs") && m.source().equals(t.mountSource);
        return m.source().startsWith("/dev/loop") && loops.backs(m.source(), image, t.imageInode);
    }

    /** The recorded device, plus any device attached to the image but not recorded (a kill right after losetup). */
    private void detachOurLoops(LabState.Target t, Path image, List<String> problems) {
        Set<String> candidates = new LinkedHashSet<>();
        if (t.loopDevice != null) candidates.add(t.loopDevice);
        if (isOurImage(t, image)) candidates.addAll(loops.devicesBackedBy(image));
        for (String device : candidates) {
            if (!loops.backs(device, image, t.imageInode)) {
                progress.accept("lab: " + device + " no longer backs " + image + ": not touching it");
                continue;
            }
            List<MountInfo> users = Mounts.ofSource(device);
            if (!users.isEmpty()) {
                problems.add("not detaching " + device + ": it is still mounted at " + users.get(0).mountPoint());
                continue;
            }
            try {
                loops.detach(device);
                progress.accept("lab: detached " + device);
            } catch (LabFailure e) {
                problems.add(e.getMessage());
            }
        }
    }

    private void deleteImageIfOurs(LabState.Target t, Path image, List<String> problems) {
        if (!Files.exists(image)) return;
        if (!isOurImage(t, image)) {
            problems.add("not deleting " + image + ": it is not the file the lab created (inode or birth time differ)");
            return;
        }
        if (!loops.devicesBackedBy(image).isEmpty()) {
            problems.add("not deleting " + image + ": a loop device is still attached to it (losetup -j " + image + ")");
            return;
        }
        try {
            Files.delete(image);
            progress.accept("lab: deleted " + image);
        } catch (NoSuchFileException e) {
            // gone already
        } catch (IOException e) {
            problems.add("cannot delete " + image + ": " + e.getMessage());
        }
    }

    /**
     * The file at the image path is the one the lab created: same inode and same birth time (an
     * inode number is reused as soon as a file is deleted). Unknown inode: killed before it was
     * recorded, right after creating the file under a name the preflight had checked was free.
     */
    private boolean isOurImage(LabState.Target t, Path image) {
        if (t.imageInode == null) return true;
        if (ImageFile.inodeOrMissing(image) != t.imageInode) return false;
        return t.imageBirth == null || t.imageBirth.equals(ImageFile.birthTime(image, shell));
    }

    private void removeMountPoint(Path mountPoint, List<String> problems) {
        if (!Files.isDirectory(mountPoint)) return;
        if (Mounts.at(mountPoint).isPresent()) return; // a foreign mount: the unmount step has reported it
        try {
            Files.delete(mountPoint);
        } catch (DirectoryNotEmptyException e) {
            problems.add("not removing " + mountPoint + ": it is not empty (someone put files in it)");
        } catch (NoSuchFileException e) {
            // gone already
        } catch (IOException e) {
            problems.add("cannot remove " + mountPoint + ": " + e.getMessage());
        }
    }

    /** A folder the lab made holds other people's things too: leave it, say so, and do not count it a failure. */
    private void removeIfEmpty(Path dir) {
        try {
            Files.deleteIfExists(dir);
        } catch (DirectoryNotEmptyException e) {
            progress.accept("lab: left " + dir + " in place: it holds entries the lab did not make");
        } catch (IOException e) {
            progress.accept("lab: could not remove " + dir + ": " + e.getMessage());
        }
    }
}
