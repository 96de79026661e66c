package io.durabench.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Fleet folders for tests, built under a temporary folder from the committed runs (nothing of
 * megabytes committed): each host is one target folder of a committed run copied verbatim into
 * FLEET/&lt;host&gt;/&lt;target label&gt;/, with that run's run.json narrowed to the target, and
 * hosts.json lists every host plus the ones that never came back. The one edit to real data: a
 * host may be given a device model (every committed run's disk reports none), so that
 * {@code --group-by device} has something to group.
 *
 * <p>The nine-host fleet: host-a ext4, host-b xfs, host-c btrfs, host-d tmpfs (design-review-quick:
 * 3 forks per cell), host-e ext4 (long-run-quick: 30 forks), host-f ext4 (reference-standard),
 * host-g ext4 (reference-standard-forks), host-h ext4 (slo-quick: 2 forks, a slow, noisy night),
 * host-i ext4 (reference-quick: one fork, an older kernel), and host-x unreachable. Six ext4 hosts
 * make a fleet for the spread rule; the three-host fleet (a, b, d and x) is below it.
 */
public final class FleetFixture {
    /** One host: its inventory name, the committed run and target folder it is a copy of, and a device model (null: as measured). */
    public record HostSpec(String host, String run, String target, String deviceModel) {
    }

    public static final String UNREACHABLE_REASON = "Failed to connect to the host via ssh: ssh: connect to host 10.0.0.9 port 22: "
            + "No route to host";

    public static final List<HostSpec> NINE = List.of(
            new HostSpec("host-a", "design-review-quick", "mnt-durabench-lab-ext4-data", "VD-1000"),
            new HostSpec("host-b", "design-review-quick", "mnt-durabench-lab-xfs-data", "VD-1000"),
            new HostSpec("host-c", "design-review-quick", "mnt-durabench-lab-btrfs-data", "VD-1000"),
            new HostSpec("host-d", "design-review-quick", "mnt-durabench-lab-tmpfs-data", null),
            new HostSpec("host-e", "long-run-quick", "mnt-durabench-lab-ext4-data", "VD-2000"),
            new HostSpec("host-f", "reference-standard", "mnt-durabench-lab-ext4-data", "VD-2000"),
            new HostSpec("host-g", "reference-standard-forks", "mnt-durabench-lab-ext4-data", "VD-2000"),
            new HostSpec("host-h", "slo-quick", "mnt-durabench-lab-ext4-data", "VD-2000"),
            new HostSpec("host-i", "reference-quick", "mnt-durabench-ref-ext4-20036", null));

    public static final List<HostSpec> THREE = List.of(NINE.get(0), NINE.get(1), NINE.get(3));

    private FleetFixture() {
    }

    /** The nine-host fleet and one unreachable host, under {@code parent}/fleet-{@code name}; skipped when the runs are absent. */
    public static Path nine(Path parent) {
        return write(parent, "lab9", NINE, List.of("host-x"));
    }

    /**
     * Two hosts measured alike: compare-aa-long's first two JVM slots (the same JDK 17 on the same ext4,
     * an A/A pair), each copied as a host's only target; for `compare --host`.
     */
    public static Path alike(Path parent) {
        List<HostSpec> hosts = List.of(
                new HostSpec("host-p", "compare-aa-long", "mnt-durabench-lab-ext4-data/jvm1-17.0.15", null),
                new HostSpec("host-q", "compare-aa-long", "mnt-durabench-lab-ext4-data/jvm2-17.0.15", null));
        return write(parent, "alike", hosts, List.of());
    }

    /** host-a (ext4), host-b (xfs), host-d (tmpfs) and host-x unreachable: below the fleet size the spread rule needs. */
    public static Path three(Path parent) {
        return write(parent, "lab3", THREE, List.of("host-x"));
    }

    public static Path write(Path parent, String name, List<HostSpec> hosts, List<String> unreachable) {
        Path fleet = parent.resolve("fleet-" + name);
        JsonArray entries = new JsonArray();
        try {
            for (HostSpec h : hosts) {
                Path from = Path.of("results", h.run(), h.target());
                assumeTrue(Files.isDirectory(from), from + " is not in this checkout");
                // A JVM slot's folder (TARGET/SLOT) becomes the host's target folder: that host measured one JVM.
                String label = Path.of(h.target()).getName(0).toString();
                Path to = fleet.resolve(h.host()).resolve(label);
                copyTree(from, to);
                Files.writeString(fleet.resolve(h.host()).resolve("run.json"), narrowedManifest(Path.of("results", h.run(), "run.json"), label));
                if (h.deviceModel() != null) setDeviceModel(to.resolve("environment.json"), h.deviceModel());
                entries.add(entry(h.host(), "measured", null, 0));
            }
            for (String u : unreachable) entries.add(entry(u, "unreachable", UNREACHABLE_REASON, null));
            JsonObject root = new JsonObject();
            root.addProperty("schema", "durabench-fleet/1");
            root.addProperty("fleet", name);
            root.add("hosts", entries);
            Files.writeString(fleet.resolve("hosts.json"), new GsonBuilder().setPrettyPrinting().create().toJson(root) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return fleet;
    }

    private static JsonObject entry(String host, String status, String reason, Integer exitCode) {
        JsonObject o = new JsonObject();
        o.addProperty("host", host);
        o.addProperty("status", status);
        if (reason != null) o.addProperty("reason", reason);
        o.addProperty("durabenchVersion", "0.1.0-SNAPSHOT");
        if (exitCode != null) o.addProperty("exitCode", exitCode);
        o.addProperty("started", "2026-12-02T10:00:00Z");
        o.addProperty("finished", "2026-12-02T10:20:00Z");
        return o;
    }

    /** The run's manifest with only this target's entries: what that host's own `durabench run` would have written. */
    private static String narrowedManifest(Path runJson, String target) throws IOException {
        JsonObject run = JsonParser.parseString(Files.readString(runJson)).getAsJsonObject();
        run.add("targets", only(run.getAsJsonArray("targets"), "label", target));
        if (run.has("ran")) run.add("ran", only(run.getAsJsonArray("ran"), "target", target));
        return new GsonBuilder().setPrettyPrinting().create().toJson(run) + "\n";
    }

    private static JsonArray only(JsonArray array, String field, String value) {
        JsonArray kept = new JsonArray();
        for (JsonElement e : array) {
            JsonElement v = e.getAsJsonObject().get(field);
            if (v != null && v.isJsonPrimitive() && v.getAsString().equals(value)) kept.add(e);
        }
        return kept;
    }

    /** The flush device's model (the loop device's backing disk where there is one). */
    private static void setDeviceModel(Path environment, String model) throws IOException {
        JsonObject env = JsonParser.parseString(Files.readString(environment)).getAsJsonObject();
        JsonObject device = env.getAsJsonObject("device");
        if (device == null) return;
        JsonElement loop = device.get("loop");
        JsonObject flush = loop != null && loop.isJsonObject() && loop.getAsJsonObject().get("backingDevice") != null
                && loop.getAsJsonObject().get("backingDevice").isJsonObject() ? loop.getAsJsonObject().getAsJsonObject("backingDevice") : device;
        flush.addProperty("model", model);
        Files.writeString(environment, new GsonBuilder().setPrettyPrinting().serializeNulls().create().toJson(env) + "\n");
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
