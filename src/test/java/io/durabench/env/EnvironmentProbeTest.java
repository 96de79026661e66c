package io.durabench.env;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.testing.Commands;
import io.durabench.testing.Requires;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The probe on this machine's real filesystems: the project directory (on a disk here, on overlay in
 * a container: the assertions hold on both), /dev/shm (tmpfs), and an overlay mount made for the test.
 */
class EnvironmentProbeTest {
    private static final Path PROJECT = Path.of("").toAbsolutePath();
    private static JsonObject projectEnv;

    @BeforeAll
    static void captureOnce() {
        projectEnv = EnvironmentProbe.capture(PROJECT, "ffm").toJson(); // once: the blackhole check starts two JVMs
    }

    @Test
    void hasEverySectionOfSchemaOne() {
        assertEquals(Set.of("schema", "timestamp", "hostname", "target", "device", "kernel", "cpu", "jdk", "jmh"),
                projectEnv.keySet());
        assertEquals("durabench-environment/1", projectEnv.get("schema").getAsString());
        assertTrue(projectEnv.get("timestamp").getAsString().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"));
        assertFalse(projectEnv.get("hostname").getAsString().isBlank());
    }

    @Test
    void projectDirectoryIsWhereTheKernelSaysItIs() throws IOException {
        assertProbeAgreesWithTheKernel(PROJECT, projectEnv);
    }

    /**
     * What holds for any directory, on a disk, a loop device, overlay (a container's checkout), NFS or
     * tmpfs: the mount is the kernel's, the device (when there is one) has the flags sysfs shows, and
     * durableStorage follows the probe's rule for the kind of filesystem.
     */
    static void assertProbeAgreesWithTheKernel(Path dir, JsonObject env) throws IOException {
        JsonObject target = env.getAsJsonObject("target");
        assertEquals(dir.toRealPath().toString(), target.get("directory").getAsString());
        MountInfo expected = mountByLinuxRules(dir.toRealPath());
        assertEquals(expected.fsType(), target.get("filesystem").getAsString());
        assertEquals(expected.mountPoint(), target.get("mountPoint").getAsString());
        assertEquals(expected.source(), target.get("mountSource").getAsString());
        String reason = target.get("durableStorageReason").getAsString();

        if (env.get("device").isJsonNull()) {
            // No block device: overlay is judged by its upper layer (null when that is not visible), network
            // and FUSE filesystems are unknown (null), RAM filesystems are not durable.
            switch (expected.fsType()) {
                case "overlay" -> assertTrue(reason.startsWith("overlay"), reason);
                case "tmpfs", "ramfs" -> assertFalse(target.get("durableStorage").getAsBoolean(), reason);
                default -> assertTrue(target.get("durableStorage").isJsonNull(), target.toString());
            }
            return;
        }
        JsonObject device = env.getAsJsonObject("device");
        String name = device.get("name").getAsString();
        assertTrue(Files.isDirectory(Path.of("/sys/block", name)), name);
        assertEquals(Files.readString(Path.of("/sys/block", name, "queue/write_cache")).trim(),
                device.get("writeCache").getAsString());
        assertEquals(Integer.parseInt(Files.readString(Path.of("/sys/block", name, "queue/logical_block_size")).trim()),
                device.get("logicalBlockSize").getAsInt());
        if (device.get("loop").isJsonNull() && !name.startsWith("zram") && !name.startsWith("ram")) {
            assertTrue(target.get("durableStorage").getAsBoolean(), target.toString());
            assertEquals("block device " + name, reason);
        }
    }

    /**
     * A real overlay mount (as a container's checkout sits on): no block device, judged by its upper
     * layer, and the project-directory assertions above hold on it too.
     */
    @Test
    void anOverlayMountIsJudgedByItsUpperLayer() throws Exception {
        Requires.root("mounts an overlay filesystem");
        Requires.filesystem("overlay");
        Path base = Files.createDirectories(Path.of("target", "env-overlay-test").toAbsolutePath()).resolve("run-" + ProcessHandle.current().pid());
        Path lower = Files.createDirectories(base.resolve("lower")), upper = Files.createDirectories(base.resolve("upper"));
        Path work = Files.createDirectories(base.resolve("work")), mnt = Files.createDirectories(base.resolve("mnt"));
        Commands.run("mount", "-t", "overlay", "overlay", "-o", "lowerdir=" + lower + ",upperdir=" + upper + ",workdir=" + work, mnt.toString());
        try {
            JsonObject env = EnvironmentProbe.capture(mnt).toJson();
            JsonObject target = env.getAsJsonObject("target");
            assertEquals("overlay", target.get("filesystem").getAsString());
            assertTrue(env.get("device").isJsonNull(), env.toString());
            JsonObject upperTarget = EnvironmentProbe.capture(upper).toJson().getAsJsonObject("target");
            assertEquals(upperTarget.get("durableStorage"), target.get("durableStorage"));
            assertEquals("overlay: upper layer " + upper + " is on " + upperTarget.get("filesystem").getAsString() + ": "
                    + upperTarget.get("durableStorageReason").getAsString(), target.get("durableStorageReason").getAsString());
            assertProbeAgreesWithTheKernel(mnt, env);
        } finally {
            Commands.run("umount", mnt.toString());
            Commands.deleteTree(base);
        }
    }

    @Test
    void devShmIsTmpfsWithoutDevice() {
        JsonObject env = EnvironmentProbe.capture(Path.of("/dev/shm")).toJson();
        JsonObject target = env.getAsJsonObject("target");
        assertEquals("tmpfs", target.get("filesystem").getAsString());
        assertEquals("/dev/shm", target.get("mountPoint").getAsString());
        assertFalse(target.get("durableStorage").getAsBoolean());
        assertTrue(env.get("device").isJsonNull());
    }

    @Test
    void hostKernelJdkAndJmhAreFilledFromTheirSources() throws IOException {
        assertEquals(Files.readString(Path.of("/proc/sys/kernel/osrelease")).trim(),
                projectEnv.getAsJsonObject("kernel").get("release").getAsString());
        assertEquals(Runtime.getRuntime().availableProcessors(), projectEnv.getAsJsonObject("cpu").get("count").getAsInt());
        JsonObject jdk = projectEnv.getAsJsonObject("jdk");
        assertEquals(System.getProperty("java.version"), jdk.get("version").getAsString());
        assertEquals(System.getProperty("java.home"), jdk.get("home").getAsString());
        assertEquals("ffm", jdk.get("nativeLayer").getAsString(), "the layer the caller names: the probe cannot know which one the forks load");
        assertEquals("ffm", Environment.fromJson(projectEnv).jdk().nativeLayer());
        JsonObject older = projectEnv.deepCopy();
        older.getAsJsonObject("jdk").remove("nativeLayer");
        assertEquals(null, Environment.fromJson(older).jdk().nativeLayer(), "a file from before there were two layers names none");
        JsonObject jmh = projectEnv.getAsJsonObject("jmh");
        assertEquals("1.37", jmh.get("version").getAsString());
        // On HotSpot 17+ JMH 1.37 auto-detects compiler blackholes; "unknown" would mean the reflective call broke.
        String mode = jmh.get("blackholeMode").getAsString();
        assertTrue(mode.startsWith("compiler (auto-detected"), mode);
    }

    @Test
    void writtenTextKeepsNullsAndRoundTripsToTheSameRecord() {
        Environment env = EnvironmentProbe.capture(Path.of("/dev/shm"));
        String text = env.toJsonText();
        assertTrue(text.contains("\"device\": null"), text);
        assertEquals(env.toJson(), JsonParser.parseString(text));
        assertEquals(env, Environment.fromJson(JsonParser.parseString(text).getAsJsonObject()));
        Environment project = EnvironmentProbe.capture(PROJECT);
        assertEquals(project, Environment.fromJson(JsonParser.parseString(project.toJsonText()).getAsJsonObject()));
    }

    @Test
    void aFieldOfTheWrongTypeIsNamed() {
        JsonObject o = JsonParser.parseString("{\"target\": {\"durableStorage\": \"maybe\"}}").getAsJsonObject();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Environment.fromJson(o));
        assertTrue(e.getMessage().contains("durableStorage"), e.getMessage());
    }

    /** The mount for a path as the kernel defines it: same st_dev, longest mount point, last one wins. */
    static MountInfo mountByLinuxRules(Path real) throws IOException {
        long dev = (Long) Files.getAttribute(real, "unix:dev");
        String mm = DeviceNumbers.format(dev);
        List<MountInfo> all = MountInfo.readProc();
        MountInfo best = null;
        for (MountInfo m : all) {
            boolean under = m.mountPoint().equals("/") || real.startsWith(Path.of(m.mountPoint()));
            if (m.majorMinor().equals(mm) && under
                    && (best == null || Path.of(m.mountPoint()).getNameCount() >= Path.of(best.mountPoint()).getNameCount())) {
                best = m;
            }
        }
        assertNotNull(best, "no mount with st_dev " + mm + " above " + real);
        return best;
    }
}
