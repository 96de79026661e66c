package io.durabench.env;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
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

/** The probe on this machine's real filesystems: the project directory (on a disk) and /dev/shm (tmpfs). */
class EnvironmentProbeTest {
    private static final Path PROJECT = Path.of("").toAbsolutePath();
    private static JsonObject projectEnv;

    @BeforeAll
    static void captureOnce() {
        projectEnv = EnvironmentProbe.capture(PROJECT).toJson(); // once: the blackhole check starts two JVMs
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
    void projectDirectoryIsOnADiskWithReadableQueueFlags() throws IOException {
        JsonObject target = projectEnv.getAsJsonObject("target");
        assertEquals(PROJECT.toRealPath().toString(), target.get("directory").getAsString());
        MountInfo expected = mountByLinuxRules(PROJECT.toRealPath());
        assertEquals(expected.fsType(), target.get("filesystem").getAsString());
        assertEquals(expected.mountPoint(), target.get("mountPoint").getAsString());
        assertEquals(expected.source(), target.get("mountSource").getAsString());
        assertTrue(target.get("durableStorage").getAsBoolean(), target.toString());

        JsonObject device = projectEnv.getAsJsonObject("device");
        assertNotNull(device, "the project directory is expected on a block device here");
        String name = device.get("name").getAsString();
        assertTrue(Files.isDirectory(Path.of("/sys/block", name)), name);
        assertEquals(Files.readString(Path.of("/sys/block", name, "queue/write_cache")).trim(),
                device.get("writeCache").getAsString());
        assertEquals(Integer.parseInt(Files.readString(Path.of("/sys/block", name, "queue/logical_block_size")).trim()),
                device.get("logicalBlockSize").getAsInt());
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
    private static MountInfo mountByLinuxRules(Path real) throws IOException {
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
