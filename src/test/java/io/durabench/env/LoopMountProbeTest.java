package io.durabench.env;

import com.google.gson.JsonObject;
import io.durabench.testing.Requires;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A real ext4 image, loop-mounted: the probe must see through the loop device to the file behind
 * it and to the disk that file is on. Needs root, mkfs.ext4, losetup and mount: without them it is
 * skipped with the reason (see {@link Requires}); on CI, where .ci/run installs them and runs as
 * root, a skip fails the build, so the loop path never goes untested there.
 */
class LoopMountProbeTest {
    private static final Path WORK = Path.of("target", "env-loop-test").toAbsolutePath();

    @Test
    void loopMountedExt4ResolvesToBackingFileAndItsDevice() throws Exception {
        Requires.loopDevices();
        Requires.command("mkfs.ext4", "e2fsprogs");
        Requires.command("mount", "mount");
        Path dir = Files.createDirectories(WORK).resolve("run-" + ProcessHandle.current().pid());
        Path image = dir.resolve("disk.img");
        Path mnt = dir.resolve("mnt");
        Files.createDirectories(mnt);
        String loopDev = null;
        boolean mounted = false;
        try {
            try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
                f.setLength(64L << 20);
            }
            run("mkfs.ext4", "-q", "-F", image.toString());
            loopDev = run("losetup", "--find", "--show", image.toString()).trim();
            run("mount", loopDev, mnt.toString());
            mounted = true;

            JsonObject env = EnvironmentProbe.capture(mnt).toJson();
            JsonObject target = env.getAsJsonObject("target");
            assertEquals("ext4", target.get("filesystem").getAsString());
            assertEquals(mnt.toRealPath().toString(), target.get("mountPoint").getAsString());
            assertEquals(loopDev, target.get("mountSource").getAsString());

            JsonObject device = env.getAsJsonObject("device");
            assertEquals(Path.of(loopDev).getFileName().toString(), device.get("name").getAsString());
            JsonObject loop = device.getAsJsonObject("loop");
            assertEquals(image.toRealPath().toString(), loop.get("backingFile").getAsString());

            // The image lives in target/, so its filesystem and device are the project's own.
            JsonObject project = EnvironmentProbe.capture(dir).toJson();
            JsonObject backingFs = loop.getAsJsonObject("backingFilesystem");
            assertEquals(project.getAsJsonObject("target").get("filesystem"), backingFs.get("filesystem"));
            assertEquals(project.getAsJsonObject("target").get("mountPoint"), backingFs.get("mountPoint"));
            assertFalse(loop.get("backingDevice").isJsonNull(), "backing device not resolved: " + loop);
            assertEquals(project.getAsJsonObject("device").get("name"), loop.getAsJsonObject("backingDevice").get("name"));
            assertEquals(project.getAsJsonObject("target").get("durableStorage"), target.get("durableStorage"));
            assertTrue(target.get("durableStorageReason").getAsString().startsWith("loop device " + device.get("name").getAsString()));
        } finally {
            // Never leave a mount or an attached loop device behind, whatever failed above.
            List<String> cleanupErrors = new ArrayList<>();
            if (mounted) tryRun(cleanupErrors, "umount", mnt.toString());
            if (loopDev != null) tryRun(cleanupErrors, "losetup", "-d", loopDev);
            Files.deleteIfExists(image);
            Files.deleteIfExists(mnt);
            Files.deleteIfExists(dir);
            if (!cleanupErrors.isEmpty()) fail("cleanup failed: " + cleanupErrors);
        }
    }

    private static void tryRun(List<String> errors, String... command) {
        try {
            run(command);
        } catch (Exception | AssertionError e) {
            errors.add(e.getMessage());
        }
    }

    /** Runs a command, returns its stdout; fails with the command, exit code and output otherwise. */
    private static String run(String... command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return fail(command[0] + " is not available (" + e.getMessage() + "): this test needs root with"
                    + " e2fsprogs (mkfs.ext4) and util-linux (losetup, mount, umount)");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return fail(String.join(" ", command) + " did not finish in 60 s");
        }
        if (p.exitValue() != 0) {
            return fail(String.join(" ", command) + " exited " + p.exitValue() + ": " + out.trim()
                    + " (this test needs root with mkfs.ext4, losetup and mount)");
        }
        return out;
    }
}
