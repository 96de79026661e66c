package io.durabench.env;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Captures environment.json (schema {@value #SCHEMA}): where the target directory's data goes
 * (filesystem, block device, loop backing), kernel, CPU, JDK and JMH. Values are read, never
 * invented: what cannot be read is null. Field meanings: docs/environment.md.
 */
public final class EnvironmentProbe {
    public static final String SCHEMA = "durabench-environment/1";

    /** serializeNulls: a missing fact must show as null, not vanish from the file. */
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create();

    private EnvironmentProbe() {
    }

    public static JsonObject capture(Path dir) {
        StorageProbe.Storage storage = new StorageProbe(MountInfo.readProc(),
                new SysfsBlockDevices(SysfsBlockDevices.DEFAULT_ROOT)).probe(dir);
        JsonObject env = new JsonObject();
        env.addProperty("schema", SCHEMA);
        env.addProperty("timestamp", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        env.addProperty("hostname", procLine("/proc/sys/kernel/hostname"));
        env.add("target", storage.filesystem().toJson());
        env.add("device", storage.device() == null ? JsonNull.INSTANCE : storage.device().toJson());
        env.add("kernel", kernel());
        env.add("cpu", cpu());
        env.add("jdk", jdk());
        JsonObject jmh = new JsonObject();
        jmh.addProperty("version", JmhInfo.version());
        jmh.addProperty("blackholeMode", JmhInfo.blackholeMode());
        env.add("jmh", jmh);
        return env;
    }

    public static String toJson(JsonObject env) {
        return GSON.toJson(env);
    }

    /** Pretty-printed, UTF-8, with a trailing newline; creates missing parent directories. */
    public static void write(JsonObject env, Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.writeString(file, toJson(env) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static JsonObject kernel() {
        JsonObject o = new JsonObject();
        o.addProperty("release", procLine("/proc/sys/kernel/osrelease"));
        o.addProperty("version", procLine("/proc/sys/kernel/version"));
        return o;
    }

    private static JsonObject cpu() {
        JsonObject o = new JsonObject();
        o.addProperty("model", cpuModel());
        // What the JVM may use (cgroup/affinity limits included), which is what the benchmarks get.
        o.addProperty("count", Runtime.getRuntime().availableProcessors());
        return o;
    }

    /** The first "model name" of /proc/cpuinfo (x86); null on architectures that do not print one. */
    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equals("model name")) {
                    return line.substring(colon + 1).trim();
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    private static JsonObject jdk() {
        JsonObject o = new JsonObject();
        o.addProperty("vendor", System.getProperty("java.vendor"));
        o.addProperty("version", System.getProperty("java.version"));
        o.addProperty("vmName", System.getProperty("java.vm.name"));
        o.addProperty("vmVersion", System.getProperty("java.vm.version"));
        o.addProperty("home", System.getProperty("java.home"));
        return o;
    }

    private static String procLine(String file) {
        return SysfsBlockDevices.readString(Path.of(file));
    }
}
