package io.durabench.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a test needs from the machine (root, a command, loop devices), checked with JUnit
 * assumptions: where it is missing the test is <em>skipped with the reason and the fix</em>, never
 * failed for the machine's sake and never silently passed. Call it first in the test (or in
 * {@code @BeforeAll}/{@code @BeforeEach} for a whole class):
 * <pre>
 *   Requires.root("mounts a loop device");
 *   Requires.command("mkfs.xfs", "xfsprogs");
 *   Requires.loopDevices();
 * </pre>
 * On CI (root, packages installed by .ci/run) nothing may be skipped: .ci/run fails when a test
 * report shows a skip, naming it, so a skip here is only ever a statement about a developer's machine.
 */
public final class Requires {
    private Requires() {
    }

    /** Skips unless the effective user is root; {@code why} says what the test does with it. */
    public static void root(String why) {
        assumeTrue(isRoot(), () -> "needs root (" + why + "); running as uid " + effectiveUid() + ": run the tests as root, as CI does");
    }

    /** Skips unless {@code command} is an executable on PATH; {@code debianPackage} is what installs it. */
    public static void command(String command, String debianPackage) {
        assumeTrue(onPath(command), () -> command + " is not on PATH: apt-get install -y " + debianPackage);
    }

    /** Skips unless loop devices can be attached here: root, losetup, and /dev/loop-control. */
    public static void loopDevices() {
        root("attaches a loop device");
        command("losetup", "mount");
        assumeTrue(Files.exists(Path.of("/dev/loop-control")),
                "no /dev/loop-control: this kernel or container offers no loop devices (load the loop module, or run privileged)");
    }

    /** Skips unless the kernel offers filesystem {@code type} (listed in /proc/filesystems). */
    public static void filesystem(String type) {
        boolean offered;
        try {
            offered = Files.readAllLines(Path.of("/proc/filesystems")).stream()
                    .anyMatch(line -> line.trim().endsWith("\t" + type) || line.trim().equals(type));
        } catch (IOException e) {
            offered = false;
        }
        assumeTrue(offered, () -> "this kernel offers no " + type + " filesystem (not in /proc/filesystems): modprobe " + type);
    }

    public static boolean isRoot() {
        return effectiveUid() == 0;
    }

    /** The effective uid from /proc/self/status ("Uid: real effective saved fs"); -1 when unreadable. */
    static long effectiveUid() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    List<String> ids = List.of(line.substring(4).trim().split("\\s+"));
                    return Long.parseLong(ids.get(1));
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    public static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) return true;
        }
        return false;
    }
}
