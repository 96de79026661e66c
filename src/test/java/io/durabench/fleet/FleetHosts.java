package io.durabench.fleet;

import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonArray;
import io.durabench.testing.Commands;
import io.durabench.testing.TestMounts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * FleetIT's three hosts and what they measure on: ext4 and XFS on loop devices and a tmpfs, mounted here, one per host
 * ({@link NamespaceHosts}: a network, mount and UTS namespace and an sshd each), and the inventory naming them, in the
 * shape of deploy/ansible/inventory.example. {@link #close} undoes all of it and fails naming whatever it could not.
 */
final class FleetHosts implements AutoCloseable {
    /** Where the test works when the checkout lies under a path the hosts have their own of. */
    private static final Path OUTSIDE_SHADOWED = Path.of("/var/lib/durabench-fleet-it");
    static final List<String> HOSTS = List.of("ext4-host", "xfs-host", "tmpfs-host");
    /** The inventory's JMH options: two cells of ~100 ms, functional, not a measurement. */
    private static final List<String> JMH = List.of("SyncWriteCost", "-p", "syncMethod=NONE,FDATASYNC", "-p", "preallocation=NONE",
            "-p", "writesPerSync=1", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms");

    private final Path root;
    private TestMounts mounts;
    private NamespaceHosts hosts;
    private Path inventory;
    private final Map<String, Path> targets = new LinkedHashMap<>();

    private FleetHosts(Path root) {
        this.root = root;
    }

    /** The targets mounted, the hosts' sshds started and the inventory written; whatever was made is undone if a step fails. */
    static FleetHosts create() {
        FleetHosts fleet;
        try {
            // Inside a host, /tmp, /var/tmp, /root and /run are that host's own: a checkout under one of them (a CI
            // clone in /tmp) would hide the sshd's config and the targets from the hosts, so the test works elsewhere then.
            Path inTarget = Path.of("target", "fleet-it").toAbsolutePath();
            Path base = Files.createDirectories(NamespaceHosts.shadowed(inTarget) ? OUTSIDE_SHADOWED : inTarget);
            fleet = new FleetHosts(Files.createTempDirectory(base, "run-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            fleet.start();
        } catch (RuntimeException | Error e) {
            fleet.close();
            throw e;
        }
        return fleet;
    }

    private void start() {
        mounts = new TestMounts();
        targets.put("ext4-host", data(mounts.mount(loop("ext4.img", 512, "mkfs.ext4", "-q"), root.resolve("lab-ext4"), "")));
        targets.put("xfs-host", data(mounts.mount(loop("xfs.img", 512, "mkfs.xfs", "-q"), root.resolve("lab-xfs"), "")));
        targets.put("tmpfs-host", data(mounts.tmpfs(root.resolve("lab-tmpfs"), "256m")));
        hosts = NamespaceHosts.create(root, HOSTS);
        hosts.startAll();
        inventory = writeInventory();
    }

    /** The test's folder: the images, the hosts' folders, the plays' logs and the fleet folders under results/. */
    Path root() {
        return root;
    }

    /** The hosts in inventory order: ext4, XFS, tmpfs. */
    List<NamespaceHosts.Host> all() {
        return hosts.hosts();
    }

    void stopSshd(NamespaceHosts.Host host) {
        hosts.stopSshd(host);
    }

    Path inventory() {
        return inventory;
    }

    /** The directory the host measures in (its durabench_dirs). */
    Path target(String inventoryName) {
        return targets.get(inventoryName);
    }

    @Override
    public void close() {
        List<String> problems = new ArrayList<>();
        try {
            if (hosts != null) hosts.close();
        } catch (AssertionError e) {
            problems.add(e.getMessage());
        }
        hosts = null;
        try {
            if (mounts != null) mounts.close();
        } catch (AssertionError e) {
            problems.add(e.getMessage());
        }
        mounts = null;
        for (String img : List.of("ext4.img", "xfs.img")) root.resolve(img).toFile().delete();
        // The hosts' copies of the jar (10 MB each); their logs, results and hosts.json stay for a look after a failure.
        for (String host : HOSTS) Commands.deleteTree(root.resolve("host-" + host).resolve("var-tmp/durabench/target"));
        NamespaceHosts.killConnectionMasters(root, problems);
        for (int i = 1; i <= HOSTS.size(); i++) {
            if (Files.exists(Path.of("/run/netns", NamespaceHosts.NAME_PREFIX + i))) problems.add("namespace " + NamespaceHosts.NAME_PREFIX + i + " is still there");
        }
        String losetup = Commands.problemRunning("losetup", "-a").isEmpty() ? Commands.run("losetup", "-a") : "";
        if (losetup.contains(root.toString())) problems.add("loop devices still attached: " + losetup);
        String findmnt = Commands.run("findmnt", "-rn", "-o", "TARGET");
        if (findmnt.contains(root.toString())) problems.add("still mounted: " + findmnt);
        // Outside the checkout nothing is kept for a look: the run's folder goes once nothing is mounted in it.
        if (root.startsWith(OUTSIDE_SHADOWED) && problems.isEmpty()) {
            Commands.deleteTree(root);
            root.getParent().toFile().delete();
        }
        if (!problems.isEmpty()) fail(String.join("; ", problems));
    }

    /** The inventory, in the shape of deploy/ansible/inventory.example: hosts in groups, a target each, settings per group. */
    private Path writeInventory() {
        NamespaceHosts.Host ext4 = hosts.hosts().get(0);
        NamespaceHosts.Host xfs = hosts.hosts().get(1);
        NamespaceHosts.Host tmpfs = hosts.hosts().get(2);
        String text = String.join("\n",
                "# Written by FleetIT, in the shape of deploy/ansible/inventory.example.",
                "[disks]",
                line(ext4), line(xfs),
                "",
                "[memory]",
                line(tmpfs),
                "",
                "[all:vars]",
                "ansible_user=root",
                "ansible_ssh_private_key_file=" + hosts.clientKey(),
                "ansible_ssh_common_args='-o UserKnownHostsFile=" + hosts.knownHosts() + " -o StrictHostKeyChecking=yes -o ConnectTimeout=5'",
                "ansible_python_interpreter=/usr/bin/python3",
                "durabench_profile=quick",
                "durabench_min_free_mb=32",
                "durabench_jmh_args=" + jsonList(JMH),
                "");
        Path file = root.resolve("inventory");
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    private String line(NamespaceHosts.Host host) {
        return host.inventoryName + " ansible_host=" + host.address + " durabench_dirs='[\"" + targets.get(host.inventoryName) + "\"]'";
    }

    /** A list as the JSON an inventory variable or an extra var (-e) holds. */
    static String jsonList(List<String> words) {
        JsonArray a = new JsonArray();
        words.forEach(a::add);
        return a.toString();
    }

    private String loop(String image, long mib, String... mkfs) {
        String dev = mounts.loop(mounts.sparseFile(root.resolve(image), mib << 20));
        List<String> cmd = new ArrayList<>(List.of(mkfs));
        cmd.add(dev);
        Commands.run(cmd.toArray(String[]::new));
        return dev;
    }

    private static Path data(Path mountPoint) {
        try {
            return Files.createDirectories(mountPoint.resolve("data"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
