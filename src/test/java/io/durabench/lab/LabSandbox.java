package io.durabench.lab;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.env.MountInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import jnr.posix.POSIXFactory;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A private corner of the machine for one lab test: a fresh folder under target/lab-tests holding
 * the lab folder, the mount root and anything the test makes "as a user". Skips the test (with the
 * reason) unless this process is root and can use loop devices and mount. After the test, whatever
 * happened: the lab is torn down, and as a safety net every mount under the folder is unmounted and
 * every loop device backed by a file under it is detached, then the folder is deleted. It touches
 * nothing outside its own folder.
 */
public final class LabSandbox implements BeforeEachCallback, AfterEachCallback {
    private static final Path BASE = Path.of("target", "lab-tests").toAbsolutePath();
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static Boolean canMount;

    private final List<String> requiredPrograms;
    private Path root;

    /** @param requiredPrograms tools the test needs beyond losetup, mount and mkfs.ext4 (the test is skipped without them) */
    public LabSandbox(String... requiredPrograms) {
        this.requiredPrograms = List.of(requiredPrograms);
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        assumeLabCapable(requiredPrograms);
        root = Files.createDirectories(BASE.resolve(context.getRequiredTestMethod().getName() + "-"
                + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet())).toRealPath();
    }

    public static void assumeLabCapable(List<String> extraPrograms) {
        assumeTrue(POSIXFactory.getNativePOSIX().geteuid() == 0, "needs root (losetup, mkfs, mount); CI runs as root");
        assumeTrue(Files.exists(Path.of("/dev/loop-control")), "needs loop devices (/dev/loop-control is missing)");
        Tools tools = Tools.system();
        for (String p : concat(List.of("losetup", "mount", "umount", "mkfs.ext4", "filefrag", "stat"), extraPrograms)) {
            assumeTrue(tools.find(p).isPresent(), "needs " + p + " (" + Tools.missingMessage(p) + ")");
        }
        assumeTrue(canMount(), "root here cannot mount (a container without CAP_SYS_ADMIN?)");
    }

    /** One real tmpfs mount and unmount, once per JVM: the cheapest proof that mounting works. */
    private static synchronized boolean canMount() {
        if (canMount == null) {
            try {
                Path probe = Files.createDirectories(BASE.resolve("mount-probe-" + ProcessHandle.current().pid()));
                Shell shell = LabHost.system().shell();
                canMount = shell.run(List.of("mount", "-t", "tmpfs", "-o", "size=1m", "durabench-probe", probe.toString())).ok()
                        && shell.run(List.of("umount", probe.toString())).ok();
                Files.deleteIfExists(probe);
            } catch (IOException e) {
                canMount = false;
            }
        }
        return canMount;
    }

    public Path root() {
        return root;
    }

    public Path labDir() {
        return root.resolve("lab");
    }

    public Path mountRoot() {
        return root.resolve("mnt");
    }

    public LabConfig config(long sizeMiB) {
        return new LabConfig(labDir(), mountRoot(), sizeMiB);
    }

    /** Runs a tool as the test's "user" (not through the lab) and returns its stdout; fails on a non-zero exit. */
    public String sh(String... command) {
        return LabHost.system().shell().require(List.of(command));
    }

    /** Mounts under the sandbox, deepest first. */
    public List<MountInfo> mountsInside() {
        String prefix = root + "/";
        List<MountInfo> out = new ArrayList<>(MountInfo.readProc().stream().filter(m -> m.mountPoint().startsWith(prefix)).toList());
        out.sort(Comparator.comparingInt((MountInfo m) -> m.mountPoint().length()).reversed());
        return out;
    }

    /** Loop devices whose backing file is under the sandbox. */
    public List<String> loopsInside() {
        String out = sh("losetup", "--list", "--noheadings", "--output", "NAME,BACK-FILE");
        List<String> devices = new ArrayList<>();
        for (String line : out.split("\n")) {
            String[] f = line.strip().split("\\s+", 2);
            if (f.length == 2 && f[1].startsWith(root + "/")) devices.add(f[0]);
        }
        return devices;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (root == null) return;
        List<String> errors = new ArrayList<>();
        try {
            Lab.down(labDir(), true, line -> { }, LabHost.system());
        } catch (RuntimeException e) {
            // the test may have left things the lab refuses to touch; the safety net below handles them
        }
        Shell shell = LabHost.system().shell();
        for (MountInfo m : mountsInside()) {
            Shell.Result r = shell.run(List.of("umount", m.mountPoint()));
            if (!r.ok()) errors.add(r.describeFailure());
        }
        for (String dev : loopsInside()) {
            Shell.Result r = shell.run(List.of("losetup", "--detach", dev));
            if (!r.ok()) errors.add(r.describeFailure());
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            errors.add("cannot delete " + root + ": " + e);
        }
        if (!errors.isEmpty()) throw new UncheckedIOException(new IOException("lab sandbox cleanup failed: " + errors));
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
