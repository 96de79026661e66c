package io.durabench.env;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Captures the {@link Environment} of a target directory: where its data goes (filesystem, block
 * device, loop backing), kernel, CPU, JDK and JMH. Values are read, never invented: what cannot be
 * read is null. Field meanings: docs/environment.md.
 */
public final class EnvironmentProbe {
    private EnvironmentProbe() {
    }

    /** The target's facts only: no native layer is named (for checks that read the target, not for a results folder). */
    public static Environment capture(Path dir) {
        return capture(dir, JvmFacts.current(), null);
    }

    /** The environment of {@code dir} as measured by this JVM on {@code nativeLayer} ("jnr", "ffm"). */
    public static Environment capture(Path dir, String nativeLayer) {
        return capture(dir, JvmFacts.current(), nativeLayer);
    }

    /** The environment of {@code dir} as measured by {@code jvm} on {@code nativeLayer} (its jdk section is that JVM's). */
    public static Environment capture(Path dir, JvmFacts jvm, String nativeLayer) {
        StorageProbe.Storage storage = new StorageProbe(MountInfo.readProc(),
                new SysfsBlockDevices(SysfsBlockDevices.DEFAULT_ROOT)).probe(dir);
        return new Environment(Environment.SCHEMA, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                procLine("/proc/sys/kernel/hostname"), storage.filesystem(), storage.device(),
                new Environment.Kernel(procLine("/proc/sys/kernel/osrelease"), procLine("/proc/sys/kernel/version")),
                // What the JVM may use (cgroup/affinity limits included), which is what the benchmarks get.
                new Environment.Cpu(cpuModel(), Runtime.getRuntime().availableProcessors()),
                jvm.jdk(nativeLayer),
                new Environment.Jmh(JmhInfo.version(), JmhInfo.blackholeMode()), null);
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

    private static String procLine(String file) {
        return SysfsBlockDevices.readString(Path.of(file));
    }
}
