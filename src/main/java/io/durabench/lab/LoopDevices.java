package io.durabench.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Attaches lab images to loop devices and finds out, from the kernel, what a loop device is
 * backed by: the lab detaches a device only when its backing file is the lab's own image.
 */
final class LoopDevices {
    private static final Path SYS_BLOCK = Path.of("/sys/block");
    private static final long DETACH_WAIT_MILLIS = 10_000;

    private final Shell shell;

    LoopDevices(Shell shell) {
        this.shell = shell;
    }

    /** Attaches {@code image} with the lab's settings and checks that the kernel applied them. */
    String attach(Path image, LoopSettings settings) {
        String device = shell.require(settings.losetupCommand(image.toString())).strip();
        if (!device.startsWith("/dev/loop")) throw new LabFailure("losetup printed '" + device + "', not a loop device");
        return device;
    }

    /** Fails unless direct I/O and the sector size are what {@code settings} asked for. */
    void verifySettings(String device, LoopSettings settings) {
        String name = name(device);
        String dio = read(SYS_BLOCK.resolve(name).resolve("loop/dio")).orElse("?");
        String sector = read(SYS_BLOCK.resolve(name).resolve("queue/logical_block_size")).orElse("?");
        if (!dio.equals(settings.directIo() ? "1" : "0")) {
            throw new LabFailure(device + ": the kernel did not turn direct I/O " + (settings.directIo() ? "on" : "off")
                    + " (loop/dio is " + dio + "); the lab's flush semantics need it");
        }
        if (!sector.equals(Integer.toString(settings.sectorSize()))) {
            throw new LabFailure(device + ": logical sector size is " + sector + ", not " + settings.sectorSize());
        }
    }

    /** The backing file as the kernel reports it, " (deleted)" removed; empty when the device is detached. */
    Optional<String> backingFile(String device) {
        return read(SYS_BLOCK.resolve(name(device)).resolve("loop/backing_file"))
                .map(f -> f.replaceFirst(" \\(deleted\\)$", ""));
    }

    /** The backing file's inode, from losetup; empty when the device is detached. */
    Optional<Long> backingInode(String device) {
        Shell.Result r = shell.run(List.of("losetup", "--list", "--noheadings", "--output", "BACK-INO", device));
        if (!r.ok() || r.stdout().isBlank()) return Optional.empty();
        try {
            return Optional.of(Long.parseLong(r.stdout().strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** True when {@code device} is attached to exactly this image (path, and inode when known). */
    boolean backs(String device, Path image, Long imageInode) {
        Optional<String> file = backingFile(device);
        if (file.isEmpty() || !Path.of(file.get()).equals(image)) return false;
        return imageInode == null || backingInode(device).map(imageInode::equals).orElse(false);
    }

    /** Every loop device attached to {@code image} (losetup -j matches the file's device and inode). */
    List<String> devicesBackedBy(Path image) {
        if (!Files.exists(image)) return List.of();
        Shell.Result r = shell.run(List.of("losetup", "--list", "--noheadings", "--output", "NAME", "--associated", image.toString()));
        if (!r.ok()) throw new LabFailure(r.describeFailure());
        List<String> devices = new ArrayList<>();
        for (String line : r.stdout().split("\n")) if (!line.isBlank()) devices.add(line.strip());
        return devices;
    }

    /**
     * Detaches {@code device} and waits until the kernel has let go of it (a device still in use
     * is only marked for auto-clear and lets go when its last user does).
     */
    void detach(String device) {
        shell.require(List.of("losetup", "--detach", device));
        long deadline = System.currentTimeMillis() + DETACH_WAIT_MILLIS;
        while (backingFile(device).isPresent()) {
            if (System.currentTimeMillis() > deadline) {
                throw new LabFailure(device + " is still attached " + DETACH_WAIT_MILLIS / 1000 + " s after losetup --detach (still in use?)");
            }
            sleep(50);
        }
    }

    static String name(String device) {
        return Path.of(device).getFileName().toString();
    }

    private static Optional<String> read(Path file) {
        try {
            String s = Files.readString(file).strip();
            return s.isEmpty() ? Optional.empty() : Optional.of(s);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Sleeps without giving up on an interrupt (teardown waits must finish); the interrupt is kept for the caller. */
    static void sleep(long millis) {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        boolean interrupted = false;
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            try {
                Thread.sleep(left / 1_000_000L, (int) (left % 1_000_000L));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
