package io.durabench.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The process that brought a lab up. A pid alone is not an identity (pids are reused, and a
 * reboot starts them over), so the owner is the pid plus the boot it ran in plus its start time
 * (field 22 of /proc/PID/stat, clock ticks since boot): a live process matching all three is the
 * owner; anything else means the owner is gone and its lab may be torn down by anyone.
 */
public record Owner(long pid, String bootId, long startTicks) {
    static final Path BOOT_ID = Path.of("/proc/sys/kernel/random/boot_id");

    /** This JVM. */
    public static Owner current() {
        long pid = ProcessHandle.current().pid();
        return new Owner(pid, currentBootId(), startTicks(pid).orElseThrow(
                () -> new LabFailure("cannot read /proc/" + pid + "/stat (is /proc mounted?)")));
    }

    public boolean isAlive() {
        if (!bootId.equals(currentBootId())) return false; // a reboot ended it (and its mounts and loop devices)
        return startTicks(pid).map(t -> t == startTicks).orElse(false);
    }

    public boolean isCurrentProcess() {
        return equals(current());
    }

    static String currentBootId() {
        try {
            return Files.readString(BOOT_ID).strip();
        } catch (IOException e) {
            throw new LabFailure("cannot read " + BOOT_ID + ": " + e.getMessage());
        }
    }

    /** Field 22 of /proc/PID/stat; empty when no such process exists. */
    static Optional<Long> startTicks(long pid) {
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.of(parseStartTicks(stat));
    }

    /** The command name (field 2) is in parentheses and may hold spaces and ')': fields start after the last ')'. */
    static long parseStartTicks(String stat) {
        String[] rest = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        return Long.parseLong(rest[22 - 3]);
    }
}
