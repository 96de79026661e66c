package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.env.JsonFields;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A fleet's folder, as the Ansible playbook writes it (docs/fleet.md):
 * <pre>
 * results/fleet-&lt;name&gt;/hosts.json   {"schema":"durabench-fleet/1","fleet":NAME,"hosts":[{"host","status","reason",...}]}
 * results/fleet-&lt;name&gt;/&lt;host&gt;/      that host's `durabench run --out` folder, verbatim
 * </pre>
 * A host is its inventory name, which is its folder's name; the hostname in environment.json is not
 * used to tell hosts apart (clones of one image share it). hosts.json says what became of every host
 * of the inventory, so a host that was unreachable or whose run failed is named, never silently
 * missing; a host folder that hosts.json does not list is still read, as status "unlisted".
 */
public final class FleetFolder {
    public static final String HOSTS = "hosts.json";
    public static final SchemaVersion SCHEMA = new SchemaVersion("durabench-fleet", 1);

    private FleetFolder() {
    }

    /** What became of one host of the inventory. Only {@code status}'s "measured" promises results. */
    public record Host(String host, String status, String reason, String durabenchVersion, Integer exitCode, String started,
                       String finished) {
        public static final String MEASURED = "measured";

        public boolean measured() {
            return MEASURED.equals(status);
        }
    }

    /** A fleet: its name, its folder, and every host hosts.json lists (then any unlisted host folder). */
    public record Fleet(String name, Path dir, List<Host> hosts) {
        public Fleet {
            hosts = List.copyOf(hosts);
        }

        /** The hosts that did not come back measured: unreachable, failed, skipped. */
        public List<Host> notMeasured() {
            return hosts.stream().filter(h -> !h.measured()).toList();
        }
    }

    /** True when {@code dir} is a fleet's folder: it holds hosts.json. */
    public static boolean isFleet(Path dir) {
        return Files.isDirectory(dir) && Files.exists(dir.resolve(HOSTS), LinkOption.NOFOLLOW_LINKS);
    }

    public static Fleet read(Path dir) {
        Path file = dir.resolve(HOSTS);
        JsonElement root = JsonFiles.parse(file, "a fleet's hosts.json");
        if (!root.isJsonObject() || !root.getAsJsonObject().has("hosts") || !root.getAsJsonObject().get("hosts").isJsonArray()) {
            throw new ResultsFileException(file + ": not a fleet's hosts.json (expected an object with a \"hosts\" array); "
                    + "let the playbook write it again, or move it away to read the host folders as runs");
        }
        JsonObject o = root.getAsJsonObject();
        try {
            SCHEMA.check(file, JsonFields.string(o, "schema"));
            String name = JsonFields.string(o, "fleet");
            List<Host> hosts = new ArrayList<>();
            Set<String> listed = new LinkedHashSet<>();
            JsonArray array = o.getAsJsonArray("hosts");
            for (JsonElement e : array) {
                if (!e.isJsonObject()) throw new IllegalArgumentException("a host entry is " + JsonFields.shown(e) + ", not an object");
                Host h = host(e.getAsJsonObject());
                if (!listed.add(h.host())) throw new IllegalArgumentException("host " + h.host() + " is listed twice");
                hosts.add(h);
            }
            for (Path folder : hostFolders(dir)) {
                String host = String.valueOf(folder.getFileName());
                if (!listed.contains(host)) hosts.add(new Host(host, "unlisted", "a folder that " + HOSTS + " does not list", null, null,
                        null, null));
            }
            return new Fleet(name == null ? String.valueOf(dir.toAbsolutePath().normalize().getFileName()) : name, dir, hosts);
        } catch (IllegalArgumentException e) {
            if (e instanceof ResultsFileException r) throw r;
            throw new ResultsFileException(file + ": malformed fleet file (" + e.getMessage() + "); let the playbook write it again");
        }
    }

    private static Host host(JsonObject h) {
        String name = JsonFields.string(h, "host");
        if (name == null || name.isBlank() || name.contains("/") || name.startsWith(".")) {
            throw new IllegalArgumentException("a host without a usable name (" + name + "): the name is its folder's");
        }
        String status = JsonFields.string(h, "status");
        return new Host(name, status == null ? "unknown" : status, JsonFields.string(h, "reason"), JsonFields.string(h, "durabenchVersion"),
                JsonFields.integer(h, "exitCode"), JsonFields.string(h, "started"), JsonFields.string(h, "finished"));
    }

    /** The fleet's host folders, sorted by name. */
    static List<Path> hostFolders(Path dir) {
        try (Stream<Path> children = Files.list(dir)) {
            // A hidden folder is the playbook's (.incoming: archives on their way in), never a host.
            return children.filter(Files::isDirectory).filter(c -> !c.getFileName().toString().startsWith(".")).sorted().toList();
        } catch (IOException e) {
            throw new ResultsFileException(dir + ": cannot list (" + e.getMessage() + ")");
        }
    }
}
