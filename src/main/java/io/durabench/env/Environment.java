package io.durabench.env;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;

/**
 * environment.json as a typed record (schema {@value #SCHEMA}): where the target directory's data
 * goes (filesystem, block device, loop backing), kernel, CPU, JDK and JMH. Written by
 * {@link #toJsonText()} and read back by {@link #fromJson(JsonObject)}, the same code both ways.
 * Values are read from the machine, never invented: what could not be read is null. {@code lab} is
 * set when the target is a filesystem the lab made (a loop image or its tmpfs), null otherwise.
 * Field meanings: docs/environment.md.
 */
public record Environment(String schema, String timestamp, String hostname, TargetFilesystem target, BlockDevice device,
                          Kernel kernel, Cpu cpu, Jdk jdk, Jmh jmh, LabImage lab) {
    public static final String SCHEMA = "durabench-environment/1";

    /** serializeNulls: a missing fact must show as null, not vanish from the file. */
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create();

    public record Kernel(String release, String version) {
    }

    /** {@code count}: processors the JVM may use (cgroup and affinity limits included). */
    public record Cpu(String model, Integer count) {
    }

    /**
     * {@code nativeLayer}: "jnr" or "ffm", the layer durabench called libc through in that JVM; null in files from before there were two.
     * {@code classDataArchive}: the class-data archive JMH's forks started from, or "none"; null where no JMH fork ran (lock-step,
     * {@code durabench env}) and in files from before there was one. It changes what starting a fork costs, not what a cell measures.
     */
    public record Jdk(String vendor, String version, String vmName, String vmVersion, String home, String nativeLayer, String classDataArchive) {
        public Jdk withClassDataArchive(String archive) {
            return new Jdk(vendor, version, vmName, vmVersion, home, nativeLayer, archive);
        }
    }

    public record Jmh(String version, String blackholeMode) {
    }

    /** The same environment, marked as a lab target. */
    public Environment withLab(LabImage image) {
        return new Environment(schema, timestamp, hostname, target, device, kernel, cpu, jdk, jmh, image);
    }

    /** The same environment, its JMH forks started from {@code archive} (a file, or "none"). */
    public Environment withClassDataArchive(String archive) {
        return new Environment(schema, timestamp, hostname, target, device, kernel, cpu, jdk == null ? null : jdk.withClassDataArchive(archive), jmh, lab);
    }

    /** The filesystem type of the target ("ext4", "tmpfs"); null when unknown. */
    public String filesystem() {
        return target == null ? null : target.filesystem();
    }

    /**
     * The filesystem type, with what lies beneath when that decides durability and the type alone
     * does not show it: "ext4 (loop0 over /dev/shm/x.img on tmpfs)"; just "ext4" or "tmpfs" otherwise.
     */
    public String filesystemAndBacking() {
        String chain = device == null ? null : device.loopChain();
        return chain == null ? filesystem() : filesystem() + " (" + chain + ")";
    }

    public String targetDirectory() {
        return target == null ? null : target.directory();
    }

    /** False for tmpfs/ramfs; null when the probe cannot tell. */
    public Boolean durableStorage() {
        return target == null ? null : target.durableStorage();
    }

    public String durableStorageReason() {
        return target == null ? null : target.durableStorageReason();
    }

    /** The device whose cache decides what a flush costs: for a loop device, its backing device; null without one. */
    public BlockDevice flushDevice() {
        if (device == null) return null;
        BlockDevice backing = device.loop() == null ? null : device.loop().backingDevice();
        return backing != null ? backing : device;
    }

    public boolean viaLoopDevice() {
        return device != null && device.loop() != null;
    }

    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("schema", schema);
        o.addProperty("timestamp", timestamp);
        o.addProperty("hostname", hostname);
        o.add("target", target == null ? JsonNull.INSTANCE : target.toJson());
        o.add("device", device == null ? JsonNull.INSTANCE : device.toJson());
        JsonObject k = new JsonObject();
        k.addProperty("release", kernel == null ? null : kernel.release());
        k.addProperty("version", kernel == null ? null : kernel.version());
        o.add("kernel", k);
        JsonObject c = new JsonObject();
        c.addProperty("model", cpu == null ? null : cpu.model());
        c.addProperty("count", cpu == null ? null : cpu.count());
        o.add("cpu", c);
        JsonObject j = new JsonObject();
        j.addProperty("vendor", jdk == null ? null : jdk.vendor());
        j.addProperty("version", jdk == null ? null : jdk.version());
        j.addProperty("vmName", jdk == null ? null : jdk.vmName());
        j.addProperty("vmVersion", jdk == null ? null : jdk.vmVersion());
        j.addProperty("home", jdk == null ? null : jdk.home());
        j.addProperty("nativeLayer", jdk == null ? null : jdk.nativeLayer());
        if (jdk != null && jdk.classDataArchive() != null) j.addProperty("classDataArchive", jdk.classDataArchive());
        o.add("jdk", j);
        JsonObject m = new JsonObject();
        m.addProperty("version", jmh == null ? null : jmh.version());
        m.addProperty("blackholeMode", jmh == null ? null : jmh.blackholeMode());
        o.add("jmh", m);
        if (lab != null) o.add("lab", lab.toJson()); // absent, not null, for targets that are not lab images
        return o;
    }

    /** Pretty-printed JSON, as environment.json holds it. */
    public String toJsonText() {
        return GSON.toJson(toJson());
    }

    /**
     * Reads what {@link #toJson()} wrote. Lenient about what is missing (null), strict about types:
     * a field of the wrong type is an IllegalArgumentException naming it.
     */
    public static Environment fromJson(JsonObject o) {
        JsonObject k = JsonFields.object(o, "kernel"), c = JsonFields.object(o, "cpu");
        JsonObject j = JsonFields.object(o, "jdk"), m = JsonFields.object(o, "jmh");
        return new Environment(JsonFields.string(o, "schema"), JsonFields.string(o, "timestamp"), JsonFields.string(o, "hostname"),
                TargetFilesystem.fromJson(JsonFields.object(o, "target")), BlockDevice.fromJson(JsonFields.object(o, "device")),
                k == null ? null : new Kernel(JsonFields.string(k, "release"), JsonFields.string(k, "version")),
                c == null ? null : new Cpu(JsonFields.string(c, "model"), JsonFields.integer(c, "count")),
                j == null ? null : new Jdk(JsonFields.string(j, "vendor"), JsonFields.string(j, "version"), JsonFields.string(j, "vmName"),
                        JsonFields.string(j, "vmVersion"), JsonFields.string(j, "home"), JsonFields.string(j, "nativeLayer"),
                        JsonFields.string(j, "classDataArchive")),
                m == null ? null : new Jmh(JsonFields.string(m, "version"), JsonFields.string(m, "blackholeMode")),
                LabImage.fromJson(JsonFields.object(o, "lab")));
    }
}
