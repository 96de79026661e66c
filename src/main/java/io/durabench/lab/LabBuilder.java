package io.durabench.lab;

import io.durabench.env.MountInfo;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Brings a lab up, step by step: everything that can be refused is checked before anything is
 * touched (root, tools, sizes, free space, names already taken); then for each variant the image
 * is created and zero-filled, attached, made and mounted, with the state file saved before and
 * after each step. If any step fails, everything made so far is torn down by the same code that
 * `lab down` uses.
 */
final class LabBuilder {
    /** Room left on the host filesystem beyond the images themselves. */
    private static final long SPARE_BYTES = 64L << 20;
    private static final Set<String> RAM_FILESYSTEMS = Set.of("tmpfs", "ramfs");

    private final LabHost host;
    private final Consumer<String> progress;
    private final ImageFile.Allocation allocation;
    private final BooleanSupplier cancelled;
    private final LoopDevices loops;
    private final Mounts mounts;

    /** @param cancelled polled between steps: a shutdown (Ctrl-C) stops `up` early, which then undoes itself */
    LabBuilder(LabHost host, Consumer<String> progress, ImageFile.Allocation allocation, BooleanSupplier cancelled) {
        this.host = host;
        this.progress = progress;
        this.allocation = allocation;
        this.cancelled = cancelled;
        this.loops = new LoopDevices(host.shell());
        this.mounts = new Mounts(host.shell());
    }

    LabState up(List<Variant> variants, LabConfig config) {
        String hostFs = preflight(variants, config);
        LabState state = begin(config);
        StateFile file = new StateFile(Path.of(state.labDir));
        try {
            if (!Files.exists(config.mountRoot())) {
                state.createdMountRoot = true;
                file.save(state);
                Files.createDirectories(config.mountRoot());
            }
            for (Variant v : variants) {
                checkpoint();
                progress.accept("lab: " + v.id() + ": " + (v.usesImage() ? "zero-filling a " + config.sizeMiB()
                        + " MiB image, mkfs, mount" : "mounting a " + config.sizeMiB() + " MiB tmpfs"));
                bringUp(v, state, file, config, hostFs);
            }
            Settle.settle(state.targets, host.shell(), progress);
            return state;
        } catch (RuntimeException | IOException | Error e) {
            throw undo(state, file, e);
        }
    }

    /**
     * One image, attached to a loop device with the lab's settings, and no filesystem: what the
     * quiet check writes to, below any filesystem. Same preflight, state file and teardown as {@link #up}.
     */
    LabState upImageOnly(String name, LabConfig config) {
        String hostFs = preflightImages(1, config, List.of(name));
        for (String p : List.of("losetup", "filefrag", "stat", "sync")) host.tools().require(p);
        LabState state = begin(config);
        StateFile file = new StateFile(Path.of(state.labDir));
        try {
            LabState.Target t = new LabState.Target(null);
            t.sizeBytes = config.sizeMiB() << 20;
            state.targets.add(t);
            attachImage(t, name, state, file, hostFs, new LoopSettings(LoopSettings.LAB.directIo(), config.sectorSize()));
            return state;
        } catch (RuntimeException | Error e) {
            throw undo(state, file, e);
        }
    }

    /** Makes the lab folder (remembering whether it existed) and creates the state file: the lab's lock. */
    private LabState begin(LabConfig config) {
        boolean createdLabDir = !Files.exists(config.labDir());
        Path labDir;
        try {
            labDir = Files.createDirectories(config.labDir()).toRealPath();
        } catch (IOException e) {
            throw new LabFailure("cannot create lab folder " + config.labDir() + ": " + e.getMessage());
        }
        LabState state = new LabState(Owner.current(), labDir.toString(), config.mountRoot().toString());
        state.createdLabDir = createdLabDir;
        try {
            new StateFile(labDir).create(state);
        } catch (LabFailure e) {
            if (createdLabDir) labDir.toFile().delete(); // empty: nothing else was made yet
            throw e;
        }
        return state;
    }

