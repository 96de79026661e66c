package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@value #FILE} beside a target's jmh-result.json: what reached the block devices under the target in each
 * fork's measurement iterations (the device witness, {@code io.durabench.trace.block}), one JSON object a
 * line: the cell ({@link CallLatencyLog#cellKey}), mode and round, the operations measured, and per device
 * from the filesystem's own down through loop devices to the disk its flushes, FUA writes, writes and bytes
 * written; or why there are none ({@code n/a} with the reason, {@code failed} with the error). A round
 * recorded twice counts once, the later one. Forks of a target run one after another: no lock is needed.
 */
public final class DeviceLog {
    public static final String FILE = "device-requests.jsonl";
    /** Set by the suite for every fork: where to append. A fork without it (plain JMH) records nothing. */
    public static final String FILE_PROPERTY = "durabench.deviceLog";

    /** What one capture says of a fork. */
    public enum Status {
        OK("ok"), NA("n/a"), FAILED("failed");

        private final String word;

        Status(String word) {
            this.word = word;
        }

        /** "ok", "n/a", "failed": the status words of every child answer. */
        public String word() {
            return word;
        }

        static Status of(String word) {
            for (Status s : values()) {
                if (s.word.equals(word)) return s;
            }
            throw new IllegalArgumentException("unknown status '" + word + "'");
        }
    }

    /**
     * One device of the chain, {@code level} 0 the filesystem's own, each next one the device under the
     * previous loop device's backing file. {@code writeCache} is sysfs's queue/write_cache ("write back",
     * "write through"), null where sysfs has none.
     */
    public record Level(int level, String device, String majorMinor, String writeCache, long flushes, long fuaWrites,
                        long writes, long bytesWritten) {
    }

    /** One fork: {@code ops} the operations its measurement iterations ran, {@code levels} empty unless OK. */
    public record Fork(String mode, String cellKey, int round, Status status, String reason, long ops, List<Level> levels) {
        public Fork {
            levels = List.copyOf(levels);
        }
    }

    private DeviceLog() {
    }

    public static void append(Path file, Fork fork) {
        try {
            Files.writeString(file, toJson(fork) + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append the device witness's record to " + file + ": " + e.getMessage(), e);
        }
    }

    /** Every fork of the file, a round recorded twice once (the later); empty when there is no file. */
    public static List<Fork> read(Path file) {
        if (!Files.exists(file)) return List.of();
        Map<String, Fork> byRound = new LinkedHashMap<>();
        int n = 0;
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                n++;
                if (line.isBlank()) continue;
                Fork f = fromJson(JsonParser.parseString(line).getAsJsonObject());
                byRound.remove(f.mode() + "|" + f.cellKey() + "|" + f.round());
                byRound.put(f.mode() + "|" + f.cellKey() + "|" + f.round(), f);
            }
        } catch (IOException e) {
            throw new ResultsFileException("cannot read " + file + ": " + e.getMessage());
        } catch (RuntimeException e) {
            throw new ResultsFileException(file + " line " + n + ": not a device witness record (" + e.getMessage() + "); delete it or restore it from the run");
        }
        return new ArrayList<>(byRound.values());
    }

    static JsonObject toJson(Fork f) {
        JsonObject o = new JsonObject();
        o.addProperty("mode", f.mode());
        o.addProperty("cell", f.cellKey());
        o.addProperty("round", f.round());
        o.addProperty("status", f.status().word());
        if (f.reason() != null) o.addProperty("reason", f.reason());
        o.addProperty("ops", f.ops());
        JsonArray levels = new JsonArray();
        for (Level l : f.levels()) {
            JsonObject j = new JsonObject();
            j.addProperty("level", l.level());
            j.addProperty("device", l.device());
            j.addProperty("majorMinor", l.majorMinor());
            j.addProperty("writeCache", l.writeCache());
            j.addProperty("flushes", l.flushes());
            j.addProperty("fuaWrites", l.fuaWrites());
            j.addProperty("writeRequests", l.writes());
            j.addProperty("bytesWritten", l.bytesWritten());
            levels.add(j);
        }
        o.add("levels", levels);
        return o;
    }

    static Fork fromJson(JsonObject o) {
        String status = o.get("status").getAsString();
        List<Level> levels = new ArrayList<>();
        for (JsonElement e : o.getAsJsonArray("levels")) {
            JsonObject j = e.getAsJsonObject();
            levels.add(new Level(j.get("level").getAsInt(), j.get("device").getAsString(), j.get("majorMinor").getAsString(),
                    j.has("writeCache") && !j.get("writeCache").isJsonNull() ? j.get("writeCache").getAsString() : null,
                    j.get("flushes").getAsLong(), j.get("fuaWrites").getAsLong(), j.get("writeRequests").getAsLong(), j.get("bytesWritten").getAsLong()));
        }
        return new Fork(o.get("mode").getAsString(), o.get("cell").getAsString(), o.get("round").getAsInt(),
                Status.of(status),
                o.has("reason") ? o.get("reason").getAsString() : null, o.get("ops").getAsLong(), levels);
    }
}
