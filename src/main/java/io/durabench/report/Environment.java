package io.durabench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The facts of environment.json (schema durabench-environment/1) the report needs. Lenient: a
 * missing field reads as null, so an older or partial file still heads the report.
 */
public final class Environment {
    private static final Environment UNKNOWN = new Environment(null);

    private final JsonObject root;

    private Environment(JsonObject root) {
        this.root = root;
    }

    public static Environment of(JsonObject root) {
        return new Environment(root);
    }

    public static Environment unknown() {
        return UNKNOWN;
    }

    public boolean known() {
        return root != null;
    }

    public String targetDirectory() {
        return str(obj(root, "target"), "directory");
    }

    public String filesystem() {
        return str(obj(root, "target"), "filesystem");
    }

    public String jdkVersion() {
        return str(obj(root, "jdk"), "version");
    }

    public String mountOptions() {
        return str(obj(root, "target"), "mountOptions");
    }

    /** False for tmpfs/ramfs; null when the file does not say. */
    public Boolean durableStorage() {
        JsonElement e = field(obj(root, "target"), "durableStorage");
        return e == null ? null : e.getAsBoolean();
    }

    /** Why the probe judged durableStorage as it did (e.g. "tmpfs keeps files in RAM ..."). */
    public String durableStorageReason() {
        return str(obj(root, "target"), "durableStorageReason");
    }

    /** The device whose cache decides what a flush costs: for a loop device, its backing device. */
    public JsonObject flushDevice() {
        JsonObject device = obj(root, "device");
        JsonObject loop = obj(device, "loop");
        JsonObject backing = obj(loop, "backingDevice");
        return backing != null ? backing : device;
    }

    public boolean viaLoopDevice() {
        return obj(obj(root, "device"), "loop") != null;
    }

    public String deviceName() {
        return str(flushDevice(), "name");
    }

    public String writeCache() {
        return str(flushDevice(), "writeCache");
    }

    /** 1 rotational, 0 not, null unknown. */
    public Integer rotational() {
        JsonElement e = field(flushDevice(), "rotational");
        return e == null ? null : e.getAsInt();
    }

    public String fua() {
        return str(flushDevice(), "fua");
    }

    /** One line per fact, in the order a reader checks them; "unknown" when there is no file. */
    public List<String> facts() {
        List<String> lines = new ArrayList<>();
        if (!known()) {
            lines.add("Environment: unknown (no environment.json beside the JMH file)");
            return lines;
        }
        JsonObject cpu = obj(root, "cpu");
        JsonObject kernel = obj(root, "kernel");
        JsonObject jdk = obj(root, "jdk");
        JsonObject jmh = obj(root, "jmh");
        lines.add("Host: " + orUnknown(str(root, "hostname")) + ", measured " + orUnknown(str(root, "timestamp")));
        lines.add("CPU: " + orUnknown(str(cpu, "model")) + " (" + orUnknown(str(cpu, "count")) + " CPUs)");
        lines.add("Kernel: " + orUnknown(str(kernel, "release")));
        lines.add("Filesystem: " + orUnknown(filesystem()) + " at " + orUnknown(targetDirectory())
                + " (mount " + orUnknown(str(obj(root, "target"), "mountPoint")) + ", options "
                + orUnknown(mountOptions()) + "); stable storage: "
                + (durableStorage() == null ? "unknown" : durableStorage() ? "yes" : "no"));
        lines.add("Device: " + deviceLine());
        lines.add("JDK: " + orUnknown(str(jdk, "vendor")) + " " + orUnknown(str(jdk, "version"))
                + " (" + orUnknown(str(jdk, "vmName")) + ")");
        lines.add("JMH: " + orUnknown(str(jmh, "version")) + ", blackhole mode " + orUnknown(str(jmh, "blackholeMode")));
        return lines;
    }

    private String deviceLine() {
        JsonObject device = obj(root, "device");
        if (device == null) return "none (no block device behind this filesystem)";
        JsonObject flush = flushDevice();
        String line = describe(flush);
        if (viaLoopDevice()) {
            line = "loop " + orUnknown(str(device, "name")) + " on " + orUnknown(str(obj(device, "loop"), "backingFile"))
                    + ", backed by " + line;
        }
        return line;
    }

    private static String describe(JsonObject d) {
        String model = str(d, "model");
        return orUnknown(str(d, "name")) + (model == null ? "" : " (" + model + ")")
                + ", write_cache " + orUnknown(str(d, "writeCache")) + ", fua " + orUnknown(str(d, "fua"))
                + ", rotational " + orUnknown(str(d, "rotational"));
    }

    static String orUnknown(String s) {
        return s == null || s.isBlank() ? "unknown" : s;
    }

    private static JsonElement field(JsonObject o, String name) {
        if (o == null) return null;
        JsonElement e = o.get(name);
        return e == null || e.isJsonNull() ? null : e;
    }

    private static JsonObject obj(JsonObject o, String name) {
        JsonElement e = field(o, name);
        return e != null && e.isJsonObject() ? e.getAsJsonObject() : null;
    }

    private static String str(JsonObject o, String name) {
        JsonElement e = field(o, name);
        return e == null || !e.isJsonPrimitive() ? null : e.getAsString();
    }
}