    /** Every refusal that needs no change to the machine; returns the host filesystem of the lab folder. */
    private String preflight(List<Variant> variants, LabConfig config) {
        host.requireRoot();
        boolean images = variants.stream().anyMatch(Variant::usesImage);
        Set<String> programs = new LinkedHashSet<>(List.of("mount", "umount", "sync"));
        if (images) programs.addAll(List.of("losetup", "filefrag", "stat"));
        for (Variant v : variants) v.mkfsProgram().ifPresent(programs::add);
        for (String p : programs) host.tools().require(p);
        for (Variant v : variants) {
            if (config.sizeMiB() < v.minimumMiB()) {
                throw new LabRefusal(v.id() + " needs at least " + v.minimumMiB() + " MiB, not " + config.sizeMiB()
                        + ": pass --size " + v.minimumMiB() + " or more");
            }
        }
        for (Variant v : variants) {
            Path mp = config.mountRoot().resolve(v.id());
            if (Files.exists(mp)) {
                throw new LabRefusal("mount point " + mp + " already exists (a lab is up there, or it is not the lab's):"
                        + " durabench lab status, or remove it, or pass another --mount-root");
            }
        }
        List<String> imageNames = variants.stream().filter(Variant::usesImage).map(Variant::id).toList();
        return preflightImages(imageNames.size(), config, imageNames);
    }

    /** The lab folder: a directory on a disk-backed filesystem with room for the images, their names free, no lab up. */
    private String preflightImages(int count, LabConfig config, List<String> imageNames) {
        host.requireRoot();
        if (Files.exists(config.labDir()) && !Files.isDirectory(config.labDir())) {
            throw new LabRefusal("lab folder " + config.labDir() + " is not a directory: pass another --dir");
        }
        Path existing = nearestExisting(config.labDir());
        String hostFs = filesystemOf(existing);
        if (count > 0) {
            if (RAM_FILESYSTEMS.contains(hostFs)) {
                throw new LabRefusal("lab folder " + config.labDir() + " is on " + hostFs + ": its images would live in RAM"
                        + " and no flush would reach a disk; pass --dir on a disk-backed filesystem");
            }
            if ("btrfs".equals(hostFs)) host.tools().require("chattr");
            long needed = count * (config.sizeMiB() << 20) + SPARE_BYTES;
            long free = usableBytes(existing);
            if (free < needed) {
                throw new LabRefusal("the lab needs " + (needed >> 20) + " MiB in " + config.labDir() + " but only "
                        + (free >> 20) + " MiB are free: pass a smaller --size or another --dir");
            }
        }
        for (String name : imageNames) {
            Path image = config.labDir().resolve(name + ".img");
            if (Files.exists(image)) {
                throw new LabRefusal(image + " already exists and no lab state lists it: not overwriting it;"
                        + " remove it or pass another --dir");
            }
        }
        if (new StateFile(config.labDir()).exists()) {
            throw new LabRefusal("a lab is already up in " + config.labDir() + " (" + StateFile.NAME
                    + " exists): durabench lab status, then durabench lab down");
        }
        return hostFs;
    }

    private void bringUp(Variant v, LabState state, StateFile file, LabConfig config, String hostFs) throws IOException {
        LabState.Target t = new LabState.Target(v);
        t.sizeBytes = config.sizeMiB() << 20;
        state.targets.add(t);
        Path mountPoint = config.mountRoot().resolve(v.id());
        if (v.usesImage()) {
            attachImage(t, v.id(), state, file, hostFs, new LoopSettings(LoopSettings.LAB.directIo(), config.sectorSize()));
            String device = t.loopDevice;
            Path image = Path.of(t.image);
            t.mkfs = v.mkfsCommand(device);
            file.save(state);
            checkpoint();
            host.shell().require(t.mkfs);
            if (allocation == ImageFile.Allocation.ZERO_FILLED) {
                long rewritten = ImageFile.materialize(image, host.shell());
                if (rewritten > 0) progress.accept("lab: " + v.id() + ": rewrote " + (rewritten >> 10) + " KiB that mkfs had left unwritten on the host");
            }
            t.mountSource = device;
        } else {
            // A tmpfs has no device; its source is a free-form name, unique per lab, that teardown checks.
            t.mountSource = "durabench-lab-" + state.owner.pid();
        }
        checkpoint();
        t.mountPoint = mountPoint.toString();
        t.createdMountPoint = true;
        file.save(state);
        try {
            Files.createDirectory(mountPoint);
        } catch (FileAlreadyExistsException e) {
            t.createdMountPoint = false; // someone else's, made since the preflight: never ours to remove
            file.save(state);
            throw new LabRefusal("mount point " + mountPoint + " appeared while the lab was coming up: not using it");
        }
        t.mountOptions = v.mountOptions(config.sizeMiB());
        t.mountAttempted = true;
        file.save(state);
        mounts.mount(v.fsType(), t.mountOptions, t.mountSource, mountPoint);
        MountInfo m = Mounts.at(mountPoint).orElseThrow(() -> new LabFailure("mount reported success but nothing is mounted at " + mountPoint));
        if (!m.source().equals(t.mountSource) || !m.fsType().equals(v.fsType())) {
            throw new LabFailure(mountPoint + " shows " + m.fsType() + " from " + m.source() + " after mounting " + v.fsType() + " from " + t.mountSource);
        }
        Path dir = Files.createDirectory(mountPoint.resolve("data"));
        t.directory = dir.toString();
        file.save(state);
    }

