package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cells;
import io.durabench.child.ChildProcess;
import io.durabench.errno.LinuxErrno;
import io.durabench.nativeio.NativeCallException;
import io.durabench.nativeio.NativeLayer.Kind;
import io.durabench.nativeio.NativeLayers;
import io.durabench.suite.FeasibilityProbe;
import io.durabench.testing.Commands;
import io.durabench.testing.FfmJvm;
import io.durabench.testing.Requires;
import io.durabench.testing.TestMounts;
import io.durabench.testing.TimingFree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * PWRITEV2_DSYNC and the io_uring methods for real on an ext4 of their own (a loop device, unmounted and
 * detached whatever happens): every block reaches the file and the loop counts one io_uring_enter per
 * batch, through this JVM's native layer and through both layers in Temurin 25, word for word alike; and a
 * completion the kernel fails is a failure naming the errno and the path.
 */
@TimingFree
class RingMethodsIT {
    private static final Duration LIMIT = Duration.ofMinutes(2);
    /** What RingRunMain prints on any layer: 100 writes through 64 blocks, a batch of 10 is 11 enters (4 of the 11th batch submitted at the start-over). */
    private static final List<String> EXPECTED = List.of(
            "PWRITEV2_DSYNC 1: writes 100, syncCalls 0, syncedWrites 100, ringEnters 0, recycles 1, file intact",
            "URING_FDATASYNC 1: writes 100, syncCalls 100, syncedWrites 0, ringEnters 100, recycles 1, file intact",
            "URING_FDATASYNC 10: writes 100, syncCalls 11, syncedWrites 0, ringEnters 11, recycles 1, file intact",
            "URING_DSYNC 1: writes 100, syncCalls 0, syncedWrites 100, ringEnters 100, recycles 1, file intact",
            "URING_DSYNC 10: writes 100, syncCalls 0, syncedWrites 100, ringEnters 11, recycles 1, file intact",
            "URING_DIRECT_DSYNC 1: writes 100, syncCalls 0, syncedWrites 100, ringEnters 100, recycles 1, file intact",
            "URING_DIRECT_DSYNC 10: writes 100, syncCalls 0, syncedWrites 100, ringEnters 11, recycles 1, file intact");

    @Test
    void eachMethodRunsOnExt4ThroughThisJvmsLayer() throws Exception {
        onExt4("this-layer", mnt -> {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            java.io.PrintStream was = System.out;
            System.setOut(new java.io.PrintStream(out, true));
            try {
                RingRunMain.main(new String[] {mnt.toString()});
            } catch (Exception e) {
                throw new IllegalStateException(e);
            } finally {
                System.setOut(was);
            }
            List<String> lines = out.toString().lines().toList();
            assertEquals("layer\t" + NativeLayers.currentKind().word(), lines.get(0));
            assertEquals(EXPECTED, lines.subList(1, lines.size()));
        });
    }

    @Test
    void bothLayersMakeTheSameRunsInTemurin25() throws Exception {
        FfmJvm ffm = FfmJvm.require();
        onExt4("both-layers", mnt -> {
            for (Kind layer : Kind.values()) {
                ChildProcess.Exit exit;
                try (ChildProcess p = ChildProcess.start(ffm.child(RingRunMain.class, layer, List.of(mnt.toString())).command(),
                        "RingRunMain on " + layer)) {
                    exit = p.await(LIMIT);
                }
                assertEquals(0, exit.code(), exit.describe() + "\n" + String.join("\n", exit.stderr()));
                assertEquals("layer\t" + layer.word(), exit.stdout().get(0), "the layer asked for is the one that ran");
                assertEquals(EXPECTED, exit.stdout().subList(1, exit.stdout().size()), "on " + layer);
            }
        });
    }

    /**
     * A write the kernel fails inside the ring. The issue asks for a loop device that returns EIO; this
     * kernel has no device-mapper (no dm-error or dm-flakey target to put under the filesystem), so the
     * filesystem itself is made to fail: FS_IOC_SHUTDOWN (xfs_io's shutdown, which ext4 implements) makes
     * every later write on it fail with EIO, as a dead device would after ext4 aborted its journal. The
     * linked fsync behind the failed write completes with ECANCELED; the write's EIO is what is reported.
     * The probe then classes the same cell on that filesystem as failed, never n/a, as a run would.
     */
    @Test
    void aCompletionTheKernelFailsIsAFailureWithItsErrnoAndPath() throws Exception {
        Requires.command("xfs_io", "xfsprogs");
        onExt4("shutdown", mnt -> {
            WorkloadConfig cfg = WorkloadConfig.of(mnt, SyncMethod.URING_FDATASYNC, 8192, 1, Preallocation.NONE);
            DurableWriteLoop loop = DurableWriteLoop.open(NativeLayers.current(), cfg);
            for (int i = 0; i < 5; i++) loop.writeOne();
            Commands.run("xfs_io", "-x", "-c", "shutdown", mnt.toString());
            NativeCallException e = assertThrows(NativeCallException.class, loop::writeOne);
            assertEquals("io_uring write", e.call());
            assertEquals(LinuxErrno.EIO, e.errno(), e.getMessage());
            assertEquals(loop.path().toString(), e.path());
            assertFalse(loop.isOpen(), "the loop failed closed");

            FeasibilityProbe probe = new FeasibilityProbe(NativeLayers.current(), "ext4", true, 4096);
            Optional<FeasibilityProbe.Outcome> o = probe.check(Cells.syncWrite(SyncMethod.URING_FDATASYNC, 8192, 1, Preallocation.NONE)
                    .with(Catalogue.TARGET_DIR, mnt.toString()));
            assertTrue(o.isPresent() && !o.get().unsupported(), "a failure, not n/a: " + o);
            // Creating the probe's file is what fails first there: the JDK's words for EIO.
            assertTrue(o.get().reason().contains("Input/output error") && o.get().reason().contains(mnt.toString()), o.get().reason());
        });
    }

    /** {@code test} on a fresh 256 MiB ext4 on a loop device; unmounted and detached after, failed or not. */
    private static void onExt4(String name, Consumer<Path> test) throws Exception {
        Requires.loopDevices();
        Requires.command("mkfs.ext4", "e2fsprogs");
        Path root = Files.createTempDirectory(Files.createDirectories(Path.of("target", "ring-methods-it").toAbsolutePath()), name + "-");
        try (TestMounts mounts = new TestMounts()) {
            String dev = mounts.loop(mounts.sparseFile(root.resolve("ext4.img"), 256L << 20));
            Commands.run("mkfs.ext4", "-q", "-F", dev);
            test.accept(mounts.mount(dev, root.resolve("mnt"), ""));
        } finally {
            Commands.deleteTree(root);
        }
    }
}
