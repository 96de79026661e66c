package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.env.JsonFields;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * run.json, at the top of a run's folder: the profile and pass-through JMH options it ran with,
 * when it started and finished, and each target directory with the subfolder its results are in.
 *
 * @param finished null while the run is still going (or when it was cut short)
 */
public record RunManifest(String profile, String started, List<String> jmhArgs, String finished, List<Target> targets) {
    public static final SchemaVersion SCHEMA = new SchemaVersion("durabench-run", 1);

    /** One target directory and the subfolder (its label) holding its results. */
    public record Target(String dir, String label) {
    }

    public RunManifest {
        jmhArgs = List.copyOf(jmhArgs);
        targets = List.copyOf(targets);
    }

    public RunManifest finishedAt(String when) {
        return new RunManifest(profile, started, jmhArgs, when, targets);
    }

    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("schema", SCHEMA.toString());
        o.addProperty("profile", profile);
        o.addProperty("started", started);
        JsonArray args = new JsonArray();
        jmhArgs.forEach(args::add);
        o.add("jmhArgs", args);
        o.addProperty("finished", finished);
        JsonArray ts = new JsonArray();
        for (Target t : targets) {
            JsonObject tj = new JsonObject();
            tj.addProperty("dir", t.dir());
            tj.addProperty("label", t.label());
            ts.add(tj);
        }
        o.add("targets", ts);
        return o;
    }

    public static RunManifest read(Path file) {
        JsonElement root = JsonFiles.parse(file, "durabench's run.json");
        if (!root.isJsonObject()) throw malformed(file, "expected an object");
        JsonObject o = root.getAsJsonObject();
        try {
            SCHEMA.check(file, JsonFields.string(o, "schema"));
            List<String> args = new ArrayList<>();
            if (o.get("jmhArgs") instanceof JsonArray a) {
                for (JsonElement e : a) {
                    if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) throw malformed(file, "a jmhArgs entry is not text");
                    args.add(e.getAsString());
                }
            }
            List<Target> targets = new ArrayList<>();
            if (o.get("targets") instanceof JsonArray a) {
                for (JsonElement e : a) {
                    if (!e.isJsonObject()) throw malformed(file, "a target is not an object");
                    targets.add(new Target(JsonFields.string(e.getAsJsonObject(), "dir"), JsonFields.string(e.getAsJsonObject(), "label")));
                }
            }
            return new RunManifest(JsonFields.string(o, "profile"), JsonFields.string(o, "started"), args,
                    JsonFields.string(o, "finished"), targets);
        } catch (IllegalStateException | UnsupportedOperationException e) {
            throw malformed(file, e.getMessage());
        } catch (IllegalArgumentException e) {
            if (e instanceof ResultsFileException r) throw r;
            throw malformed(file, e.getMessage());
        }
    }

    private static ResultsFileException malformed(Path file, String why) {
        return new ResultsFileException(file + ": not a durabench run.json (" + why + "); `durabench run` writes it: "
                + "correct that field, or name the target subfolders instead of the run folder");
    }
}