    /** Creates NAME.img in the lab folder (zero-filled, or sparse for the check's control) and attaches it. */
    private void attachImage(LabState.Target t, String name, LabState state, StateFile file, String hostFs, LoopSettings loop) {
        Path image = Path.of(state.labDir).resolve(name + ".img");
        t.image = image.toString();
        t.allocation = allocation.label();
        t.backingFilesystem = hostFs;
        file.save(state); // intent first: a kill right after the file is created still leaves it listed
        try {
            t.imageInode = ImageFile.createEmpty(image);
        } catch (LabFailure e) {
            t.image = null; // not created by us (someone else's file of that name appeared): never ours to delete
            file.save(state);
            throw e;
        }
        t.imageBirth = ImageFile.birthTime(image, host.shell());
        file.save(state);
        ImageFile.prepare(image, t.sizeBytes, allocation, hostFs, host.shell());
        checkpoint();
        String device = loops.attach(image, loop);
        t.loopDevice = device;
        t.loopDirectIo = loop.directIo();
        t.loopSectorSize = loop.sectorSize();
        file.save(state);
        loops.verifySettings(device, loop);
        if (!loops.backs(device, image, t.imageInode)) throw new LabFailure(device + " is not backed by " + image + " after losetup");
    }

    private void checkpoint() {
        if (cancelled.getAsBoolean()) throw new LabFailure("lab up stopped: the lab is being torn down (Ctrl-C or shutdown)");
    }

    private RuntimeException undo(LabState state, StateFile file, Throwable cause) {
        if (cause instanceof Error err) {
            safeTeardown(state, file);
            throw err;
        }
        List<String> problems = safeTeardown(state, file);
        String msg = cause instanceof IOException ? cause.toString() : cause.getMessage();
        if (problems.isEmpty()) {
            msg += " (lab up undid everything it had made)";
            return cause instanceof LabRefusal ? new LabRefusal(msg) : new LabFailure(msg);
        }
        return new LabFailure(msg + "; undoing it failed too: " + problems.get(0) + " (what is left is listed in "
                + file.path() + ": durabench lab down --dir " + state.labDir + ")");
    }

    private List<String> safeTeardown(LabState state, StateFile file) {
        try {
            return new Teardown(host.shell(), progress).run(state, file);
        } catch (RuntimeException e) {
            List<String> problems = new ArrayList<>();
            problems.add(e.getMessage());
            return problems;
        }
    }

    static Path nearestExisting(Path p) {
        Path q = p.toAbsolutePath();
        while (q != null && !Files.exists(q)) q = q.getParent();
        return q == null ? Path.of("/") : q;
    }

    /** The filesystem type holding {@code existing}, from mountinfo (the longest mount-point prefix). */
    static String filesystemOf(Path existing) {
        String real;
        try {
            real = existing.toRealPath().toString();
        } catch (IOException e) {
            real = existing.toAbsolutePath().normalize().toString();
        }
        return MountInfo.containing(MountInfo.readProc(), real, null).map(MountInfo::fsType).orElse("unknown");
    }

    private static long usableBytes(Path existing) {
        try {
            return Files.getFileStore(existing).getUsableSpace();
        } catch (IOException e) {
            throw new LabFailure("cannot read free space of " + existing + ": " + e.getMessage());
        }
    }
}
