package io.durabench.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.testing.CliProcess;
import io.durabench.testing.Commands;
import io.durabench.testing.ProcessGroup;
import io.durabench.testing.Requires;
import io.durabench.testing.TimingFree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The fleet playbook (deploy/ansible/fleet.yml) for real: Debian's ansible-playbook against three
 * hosts made here ({@link FleetHosts}, over {@link NamespaceHosts}: a network, mount and UTS namespace and an
 * sshd each), each measuring two SyncWriteCost cells on its own filesystem, ext4 and XFS on loop devices and a
 * tmpfs, mounted by the test. The inventory has the shape of inventory.example; the plays are {@link FleetPlays}. In order:
 * <ol>
 *   <li>the three runs, at the same time, come back into the fleet folder keyed by inventory name,
 *       with hosts.json; `durabench report` reads the folder;</li>
 *   <li>Ctrl-C of the play (SIGINT to its process group) leaves no durabench or JMH java on any host,
 *       each host's run.json says interrupted, and the next play resumes the three runs;</li>
 *   <li>with one host's sshd gone, the other two come back, the third is named unreachable in
 *       hosts.json and the recap, and ansible-playbook exits 4.</li>
 * </ol>
 * Everything (sshds, namespaces, mounts, loop devices, connection masters) is undone after the
 * class, whatever happened. Functional, not a measurement: the cells are ~100 ms.
 */
