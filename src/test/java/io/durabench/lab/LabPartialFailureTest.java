package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A step of `up` fails (for real: the injected shell fails one chosen command and runs every other
 * one) or `up` is stopped half-way: everything made so far is undone. Refusals touch nothing.
 * Needs root.
 */
class LabPartialFailureTest {
    @RegisterExtension
    final LabSandbox sandbox = new LabSandbox();

    private final List<String> progress = new ArrayList<>();

    @Test
    void aFailedMountOfTheSecondVariantUndoesTheFirstVariantToo() {
        LabHost host = failing(cmd -> cmd.get(0).equals("mount") && String.join(" ", cmd).contains("/ext4-journal"));
        LabFailure e = assertThrows(LabFailure.class,
                () -> Lab.create(sandbox.config(64), progress::add, host).up(List.of(Variant.EXT4, Variant.EXT4_JOURNAL, Variant.TMPFS)));
        assertTrue(e.getMessage().startsWith("mount -t ext4 -o data=journal"), e.getMessage());
        assertTrue(e.getMessage().endsWith("failed (exit 32): mount: injected failure (lab up undid everything it had made)"), e.getMessage());
        assertTrue(progress.contains("lab: unmounted " + sandbox.mountRoot().resolve("ext4")), progress.toString());
        assertNothingLeft();
    }

    @Test
    void aFailedMkfsUndoesItsImageAndLoopDevice() {
        LabHost host = failing(cmd -> cmd.get(0).equals("mkfs.ext4"));
        LabFailure e = assertThrows(LabFailure.class, () -> Lab.create(sandbox.config(64), progress::add, host).up(List.of(Variant.EXT4)));
        assertTrue(e.getMessage().startsWith("mkfs.ext4 -q -F"), e.getMessage());
        assertTrue(progress.stream().anyMatch(l -> l.startsWith("lab: detached /dev/loop")), progress.toString());
        assertNothingLeft();
    }

    @Test
    void aTeardownDuringUpStopsItAtTheNextStepAndUpUndoesItself() throws Exception {
        CountDownLatch atMount = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Shell real = LabHost.system().shell();
        Shell slowMount = cmd -> {
            if (cmd.get(0).equals("mount")) {
                atMount.countDown();
                await(release);
            }
            return real.run(cmd);
        };
        Lab lab = Lab.create(sandbox.config(64), progress::add, Hosts.withShell(slowMount));
        CompletableFuture<List<LabTarget>> up = new CompletableFuture<>();
        Thread upThread = new Thread(() -> {
            try {
                up.complete(lab.up(List.of(Variant.EXT4, Variant.TMPFS)));
            } catch (Throwable t) {
                up.completeExceptionally(t);
            }
        });
        upThread.start();
        assertTrue(atMount.await(60, TimeUnit.SECONDS));
        Thread downThread = new Thread(lab::down); // what the shutdown hook does on Ctrl-C
        downThread.start();
        // down() raises its flag, then blocks on the lab's lock, which up holds.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (downThread.getState() != Thread.State.BLOCKED && System.nanoTime() < deadline) Thread.sleep(10);
        assertEquals(Thread.State.BLOCKED, downThread.getState());
        release.countDown();
        Throwable failure = assertThrows(Exception.class, up::join).getCause();
        assertTrue(failure instanceof LabFailure && failure.getMessage().startsWith("lab up stopped"), String.valueOf(failure));
        downThread.join(60_000);
        assertFalse(downThread.isAlive());
        assertFalse(progress.stream().anyMatch(l -> l.startsWith("lab: tmpfs")), "tmpfs must not be started: " + progress);
        assertNothingLeft();
    }

    @Test
    void refusalsComeBeforeAnythingIsMade() {
        assumeTrue(Tools.system().find("mkfs.xfs").isPresent(), "needs mkfs.xfs (xfsprogs) to reach the size check");
        LabRefusal small = assertThrows(LabRefusal.class, () -> Lab.create(sandbox.config(64), progress::add).up(List.of(Variant.EXT4, Variant.XFS)));
        assertEquals("xfs needs at least 300 MiB, not 64: pass --size 300 or more", small.getMessage());
        assertFalse(Files.exists(sandbox.labDir()));
        assertFalse(Files.exists(sandbox.mountRoot()));
    }

    @Test
    void aLabFolderOnTmpfsIsRefused() {
        Path shmDir = Path.of("/dev/shm", "durabench-lab-test-" + ProcessHandle.current().pid());
        LabRefusal e = assertThrows(LabRefusal.class,
                () -> Lab.create(new LabConfig(shmDir, sandbox.mountRoot(), 64), progress::add).up(List.of(Variant.EXT4)));
        assertTrue(e.getMessage().contains("is on tmpfs: its images would live in RAM"), e.getMessage());
        assertFalse(Files.exists(shmDir));
    }

    @Test
    void aMissingMkfsIsRefusedWithItsPackageBeforeAnythingIsMade() throws Exception {
        Path bin = Files.createDirectories(sandbox.root().resolve("bin"));
        for (String tool : List.of("losetup", "mount", "umount", "sync", "filefrag", "stat", "mkfs.ext4")) {
            Files.createSymbolicLink(bin.resolve(tool), Tools.system().require(tool));
        }
        LabHost noXfs = Hosts.withTools(new Tools(List.of(bin)), LabHost.system().isRoot());
        LabRefusal e = assertThrows(LabRefusal.class, () -> Lab.create(sandbox.config(512), progress::add, noXfs).up(List.of(Variant.EXT4, Variant.XFS)));
        assertEquals("mkfs.xfs not found: apt-get install -y xfsprogs (durabench lab needs it)", e.getMessage());
        assertFalse(Files.exists(sandbox.labDir()));
    }

    private static LabHost failing(Predicate<List<String>> which) {
        Shell real = LabHost.system().shell();
        return Hosts.withShell(cmd -> which.test(cmd) ? new Shell.Result(cmd, 32, "", "mount: injected failure\n") : real.run(cmd));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void assertNothingLeft() {
        assertEquals(List.of(), sandbox.mountsInside(), "mounts left");
        assertEquals(List.of(), sandbox.loopsInside(), "loop devices left");
        assertFalse(Files.exists(sandbox.labDir()), "lab folder left: " + progress);
        assertFalse(Files.exists(sandbox.mountRoot()), "mount root left");
    }
}
