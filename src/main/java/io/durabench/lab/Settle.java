package io.durabench.lab;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Lets freshly made lab filesystems go quiet before anyone measures on them: whatever mounting
 * and mkdir dirtied is committed now (syncfs), and ext4's background thread is given time to
 * finish. With lazy_itable_init=0 it has no inode tables to zero, but since Linux 5.9 it also
 * prefetches every block bitmap after a mount; that is reads only, and quick on a lab-sized
 * image, but it is I/O on the device under test, so the lab waits for the thread to exit.
 */
final class Settle {
    static final String EXT4_LAZYINIT = "ext4lazyinit";
    private static final long LAZYINIT_WAIT_MILLIS = 60_000;

    private Settle() {
    }

    static void settle(List<LabState.Target> targets, Shell shell, Consumer<String> progress) {
        for (LabState.Target t : targets) shell.require(List.of("sync", "-f", t.directory));
        if (targets.stream().anyMatch(t -> t.variant.fsType().equals("ext4"))) waitForExt4LazyInit(progress);
    }

    /**
     * Waits for ext4lazyinit to exit. There is one such thread for every ext4 filesystem on the
     * machine, so if another filesystem keeps it busy past the timeout the lab says so and goes on.
     */
    static void waitForExt4LazyInit(Consumer<String> progress) {
        long start = System.currentTimeMillis();
        boolean announced = false;
        while (kernelThreadRunning(EXT4_LAZYINIT)) {
            long waited = System.currentTimeMillis() - start;
            if (waited > LAZYINIT_WAIT_MILLIS) {
                progress.accept("lab: WARNING: ext4lazyinit is still running after " + LAZYINIT_WAIT_MILLIS / 1000
                        + " s (another ext4 filesystem on this machine is initialising?): its background I/O may disturb measurements");
                return;
            }
            if (!announced && waited > 1000) {
                progress.accept("lab: waiting for ext4lazyinit (ext4's background thread) to finish");
                announced = true;
            }
            LoopDevices.sleep(100);
        }
    }

    /** True when a process (a kernel thread here) named {@code comm} exists. */
    static boolean kernelThreadRunning(String comm) {
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path p : procs) {
                try {
                    if (Files.readString(p.resolve("comm")).strip().equals(comm)) return true;
                } catch (IOException e) {
                    // the process exited while we looked: not running
                }
            }
            return false;
        } catch (IOException e) {
            throw new LabFailure("cannot list /proc: " + e.getMessage());
        }
    }
}