@TimingFree
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FleetIT {
    private static final List<String> HOSTS = FleetHosts.HOSTS;
    /** The Ctrl-C play's cells last ~5 s each, so the signal lands while JMH measures. */
    private static final List<String> JMH_LONGER = List.of("SyncWriteCost", "-p", "syncMethod=NONE,FDATASYNC", "-p", "preallocation=NONE",
            "-p", "writesPerSync=1", "-f", "1", "-wi", "0", "-i", "10", "-r", "500ms");
    /** Ansible's exit status after Ctrl-C ("User interrupted execution"). */
    private static final int ANSIBLE_INTERRUPTED = 99;

    private FleetHosts hosts;
    private FleetPlays plays;
    private Path root;

    @BeforeEach
    void requirementsAndHosts() {
        Requires.root("makes network namespaces, loop mounts and sshds");
        Requires.loopDevices();
        Requires.command("ansible-playbook", "ansible");
        Requires.command("ssh", "openssh-client");
        Requires.command("ssh-keygen", "openssh-client");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/sshd")), "no /usr/sbin/sshd: apt-get install -y openssh-server");
        Requires.command("ip", "iproute2");
        Requires.command("unshare", "util-linux");
        Requires.command("mkfs.ext4", "e2fsprogs");
        Requires.command("mkfs.xfs", "xfsprogs");
        Requires.filesystem("xfs");
        if (hosts == null) {
            hosts = FleetHosts.create();
            plays = new FleetPlays(hosts);
            root = hosts.root();
        }
    }

    @AfterAll
    void undo() {
        if (hosts != null) hosts.close();
        hosts = null;
    }

    @Test
    @Order(1)
    void threeHostsMeasureAtTheSameTimeAndTheirFoldersComeBackKeyedByInventoryName() throws IOException {
        FleetPlays.Play play = plays.play("it", List.of());
        assertEquals(0, play.exit(), play.log());
        Path fleet = root.resolve("results/fleet-it");
        JsonObject doc = hostsJson(fleet);
        assertEquals("durabench-fleet/1", doc.get("schema").getAsString(), doc.toString());
        assertEquals("it", doc.get("fleet").getAsString());
        Map<String, JsonObject> records = records(doc);
        assertEquals(HOSTS, List.copyOf(records.keySet()), doc.toString());
        String version = durabenchVersion();
        List<Instant> starts = new ArrayList<>();
        List<Instant> ends = new ArrayList<>();
        for (NamespaceHosts.Host host : hosts.all()) {
            JsonObject r = records.get(host.inventoryName);
            assertEquals("measured", r.get("status").getAsString(), r.toString());
            assertEquals(version, r.get("durabenchVersion").getAsString(), r.toString());
            assertEquals(0, r.get("exitCode").getAsInt(), r.toString());
            assertTrue(play.recapOf(host.inventoryName).contains("failed=0") && play.recapOf(host.inventoryName).contains("unreachable=0"), play.log());

            Path folder = fleet.resolve(host.inventoryName);
            JsonObject run = json(folder.resolve("run.json"));
            assertFalse(run.get("finished").isJsonNull(), "run.json of " + host.inventoryName + " finished: " + run);
            starts.add(Instant.parse(run.get("started").getAsString()));
            ends.add(Instant.parse(run.get("finished").getAsString()));
            Path target = onlyTargetFolder(folder);
            assertTrue(Files.isRegularFile(target.resolve("jmh-result.json")), "jmh-result.json in " + target);
            assertTrue(Files.isRegularFile(target.resolve("not-applicable.json")), "not-applicable.json in " + target);
            assertTrue(Files.isRegularFile(folder.resolve("report/report.md")), "the run's own report in " + folder);
            JsonObject env = json(target.resolve("environment.json"));
            // The host's own UTS namespace: its hostname is not its inventory name, and the folder is keyed by the latter.
            assertEquals(host.hostname, env.get("hostname").getAsString(), env.toString());
            JsonObject measuredOn = env.getAsJsonObject("target");
            String fsType = host.inventoryName.replace("-host", "");
            assertEquals(fsType, measuredOn.get("filesystem").getAsString(), host.inventoryName + " measured on its own " + fsType + ": " + measuredOn);
            assertEquals(!fsType.equals("tmpfs"), measuredOn.get("durableStorage").getAsBoolean(), "only the tmpfs is not durable storage: " + measuredOn);
            // Its own /tmp: JMH's lock is the host's, which is how the three measured at once without waiting for each other.
            assertTrue(Files.exists(host.dir.resolve("tmp/jmh.lock")), "JMH took its lock in " + host.inventoryName + "'s own /tmp");
        }
        Instant lastStart = starts.stream().max(Instant::compareTo).orElseThrow();
        Instant firstEnd = ends.stream().min(Instant::compareTo).orElseThrow();
        assertTrue(lastStart.isBefore(firstEnd), "the three runs overlapped in time: started " + starts + ", finished " + ends);

        CliProcess report = CliProcess.start(List.of(), List.of("report", fleet.toString()));
        int rc = report.awaitExit(Duration.ofMinutes(2));
        String out = String.join("\n", report.stdout());
        String words = out.replaceAll("\\s+", " "); // the report wraps at 120 columns
        assertEquals(0, rc, report.transcript());
        for (String fs : List.of("ext4", "xfs", "tmpfs")) {
            assertTrue(words.contains(fs + " " + hosts.target(fs + "-host")), "the report names " + fs + "-host's target: " + out);
        }
        assertTrue(words.contains("tmpfs") && words.contains("no stable storage"), "the report says the tmpfs host's target is not durable: " + out);
        assertTrue(out.startsWith("durabench fleet report"), "the fleet view, not a plain report: " + out);
        for (String host : HOSTS) assertTrue(words.contains(host + " measured"), "the fleet report lists " + host + ": " + out);
        assertTrue(words.contains("3 hosts listed in hosts.json, 3 measured") && !words.contains("unlisted"),
                "the playbook's own .incoming folder is no host: " + out);
        assertTrue(words.contains("[not-durable] tmpfs-host:"), "the tmpfs host is named not durable: " + out);
        System.out.println("FleetIT: the fleet report of " + fleet + ":\n" + out);

        // compare reads the fleet by inventory name; ext4 against XFS is refused unless the difference is allowed.
        CliProcess refused = CliProcess.start(List.of(), List.of("compare", fleet.toString(), "--host", "ext4-host", "--host", "xfs-host"));
        assertEquals(2, refused.awaitExit(Duration.ofMinutes(2)), refused.transcript());
        assertTrue(refused.stderr().contains("filesystem"), "refused naming the filesystem: " + refused.transcript());
        CliProcess compared = CliProcess.start(List.of(), List.of("compare", fleet.toString(), "--host", "ext4-host", "--host", "xfs-host",
                "--allow-different", "filesystem,device,mount-options,write-cache"));
        int crc = compared.awaitExit(Duration.ofMinutes(2));
        assertTrue(crc == 0 || crc == 1, "compare read both hosts (0: nothing counted, 1: a counted change): " + compared.transcript());
        assertTrue(String.join("\n", compared.stdout()).contains("ext4-host"), compared.transcript());
        System.out.println("FleetIT: compare ext4-host xfs-host:\n" + String.join("\n", compared.stdout()));
    }

    @Test
    @Order(2)
    void ctrlCOfThePlayLeavesNoDurabenchOnAnyHostAndTheNextPlayResumesEachRun() throws IOException, InterruptedException {
        Path log = root.resolve("play-it-ctrlc-interrupted.log");
        Process ansible = plays.start("it-ctrlc", List.of("-e", "{\"durabench_jmh_args\": " + FleetHosts.jsonList(JMH_LONGER) + "}"), log);
        ProcessGroup group = new ProcessGroup(ansible.pid());
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            while (!hosts.all().stream().allMatch(h -> !NamespaceHosts.processes(h, "org.openjdk.jmh.runner.ForkedMain").isEmpty())) {
                if (!ansible.isAlive() || System.nanoTime() > deadline) fail("JMH never measured on all three hosts at once:\n" + FleetPlays.read(log));
                Commands.pause(200);
            }
            Commands.pause(1000);
            group.signal("INT"); // what Ctrl-C in the terminal does
            assertTrue(ansible.waitFor(1, TimeUnit.MINUTES), "ansible-playbook ended after Ctrl-C:\n" + FleetPlays.read(log));
            assertEquals(ANSIBLE_INTERRUPTED, ansible.exitValue(), FleetPlays.read(log));
            long gone = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            List<String> left = javaOnHosts();
            while (!left.isEmpty() && System.nanoTime() < gone) {
                Commands.pause(100);
                left = javaOnHosts();
            }
            assertEquals(List.of(), left, "durabench or JMH still running on a host 30 s after Ctrl-C of the play");
        } finally {
            group.killAll();
        }
        for (NamespaceHosts.Host host : hosts.all()) {
            JsonObject run = json(host.seen("/var/tmp/durabench/results/it-ctrlc/run.json"));
            assertTrue(run.get("interrupted").getAsBoolean(), host.inventoryName + "'s run.json says interrupted: " + run);
        }

        FleetPlays.Play resumed = plays.play("it-ctrlc", List.of());
        assertEquals(0, resumed.exit(), resumed.log());
        Map<String, JsonObject> records = records(hostsJson(root.resolve("results/fleet-it-ctrlc")));
        for (String host : HOSTS) {
            JsonObject r = records.get(host);
            assertEquals("measured", r.get("status").getAsString(), r.toString());
            assertTrue(r.get("reason").getAsString().startsWith("resumed"), r.toString());
            assertTrue(resumed.log().contains("Run durabench (resume)"), resumed.log());
            JsonObject run = json(root.resolve("results/fleet-it-ctrlc").resolve(host).resolve("run.json"));
            assertFalse(run.get("finished").isJsonNull(), host + ": " + run);
        }
    }

    @Test
    @Order(3)
    void anUnreachableHostIsNamedInHostsJsonAndTheRecapAndTheOthersComeBack() throws IOException {
        NamespaceHosts.Host gone = hosts.all().get(1);
        hosts.stopSshd(gone);
        FleetPlays.Play play = plays.play("it-unreachable", List.of());
        assertEquals(4, play.exit(), "ansible-playbook exits 4 when a host is unreachable:\n" + play.log());
        String recap = play.recapOf(gone.inventoryName);
        assertTrue(recap.contains("unreachable=1"), "the recap names " + gone.inventoryName + " unreachable: " + recap + "\n" + play.log());
        Path fleet = root.resolve("results/fleet-it-unreachable");
        Map<String, JsonObject> records = records(hostsJson(fleet));
        assertEquals(HOSTS, List.copyOf(records.keySet()));
        for (String host : HOSTS) {
            JsonObject r = records.get(host);
            if (host.equals(gone.inventoryName)) {
                assertEquals("unreachable", r.get("status").getAsString(), r.toString());
                assertTrue(r.get("reason").getAsString().contains(gone.address), "the reason says where it was not reached: " + r);
                assertFalse(Files.exists(fleet.resolve(host)), "no folder for the unreachable host");
            } else {
                assertEquals("measured", r.get("status").getAsString(), r.toString());
                assertTrue(Files.isRegularFile(onlyTargetFolder(fleet.resolve(host)).resolve("jmh-result.json")), host);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------

    private List<String> javaOnHosts() {
        List<String> left = new ArrayList<>();
        for (NamespaceHosts.Host h : hosts.all()) {
            for (String main : List.of("io.durabench.cli.DurabenchMain", "org.openjdk.jmh.runner.ForkedMain")) {
                for (long pid : NamespaceHosts.processes(h, main)) left.add(h.inventoryName + ": " + pid + " " + main);
            }
        }
        return left;
    }

    private static String durabenchVersion() {
        String printed = Commands.run(CliProcess.command(CliProcess.jar(), List.of("--version")).toArray(String[]::new)).strip().lines()
                .findFirst().orElse("");
        assertTrue(printed.startsWith("durabench "), printed);
        return printed.substring("durabench ".length()); // the first line: the others name the JVM that printed it
    }

    private static JsonObject hostsJson(Path fleet) {
        Path file = fleet.resolve("hosts.json");
        assertTrue(Files.isRegularFile(file), "no " + file);
        return json(file);
    }

    private static Map<String, JsonObject> records(JsonObject doc) {
        Map<String, JsonObject> byHost = new LinkedHashMap<>();
        for (JsonElement e : doc.getAsJsonArray("hosts")) {
            JsonObject o = e.getAsJsonObject();
            for (String field : List.of("host", "status", "reason", "durabenchVersion", "exitCode", "started", "finished")) {
                assertTrue(o.has(field), "hosts.json record has " + field + ": " + o);
            }
            byHost.put(o.get("host").getAsString(), o);
        }
        return byHost;
    }

    private static Path onlyTargetFolder(Path hostFolder) {
        try (Stream<Path> s = Files.list(hostFolder)) {
            List<Path> dirs = s.filter(p -> Files.isRegularFile(p.resolve("jmh-result.json"))).toList();
            assertEquals(1, dirs.size(), "one target folder in " + hostFolder + ": " + dirs);
            return dirs.get(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonObject json(Path file) {
        assertNotNull(file);
        return JsonParser.parseString(FleetPlays.read(file)).getAsJsonObject();
    }
}
