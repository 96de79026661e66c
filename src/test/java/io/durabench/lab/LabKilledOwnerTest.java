package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The owner of a lab is SIGKILLed (no shutdown hook runs): once up, and half-way through `up`.
 * `lab down`, from another process, must tear down exactly what the state file lists. Needs root.
 */
class LabKilledOwnerTest {
    @RegisterExtension
    final LabSandbox sandbox = new LabSandbox();

    private final List<String> progress = new ArrayList<>();

    @Test
    void aKilledOwnersLabIsTornDownFromItsStateFile() throws Exception {
        Process owner = startHolder("ext4,tmpfs", "none", "READY");
        try {
            LabStatus alive = Lab.status(sandbox.labDir(), LabHost.system()).orElseThrow();
            assertTrue(alive.ownerAlive());
            assertEquals(owner.pid(), alive.ownerPid());
            LabRefusal inUse = assertThrows(LabRefusal.class, () -> Lab.down(sandbox.labDir(), false, progress::add, LabHost.system()));
            assertTrue(inUse.getMessage().contains("in use by its owner, pid " + owner.pid()), inUse.getMessage());
            assertEquals(2, sandbox.mountsInside().size(), "refusing must not touch anything");
        } finally {
            owner.destroyForcibly().waitFor(); // SIGKILL: no shutdown hook, no cleanup by the owner
        }
        LabStatus gone = Lab.status(sandbox.labDir(), LabHost.system()).orElseThrow();
        assertFalse(gone.ownerAlive());
        assertTrue(gone.lines().get(0).contains("gone"), gone.lines().get(0));
        assertEquals(2, sandbox.mountsInside().size());

        assertTrue(Lab.down(sandbox.labDir(), false, progress::add, LabHost.system()));
        assertNothingLeft();
    }

    @Test
    void killedHalfWayThroughUpBeforeMountingLeavesNothingAfterDown() throws Exception {
        Process owner = startHolder("ext4", "before-mount", "HANGING");
        owner.destroyForcibly().waitFor();
        LabState s = new StateFile(sandbox.labDir()).read().orElseThrow();
        LabState.Target t = s.targets.get(0);
        assertNotNull(t.loopDevice, "attached and recorded");
        assertTrue(t.mountAttempted && t.createdMountPoint, "the intent to mount was recorded before mount ran");
        assertTrue(Files.isDirectory(Path.of(t.mountPoint)));

        assertTrue(Lab.down(sandbox.labDir(), false, progress::add, LabHost.system()));
        assertNothingLeft();
    }

    @Test
    void aLoopDeviceAttachedButNeverRecordedIsFoundThroughItsImage() throws Exception {
        Process owner = startHolder("ext4", "after-losetup", "HANGING");
        owner.destroyForcibly().waitFor();
        LabState.Target t = new StateFile(sandbox.labDir()).read().orElseThrow().targets.get(0);
        assertNull(t.loopDevice, "killed before the device was recorded");
        assertEquals(1, sandbox.loopsInside().size(), "but it is attached");

        assertTrue(Lab.down(sandbox.labDir(), false, progress::add, LabHost.system()));
        assertNothingLeft();
    }

    /** Ctrl-C (SIGINT) while `up` is in a slow step: the shutdown hook stops `up`, which undoes itself, and the JVM exits clean. */
    @Test
    void ctrlCHalfWayThroughUpLeavesNothing() throws Exception {
        Process owner = startHolder("ext4,tmpfs", "hook-slow-mount", "AT-MOUNT");
        sandbox.sh("kill", "-INT", Long.toString(owner.pid()));
        boolean exited = owner.waitFor(60, TimeUnit.SECONDS);
        if (!exited) owner.destroyForcibly().waitFor(); // never leave it holding mounts after a failure
        assertTrue(exited, "the JVM did not exit after SIGINT");
        assertFalse(new StateFile(sandbox.labDir()).exists(), "the lab's own hook should have removed its state");
        assertNothingLeft();
    }

    /** Starts LabHolder in a new JVM and waits for it to print {@code signal}. */
    private Process startHolder(String variants, String hang, String signal) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // SIGINT and SIGTERM at their default action, as in a terminal: a run started in the background
        // (nohup, `&` in a script) passes them on ignored, and an ignored SIGINT never reaches the hooks.
        Process p = new ProcessBuilder("env", "--default-signal=INT,TERM", java, "-cp", System.getProperty("java.class.path"),
                LabHolder.class.getName(),
                sandbox.labDir().toString(), sandbox.mountRoot().toString(), "64", variants, hang)
                .redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String line;
        while ((line = out.readLine()) != null) {
            seen.add(line);
            if (line.equals(signal)) return p;
            if (System.nanoTime() > deadline) break;
        }
        p.destroyForcibly().waitFor();
        throw new AssertionError("LabHolder did not print " + signal + ": " + seen);
    }

    private void assertNothingLeft() {
        assertEquals(List.of(), sandbox.mountsInside(), "mounts left");
        assertEquals(List.of(), sandbox.loopsInside(), "loop devices left");
        assertFalse(Files.exists(sandbox.labDir()), "lab folder left: " + progress);
        assertFalse(Files.exists(sandbox.mountRoot()), "mount root left");
    }
}
