package io.durabench.fleet;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The README's ansible-playbook command against {@link FleetHosts}' inventory, as FleetIT plays it: each play's fleet
 * folder under the test's root, its output in a log file there, and the machine's own Ansible settings kept out.
 */
final class FleetPlays {
    private static final Duration PLAY_TIMEOUT = Duration.ofMinutes(4);

    private final FleetHosts fleet;
    private int plays;

    FleetPlays(FleetHosts fleet) {
        this.fleet = fleet;
    }

    /** A finished play: ansible-playbook's exit status and its output. */
    record Play(int exit, Path logFile) {
        String log() {
            return read(logFile);
        }

        /** The host's line of the PLAY RECAP. */
        String recapOf(String host) {
            String log = log();
            int recap = log.lastIndexOf("PLAY RECAP");
            assertTrue(recap >= 0, "no PLAY RECAP:\n" + log);
            return log.substring(recap).lines().filter(l -> l.startsWith(host + " ")).findFirst()
                    .orElseGet(() -> fail("no recap line for " + host + ":\n" + log));
        }
    }

    /** A play to its end (failing the test after {@link #PLAY_TIMEOUT}), into results/fleet-NAME under the test's root. */
    Play play(String fleetName, List<String> extra) {
        Path log = fleet.root().resolve("play-" + fleetName + "-" + (++plays) + ".log");
        Process p = start(fleetName, extra, log);
        try {
            if (!p.waitFor(PLAY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                fail("ansible-playbook did not finish in " + PLAY_TIMEOUT + ":\n" + read(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted");
        }
        return new Play(p.exitValue(), log);
    }

    /** The README's command, with the fleet folder under the test's root, in a session of its own (setsid): a terminal's Ctrl-C reaches its group. */
    Process start(String fleetName, List<String> extra, Path log) {
        Path root = fleet.root();
        // SIGINT at its default action, as in a terminal (a test run started in the background passes it on ignored).
        List<String> cmd = new ArrayList<>(List.of("setsid", "env", "--default-signal=INT,TERM", "ansible-playbook", "-i", fleet.inventory().toString(), "deploy/ansible/fleet.yml",
                "-e", "fleet_name=" + fleetName, "-e", "fleet_results=" + root.resolve("results")));
        cmd.addAll(extra);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = pb.environment();
        env.put("ANSIBLE_CONFIG", writeAnsibleConfig().toString()); // not the machine's /etc/ansible/ansible.cfg
        env.put("ANSIBLE_SSH_CONTROL_PATH_DIR", root.resolve("cp").toString());
        env.put("ANSIBLE_LOCAL_TEMP", root.resolve("ansible-local").toString());
        env.put("ANSIBLE_NOCOLOR", "1");
        env.remove("ANSIBLE_FORCE_COLOR");
        try {
            return pb.start();
        } catch (IOException e) {
            return fail("cannot start ansible-playbook: " + e.getMessage());
        }
    }

    private Path writeAnsibleConfig() {
        Path cfg = fleet.root().resolve("ansible.cfg");
        try {
            // Pipelining: a module goes to the host on the ssh session's stdin instead of being copied to a remote temp file
            // first, one ssh round trip a task instead of several. The run task turns it off for its pseudo-terminal (run.yml).
            if (!Files.exists(cfg)) {
                Files.writeString(cfg, "[defaults]\nhost_key_checking = True\nretry_files_enabled = False\n[connection]\npipelining = True\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cfg;
    }

    /** A file's text, or a line saying why it cannot be read: a failure message shows it, and JSON read from it fails on it. */
    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }
}
