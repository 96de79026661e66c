package io.durabench.env;

import java.util.ArrayList;
import java.util.List;

/** The environment as the report prints it above each table: one line per fact, in the order a reader checks them. */
public final class EnvironmentFacts {
    private EnvironmentFacts() {
    }

    /** "unknown" where a value could not be read; one line saying so when there is no environment.json. */
    public static List<String> lines(Environment env) {
        List<String> lines = new ArrayList<>();
        if (env == null) {
            lines.add("Environment: unknown (no environment.json beside the JMH file)");
            return lines;
        }
        Environment.Cpu cpu = env.cpu();
        Environment.Jdk jdk = env.jdk();
        Environment.Jmh jmh = env.jmh();
        String mountPoint = env.target() == null ? null : env.target().mountPoint();
        String mountOptions = env.target() == null ? null : env.target().mountOptions();
        lines.add("Host: " + orUnknown(env.hostname()) + ", measured " + orUnknown(env.timestamp()));
        lines.add("CPU: " + orUnknown(cpu == null ? null : cpu.model()) + " (" + orUnknown(cpu == null ? null : cpu.count()) + " CPUs)");
        lines.add("Kernel: " + orUnknown(env.kernel() == null ? null : env.kernel().release()));
        lines.add("Filesystem: " + orUnknown(env.filesystem()) + " at " + orUnknown(env.targetDirectory())
                + " (mount " + orUnknown(mountPoint) + ", options " + orUnknown(mountOptions) + "); stable storage: "
                + (env.durableStorage() == null ? "unknown" : env.durableStorage() ? "yes" : "no"));
        lines.add("Device: " + deviceLine(env));
        // The native layer only where the file names one: files from before there were two layers stay as they were.
        String layer = jdk == null || jdk.nativeLayer() == null ? "" : "; native layer " + jdk.nativeLayer();
        lines.add("JDK: " + orUnknown(jdk == null ? null : jdk.vendor()) + " " + orUnknown(jdk == null ? null : jdk.version())
                + " (" + orUnknown(jdk == null ? null : jdk.vmName()) + ")" + layer);
        lines.add("JMH: " + orUnknown(jmh == null ? null : jmh.version()) + ", blackhole mode " + orUnknown(jmh == null ? null : jmh.blackholeMode()));
        return lines;
    }

    private static String deviceLine(Environment env) {
        BlockDevice device = env.device();
        if (device == null) return "none (no block device behind this filesystem)";
        String line = describe(env.flushDevice());
        if (env.viaLoopDevice()) {
            line = "loop " + orUnknown(device.name()) + " on " + orUnknown(device.loop().backingFile()) + ", backed by " + line;
        }
        return line;
    }

    /** The device in a few words, for headings: "loop0 on vda: write back cache, rotational 1", "no block device". */
    public static String briefDevice(Environment env) {
        if (env == null) return "device unknown";
        BlockDevice device = env.device();
        if (device == null) return "no block device";
        BlockDevice flush = env.flushDevice();
        String brief = orUnknown(flush.name()) + ": " + orUnknown(flush.writeCache()) + " cache, rotational " + orUnknown(flush.rotational());
        return env.viaLoopDevice() ? orUnknown(device.name()) + " on " + brief : brief;
    }

    private static String describe(BlockDevice d) {
        String model = d.model();
        return orUnknown(d.name()) + (model == null ? "" : " (" + model + ")")
                + ", write_cache " + orUnknown(d.writeCache()) + ", fua " + orUnknown(d.fua())
                + ", rotational " + orUnknown(d.rotational());
    }

    /** "unknown" for null or blank. */
    public static String orUnknown(Object s) {
        return s == null || s.toString().isBlank() ? "unknown" : s.toString();
    }
}
