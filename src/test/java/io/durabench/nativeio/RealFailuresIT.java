package io.durabench.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.child.ChildProcess;
import io.durabench.nativeio.NativeLayer.Kind;
import io.durabench.testing.FfmJvm;
import io.durabench.testing.Requires;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.testing.TestMounts;
import io.durabench.testing.TimingFree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Real failures from the kernel, not injected ones (those sit above the layer), give the same errno and
 * path through both native layers: the same NativeFile calls in Temurin 25 on jnr and on
 * java.lang.foreign ({@link RealFailuresMain}), each JVM with the flags our JVMs get there (so the
 * java.lang.foreign one with sun.misc.Unsafe denied), print the same messages, word for word.
 */
@TimingFree
class RealFailuresIT {
    private static final Duration LIMIT = Duration.ofMinutes(1);

    @Test
    void ebadfAndEinvalAreTheSameThroughBothLayers() throws Exception {
        FfmJvm ffm = FfmJvm.require();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            String d = dir.path().toRealPath().toString();
            List<String> expected = List.of(
                    "EBADF\tpwrite failed: EBADF (Bad file descriptor) on " + d + "/read-only",
                    "EINVAL\tpwrite failed: EINVAL (Invalid argument) on " + d + "/direct");
            assertEquals(expected, failures(ffm, Kind.JNR, "disk", d));
            assertEquals(expected, failures(ffm, Kind.FFM, "disk", d));
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void enospcFromAFullFilesystemIsTheSameThroughBothLayers() throws Exception {
        FfmJvm ffm = FfmJvm.require();
        Requires.root("mounts a tmpfs of 1 MiB to fill");
        Path root = Files.createTempDirectory(Files.createDirectories(Path.of("target", "real-failures-it").toAbsolutePath()), "full-");
        // The tiny filesystem is unmounted when the test ends, failed or not.
        try (TestMounts mounts = new TestMounts()) {
            String d = mounts.tmpfs(root.resolve("tiny"), "1m").toRealPath().toString();
            List<String> expected = List.of(
                    "ENOSPC fallocate\tfallocate failed: ENOSPC (No space left on device) on " + d + "/allocated",
                    "ENOSPC pwrite\tpwrite failed: ENOSPC (No space left on device) on " + d + "/filled");
            assertEquals(expected, failures(ffm, Kind.JNR, "full", d));
            assertEquals(expected, failures(ffm, Kind.FFM, "full", d));
        } finally {
            Files.deleteIfExists(root.resolve("tiny"));
            Files.deleteIfExists(root);
        }
    }

    /** The failure lines of RealFailuresMain on {@code layer}, after checking that the layer asked for is the one that ran. */
    private static List<String> failures(FfmJvm ffm, Kind layer, String kind, String dir) {
        ChildProcess.Exit exit;
        try (ChildProcess p = ChildProcess.start(ffm.child(RealFailuresMain.class, layer, List.of(kind, dir)).command(), "RealFailuresMain on " + layer)) {
            exit = p.await(LIMIT);
        }
        assertEquals(0, exit.code(), exit.describe() + "\n" + String.join("\n", exit.stderr()));
        assertEquals("layer\t" + layer.word(), exit.stdout().get(0), "the layer asked for is the one that ran");
        return exit.stdout().subList(1, exit.stdout().size());
    }
}
