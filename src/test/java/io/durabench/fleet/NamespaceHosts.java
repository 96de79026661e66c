package io.durabench.fleet;

import static org.junit.jupiter.api.Assertions.fail;

import io.durabench.testing.Commands;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Hosts for a fleet test on one machine: each a network namespace of its own ({@code ip netns}, one
 * veth pair, 10.201.N.2 inside and 10.201.N.1 outside, a /24 of its own: the hosts cannot reach each
 * other or anything else, and the controller reaches only them), with an sshd started with a config,
 * a host key and an authorized key made here (never the machine's sshd or keys).
 *
 * <p>A network namespace alone shares the filesystem, /tmp and the hostname with the machine. So the
 * sshd runs in a mount and UTS namespace of its own too ({@code unshare --mount --uts}, propagation
 * private), which every session inherits: its own hostname, and per-host folders bound over /tmp
 * (JMH's lock file /tmp/jmh.lock, java.io.tmpdir, hsperfdata), /var/tmp (durabench's remote folder)
 * and /root (Ansible's remote temp), and a tmpfs over /run (sshd's privilege-separation directory,
 * made there and not on the machine). Three hosts therefore run three JMHs at the same time without
 * waiting for each other's lock, and nothing a host writes outside its targets lands in the machine's
 * folders. The targets are mounted before the sshd starts, so the host's mount namespace has them.
 *
 * <p>Closing kills every process in each namespace (the sshd and whatever a session left), deletes
 * the namespaces (their veth pairs go with them) and kills the controller's ssh connection masters
 * the test's Ansible left (found by their control folder, which only this test uses). It is
 * idempotent and also runs first, for names a killed earlier run may have left.
 */
final class NamespaceHosts implements AutoCloseable {
    static final String NAME_PREFIX = "dbfleet";
    private static final int FIRST_SUBNET = 201;

    /** One host: its inventory name, namespace, address, hostname, folder and the sshd's process. */
    static final class Host {
        final String inventoryName;
        final String namespace;
        final String address;
        final String hostname;
        final Path dir;
        Process sshd;

        Host(String inventoryName, int index, Path dir) {
            this.inventoryName = inventoryName;
            this.namespace = NAME_PREFIX + index;
            this.address = "10.201." + index + ".2";
            this.hostname = "fleet-it-node" + index;
            this.dir = dir;
        }

        /** A path the host sees at {@code hostPath} (under /var/tmp, /tmp or /root), as the controller sees it. */
        Path seen(String hostPath) {
            for (String[] bind : BINDS) {
                if (hostPath.equals(bind[1]) || hostPath.startsWith(bind[1] + "/")) {
                    return dir.resolve(bind[0]).resolve(hostPath.substring(bind[1].length()).replaceFirst("^/", ""));
                }
            }
            return Path.of(hostPath);
        }
    }

    /** Per-host folder bound over a path of the machine's, in the host's mount namespace. /tmp last: the others' sources may lie under it. */
    private static final String[][] BINDS = {{"var-tmp", "/var/tmp"}, {"root-home", "/root"}, {"tmp", "/tmp"}};

    /** True when a host could not see {@code p}: it lies under a path each host has its own of (the binds, and /run's tmpfs). */
    static boolean shadowed(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        for (String[] bind : BINDS) if (abs.startsWith(bind[1])) return true;
        return abs.startsWith("/run");
    }

    private final Path root;
    private final List<Host> hosts = new ArrayList<>();
    private final Path clientKey;
    private final Path knownHosts;

    private NamespaceHosts(Path root) {
        this.root = root;
        this.clientKey = root.resolve("client_key");
        this.knownHosts = root.resolve("known_hosts");
    }

    /** Makes the hosts (namespaces, keys, sshd configs) without starting their sshd. */
    static NamespaceHosts create(Path root, List<String> inventoryNames) {
        removeLeftovers(inventoryNames.size());
        NamespaceHosts h = new NamespaceHosts(root);
        try {
            Commands.run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "durabench-fleet-it", "-f", h.clientKey.toString());
            StringBuilder known = new StringBuilder();
            for (int i = 0; i < inventoryNames.size(); i++) {
                Host host = new Host(inventoryNames.get(i), i + 1, root.resolve("host-" + inventoryNames.get(i)));
                h.hosts.add(host);
                h.prepare(host);
                known.append(host.address).append(' ').append(publicKey(host.dir.resolve("etc/host_key.pub"))).append('\n');
            }
            Files.writeString(h.knownHosts, known);
            for (Host host : h.hosts) h.network(host);
        } catch (IOException e) {
            h.close();
            throw new UncheckedIOException(e);
        } catch (RuntimeException | AssertionError e) {
            h.close();
            throw e;
        }
        return h;
    }

    List<Host> hosts() {
        return List.copyOf(hosts);
    }

    Path clientKey() {
        return clientKey;
    }

    Path knownHosts() {
        return knownHosts;
    }

    private void prepare(Host host) throws IOException {
        for (String[] bind : BINDS) Files.createDirectories(host.dir.resolve(bind[0]));
        Files.setPosixFilePermissions(host.dir.resolve("tmp"), PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setPosixFilePermissions(host.dir.resolve("var-tmp"), PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setPosixFilePermissions(host.dir.resolve("root-home"), PosixFilePermissions.fromString("rwx------"));
        Path etc = Files.createDirectories(host.dir.resolve("etc"));
        Commands.run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", host.inventoryName, "-f", etc.resolve("host_key").toString());
        Files.copy(clientKey.resolveSibling("client_key.pub"), etc.resolve("authorized_keys"));
        Files.writeString(etc.resolve("sshd_config"), String.join("\n",
                "ListenAddress " + host.address + ":22",
                "HostKey " + etc.resolve("host_key"),
                "PidFile none",
                "AuthorizedKeysFile " + etc.resolve("authorized_keys"),
                "PermitRootLogin prohibit-password",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "UsePAM no",
                "StrictModes no",
                "Subsystem sftp internal-sftp",
                "PrintMotd no",
                "LogLevel ERROR",
                ""));
    }

    private void network(Host host) {
        String outside = host.namespace + "r";
        String inside = host.namespace + "h";
        String subnet = host.address.substring(0, host.address.lastIndexOf('.'));
        Commands.run("ip", "netns", "add", host.namespace);
        Commands.run("ip", "link", "add", outside, "type", "veth", "peer", "name", inside);
        Commands.run("ip", "link", "set", inside, "netns", host.namespace);
        Commands.run("ip", "addr", "add", subnet + ".1/24", "dev", outside);
        Commands.run("ip", "link", "set", outside, "up");
        Commands.run("ip", "netns", "exec", host.namespace, "ip", "addr", "add", host.address + "/24", "dev", inside);
        Commands.run("ip", "netns", "exec", host.namespace, "ip", "link", "set", inside, "up");
        Commands.run("ip", "netns", "exec", host.namespace, "ip", "link", "set", "lo", "up");
    }

    /** Starts every host's sshd (after the targets are mounted) and waits until each accepts connections. */
    void startAll() {
        for (Host host : hosts) startSshd(host);
        for (Host host : hosts) awaitPort(host);
    }

    private void startSshd(Host host) {
        StringBuilder script = new StringBuilder("set -e; hostname " + host.hostname + "; mount -t tmpfs -o size=16m,mode=755 fleet-it-run /run; mkdir -m 755 /run/sshd; ");
        for (String[] bind : BINDS) script.append("mount --bind ").append(host.dir.resolve(bind[0])).append(' ').append(bind[1]).append("; ");
        script.append("exec /usr/sbin/sshd -D -e -f ").append(host.dir.resolve("etc/sshd_config"));
        try {
            host.sshd = new ProcessBuilder("ip", "netns", "exec", host.namespace, "unshare", "--mount", "--uts", "--propagation", "private",
                    "sh", "-c", script.toString())
                    .redirectErrorStream(true).redirectOutput(host.dir.resolve("sshd.log").toFile()).start();
        } catch (IOException e) {
            fail("cannot start the sshd of " + host.inventoryName + ": " + e.getMessage());
        }
    }

    private static void awaitPort(Host host) {
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (!host.sshd.isAlive()) fail("the sshd of " + host.inventoryName + " exited " + host.sshd.exitValue() + ": " + read(host.dir.resolve("sshd.log")));
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host.address, 22), 500);
                return;
            } catch (IOException notYet) {
                Commands.pause(100);
            }
        }
        fail("the sshd of " + host.inventoryName + " does not accept connections on " + host.address + ":22: " + read(host.dir.resolve("sshd.log")));
    }

    /** Ends a host's sshd and every session it has: the host is unreachable from now on. */
    void stopSshd(Host host) {
        killAll(host.namespace);
    }

    /** The pids of the processes running in {@code host}'s network namespace whose command line contains {@code fragment}. */
    static List<Long> processes(Host host, String fragment) {
        List<Long> found = new ArrayList<>();
        for (long pid : pids(host.namespace)) {
            if (commandLine(pid).contains(fragment)) found.add(pid);
        }
        return found;
    }

    @Override
    public void close() {
        List<String> problems = new ArrayList<>();
        for (Host host : hosts) {
            killAll(host.namespace);
            if (host.sshd != null) host.sshd.destroyForcibly();
        }
        killConnectionMasters(root, problems);
        for (Host host : hosts) deleteNamespace(host.namespace, problems);
        if (!problems.isEmpty()) throw new AssertionError("clean-up of the fleet test's hosts failed: " + String.join("; ", problems));
    }

    /** Namespaces with this test's names left by a run that was killed before its clean-up: theirs, so removed. */
    private static void removeLeftovers(int count) {
        List<String> problems = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            String ns = NAME_PREFIX + i;
            if (Files.exists(Path.of("/run/netns", ns))) {
                killAll(ns);
                deleteNamespace(ns, problems);
            }
        }
        if (!problems.isEmpty()) fail("cannot remove a fleet test namespace an earlier run left: " + problems);
    }

    private static void deleteNamespace(String ns, List<String> problems) {
        if (Files.exists(Path.of("/run/netns", ns))) {
            String p = Commands.problemRunning("ip", "netns", "del", ns);
            if (!p.isEmpty()) problems.add(p);
        }
        // The veth's outside end goes with the namespace, a moment after `ip netns del` returns; one whose
        // peer never got into the namespace (a set-up cut short) stays, and is deleted.
        Path outside = Path.of("/sys/class/net", ns + "r");
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (Files.exists(outside) && System.nanoTime() < deadline) Commands.pause(100);
        if (Files.exists(outside)) {
            String p = Commands.problemRunning("ip", "link", "del", ns + "r");
            if (!p.isEmpty() && Files.exists(outside)) problems.add(p);
        }
        if (Files.exists(outside)) problems.add("network interface " + ns + "r is still there");
    }

    /** SIGKILL to every process in the namespace, until none is left (10 s at most). */
    private static void killAll(String ns) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        List<Long> left = pids(ns);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            for (long pid : left) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            Commands.pause(100);
            left = pids(ns);
        }
    }

    /** ssh's ControlPersist masters outlive ansible-playbook by a minute: the ones whose control folder is under {@code root} are this test's. */
    static void killConnectionMasters(Path root, List<String> problems) {
        String marker = root.toString() + "/";
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.toList()) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) continue;
                long pid = Long.parseLong(name);
                String cmd = commandLine(pid);
                if (cmd.startsWith("ssh") && cmd.contains(marker)) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        } catch (IOException e) {
            problems.add("cannot list /proc: " + e.getMessage());
        }
    }

    /** The processes in a network namespace: those whose /proc/PID/ns/net is the namespace's (what `ip netns pids` reads). */
    private static List<Long> pids(String ns) {
        if (!Files.exists(Path.of("/run/netns", ns))) return List.of();
        String out;
        try {
            Process p = new ProcessBuilder("ip", "netns", "pids", ns).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
        } catch (IOException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
        List<Long> pids = new ArrayList<>();
        for (String line : out.split("\\s+")) if (!line.isBlank()) pids.add(Long.parseLong(line.strip()));
        return pids;
    }

    static String commandLine(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    private static String publicKey(Path pub) throws IOException {
        String[] parts = Files.readString(pub).strip().split(" ");
        return parts[0] + " " + parts[1];
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
