package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.env.JsonFields;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * not-applicable.json: the cells of one target that produced no number, n/a and failed kept in
 * separate arrays, each entry {benchmark, params, reason}. Files from before the schema (a bare
 * array whose entries may carry "kind") are read too, their "failed" entries kept as failures.
 */
public final class NotMeasuredFile {
    public static final SchemaVersion SCHEMA = new SchemaVersion("durabench-not-measured", 1);
    private static final String NOT_APPLICABLE = "notApplicable";
    private static final String FAILED = "failed";

    private NotMeasuredFile() {
    }

    public static void write(List<NotMeasured> cells, Path file) {
        JsonObject root = new JsonObject();
        root.addProperty("schema", SCHEMA.toString());
        root.add(NOT_APPLICABLE, entries(cells, NotMeasured.Kind.NOT_APPLICABLE));
        root.add(FAILED, entries(cells, NotMeasured.Kind.FAILED));
        JsonFiles.write(root, file);
    }

    private static JsonArray entries(List<NotMeasured> cells, NotMeasured.Kind kind) {
        JsonArray arr = new JsonArray();
        for (NotMeasured c : cells) {
            if (c.kind() != kind) continue;
            JsonObject o = new JsonObject();
            o.addProperty("benchmark", c.benchmark());
            JsonObject params = new JsonObject();
            c.params().asMap().forEach(params::addProperty);
            o.add("params", params);
            o.addProperty("reason", c.reason());
            arr.add(o);
        }
        return arr;
    }

    public static List<NotMeasured> read(Path file) {
        JsonElement root = JsonFiles.parse(file, "durabench's not-applicable.json");
        List<NotMeasured> out = new ArrayList<>();
        try {
            if (root.isJsonArray()) {
                // Before the schema: one array, "kind" per entry ("n/a" when absent).
                for (JsonElement e : root.getAsJsonArray()) {
                    JsonObject o = entryObject(file, e);
                    out.add(entry(file, o, "failed".equals(JsonFields.string(o, "kind"))
                            ? NotMeasured.Kind.FAILED : NotMeasured.Kind.NOT_APPLICABLE));
                }
                return out;
            }
            if (!root.isJsonObject()) throw malformed(file, "expected an object with \"notApplicable\" and \"failed\" arrays");
            JsonObject o = root.getAsJsonObject();
            SCHEMA.check(file, JsonFields.string(o, "schema"));
            readArray(file, o, NOT_APPLICABLE, NotMeasured.Kind.NOT_APPLICABLE, out);
            readArray(file, o, FAILED, NotMeasured.Kind.FAILED, out);
            return out;
        } catch (IllegalArgumentException e) {
            if (e instanceof ResultsFileException r) throw r;
            throw malformed(file, e.getMessage());
        }
    }

    private static void readArray(Path file, JsonObject root, String name, NotMeasured.Kind kind, List<NotMeasured> out) {
        JsonElement arr = root.get(name);
        if (arr == null || arr.isJsonNull()) return;
        if (!arr.isJsonArray()) throw malformed(file, "\"" + name + "\" is not an array");
        for (JsonElement e : arr.getAsJsonArray()) out.add(entry(file, entryObject(file, e), kind));
    }

    private static JsonObject entryObject(Path file, JsonElement e) {
        if (!e.isJsonObject() || JsonFields.string(e.getAsJsonObject(), "benchmark") == null) {
            throw malformed(file, "an entry lacks \"benchmark\"; expected {benchmark, params, reason}");
        }
        return e.getAsJsonObject();
    }

    private static NotMeasured entry(Path file, JsonObject o, NotMeasured.Kind kind) {
        Map<String, String> params = new LinkedHashMap<>();
        JsonObject p = JsonFields.object(o, "params");
        if (p != null) {
            for (Map.Entry<String, JsonElement> kv : p.entrySet()) {
                JsonElement v = kv.getValue();
                if (!v.isJsonPrimitive() || !v.getAsJsonPrimitive().isString()) {
                    throw malformed(file, "param " + kv.getKey() + " should be text, not " + JsonFields.shown(v));
                }
                params.put(kv.getKey(), kv.getValue().getAsString());
            }
        }
        String reason = JsonFields.string(o, "reason");
        return new NotMeasured(JsonFields.string(o, "benchmark"), JmhParams.of(params), kind,
                reason != null ? reason : kind == NotMeasured.Kind.FAILED ? "failed (no reason recorded)" : "not applicable");
    }

    private static ResultsFileException malformed(Path file, String why) {
        return new ResultsFileException(file + ": not a durabench n/a list (" + why + "); `durabench run` writes it: "
                + "correct that entry, or move the file away (the report then lists no n/a or failed cells)");
    }
}
