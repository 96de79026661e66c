package io.durabench.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a test needs from the machine (root, a command, loop devices), checked with JUnit
 * assumptions: where it is missing the test is <em>skipped with the reason and the fix</em>, never
 * failed for the machine's sake and never silently passed. Call it first in the test (or in
 * {@code @BeforeEach} for a whole class; not in {@code @BeforeAll}, whose skip Surefire's report
 * records as a class of zero tests, without the reason):
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

    /**
     * Skips unless strace can trace a child here: installed, and ptrace allowed (Yama's
     * ptrace_scope 3, a container's seccomp profile or a missing CAP_SYS_PTRACE refuse it, as
     * strace then says). Probed once per JVM with the options the witness uses.
     */
    public static void strace() {
        command("strace", "strace");
        if (straceProblem == null) {
            straceProblem = problemOf(List.of("strace", "-f", "-qq", "--seccomp-bpf", "-o", "/dev/null", "true"));
        }
        String problem = straceProblem;
        assumeTrue(problem.isEmpty(), () -> "strace cannot trace a process here (" + problem
                + "): ptrace is refused; run where it is allowed (kernel.yama.ptrace_scope below 3, a container with CAP_SYS_PTRACE)");
    }

    private static volatile String straceProblem;

    /**
     * Skips unless {@code chattr +i} can make a file in {@code dir} immutable: that takes
     * CAP_LINUX_IMMUTABLE (root) and a filesystem that keeps the flag. Probed on a file of its own.
     */
    public static void immutableFiles(Path dir) {
        command("chattr", "e2fsprogs");
        Path probe = dir.resolve("durabench-chattr-probe");
        String problem;
        try {
            Files.writeString(probe, "");
            problem = problemOf(List.of("chattr", "+i", probe.toString()));
            if (problem.isEmpty()) {
                String undo = problemOf(List.of("chattr", "-i", probe.toString()));
                if (!undo.isEmpty()) throw new AssertionError("cannot undo chattr +i on " + probe + ": " + undo);
            }
            Files.delete(probe);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assumeTrue(problem.isEmpty(), () -> "needs chattr +i (an immutable file), which failed here (" + problem
                + "): run the tests as root (CAP_LINUX_IMMUTABLE), as CI does");
    }

    /** Empty when {@code command} exits 0, else its name, exit code and last line of output. */
    static String problemOf(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
            int rc = p.waitFor();
            if (rc == 0) return "";
            String last = out.lines().reduce((a, b) -> b).orElse("");
            return command.get(0) + " exited " + rc + (last.isEmpty() ? "" : ": " + last);
        } catch (IOException e) {
            return command.get(0) + " could not be started: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + command, e);
        }
    }

    /**
     * Skips unless this JVM can put {@code name} in a file name: the JDK encodes file names in the
     * locale's charset (sun.jnu.encoding), which is ASCII under the POSIX locale of a bare login.
     */
    public static void fileName(String name) {
        String charset = System.getProperty("sun.jnu.encoding", "");
        boolean encodable = Charset.isSupported(charset) && Charset.forName(charset).newEncoder().canEncode(name);
        assumeTrue(encodable, () -> "the file name \"" + name + "\" cannot be written in this JVM's file-name charset " + charset
                + " (the locale's): run the tests under a UTF-8 locale, e.g. LANG=C.UTF-8");
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
