package io.durabench.lab;

import io.durabench.env.MountInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Mounts and unmounts the lab's filesystems, and reads what is mounted where from /proc/self/mountinfo. */
final class Mounts {
    /** A benchmark fork killed by the same Ctrl-C may still hold files open for a moment. */
    private static final long BUSY_RETRY_MILLIS = 15_000;

    private final Shell shell;

    Mounts(Shell shell) {
        this.shell = shell;
    }

    /** The mount visible at exactly {@code mountPoint} (the topmost, if several are stacked there). */
    static Optional<MountInfo> at(Path mountPoint) {
        String point = mountPoint.toString();
        MountInfo top = null;
        for (MountInfo m : MountInfo.readProc()) if (m.mountPoint().equals(point)) top = m;
        return Optional.ofNullable(top);
    }

    /** Mounts of {@code source} anywhere (a loop device mounted twice would keep it busy). */
    static List<MountInfo> ofSource(String source) {
        return MountInfo.readProc().stream().filter(m -> m.source().equals(source)).toList();
    }

    void mount(String fsType, String options, String source, Path mountPoint) {
        shell.require(List.of("mount", "-t", fsType, "-o", options, source, mountPoint.toString()));
    }

    /**
     * Unmounts, retrying for a while when the target is busy. Never lazily (umount -l): a lazy
     * unmount hides the mount while its loop device stays in use, which is exactly a leak.
     */
    void unmount(Path mountPoint) {
        long deadline = System.currentTimeMillis() + BUSY_RETRY_MILLIS;
        while (true) {
            Shell.Result r = shell.run(List.of("umount", mountPoint.toString()));
            if (r.ok()) return;
            boolean busy = r.firstErrorLine().contains("busy");
            if (!busy || System.currentTimeMillis() > deadline) {
                throw new LabFailure(r.describeFailure() + (busy ? " (a process still uses it: fuser -vm " + mountPoint + ")" : ""));
            }
            LoopDevices.sleep(200);
        }
    }
}
