package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.env.JsonFields;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * run.json, at the top of a run's folder: what was asked (profile, pass-through JMH options, the
 * JVMs, the lab variants, options), each target directory with the subfolder its results are in,
 * and the order cells actually ran in (one entry per cell and JVM, as it finished), so drift over
 * the run can be read back and a cut-short run resumed. Rewritten after every cell.
 *
 * @param finished null while the run is going or when it was cut short ({@code interrupted} then says which)
 */
public record RunManifest(String profile, String started, List<String> jmhArgs, int rounds, long seed, String finished, List<Target> targets,
                          List<Jvm> jvms, List<String> labVariants, Options options, List<Ran> ran, boolean interrupted) {
    public static final SchemaVersion SCHEMA = new SchemaVersion("durabench-run", 1);

    /** One target directory and the subfolder (its label) holding its results. */
    public record Target(String dir, String label) {
    }

    /** One --jvm slot: its results subfolder under each target, the java it ran and that JVM's version. */
    public record Jvm(String slot, String java, String version) {
    }

    /**
     * Run options that change what is measured or written.
     *
     * @param reference the method every durable cell was paired with in lock-step (FDATASYNC by default; null: no
     *                  reference pairs, as in runs before them and in runs of several JVMs)
     * @param control   what each cell was paired with as its control in lock-step ({@link #C_TWIN}: its C twin, the gate's
     *                  control design); null: no control pairs
     */
    public record Options(boolean verifySyscalls, boolean trimHistograms, String reference, String control) {
        public static final Options DEFAULT = new Options(false, false, null, null);
        /**
         * The control of the gate's control design: each cell's C twin, which makes the same durable calls without a JVM;
         * the same word as the twin's slot in lockstep.json.
         */
        public static final String C_TWIN = LockStepFile.TWIN_SLOT;

        public Options(boolean verifySyscalls, boolean trimHistograms) {
            this(verifySyscalls, trimHistograms, null, null);
        }

        public Options withControl(String c) {
            return new Options(verifySyscalls, trimHistograms, reference, c);
        }
    }

    /** One cell on one JVM in one round (1-based; 1 in runs from before rounds), in the order they ran: outcome is "measured", "n/a" or "failed". */
    public record Ran(String target, String slot, String cell, int round, String outcome, String finished) {
    }

    public RunManifest {
        jmhArgs = List.copyOf(jmhArgs);
        targets = List.copyOf(targets);
        jvms = List.copyOf(jvms);
        labVariants = List.copyOf(labVariants);
        ran = List.copyOf(ran);
    }

    /** A run as it starts: nothing ran yet. */
    public static RunManifest starting(String profile, String started, List<String> jmhArgs, int rounds, long seed, List<Target> targets,
                                       List<Jvm> jvms, List<String> labVariants, Options options) {
        return new RunManifest(profile, started, jmhArgs, rounds, seed, null, targets, jvms, labVariants, options, List.of(), false);
    }

    public RunManifest with(Ran r) {
        List<Ran> more = new ArrayList<>(ran);
        more.add(r);
        return new RunManifest(profile, started, jmhArgs, rounds, seed, finished, targets, jvms, labVariants, options, more, interrupted);
    }

    public RunManifest finishedAt(String when) {
        return new RunManifest(profile, started, jmhArgs, rounds, seed, when, targets, jvms, labVariants, options, ran, false);
    }

    public RunManifest interruptedNow() {
        return new RunManifest(profile, started, jmhArgs, rounds, seed, null, targets, jvms, labVariants, options, ran, true);
    }

    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("schema", SCHEMA.toString());
        o.addProperty("profile", profile);
        o.addProperty("started", started);
        o.add("jmhArgs", JsonFields.arrayOf(jmhArgs));
        o.addProperty("rounds", rounds);
        o.addProperty("seed", seed);
        o.addProperty("finished", finished);
        o.addProperty("interrupted", interrupted);
        JsonArray ts = new JsonArray();
        for (Target t : targets) {
            JsonObject tj = new JsonObject();
            tj.addProperty("dir", t.dir());
            tj.addProperty("label", t.label());
            ts.add(tj);
        }
        o.add("targets", ts);
        JsonArray js = new JsonArray();
        for (Jvm j : jvms) {
            JsonObject jj = new JsonObject();
            jj.addProperty("slot", j.slot());
            jj.addProperty("java", j.java());
            jj.addProperty("version", j.version());
            js.add(jj);
        }
        o.add("jvms", js);
        o.add("lab", JsonFields.arrayOf(labVariants));
        JsonObject opts = new JsonObject();
        opts.addProperty("verifySyscalls", options.verifySyscalls());
        opts.addProperty("trimHistograms", options.trimHistograms());
        if (options.reference() != null) opts.addProperty("reference", options.reference());
        if (options.control() != null) opts.addProperty("control", options.control());
        o.add("options", opts);
        JsonArray order = new JsonArray();
        for (Ran r : ran) {
            JsonObject rj = new JsonObject();
            rj.addProperty("target", r.target());
            rj.addProperty("slot", r.slot());
            rj.addProperty("cell", r.cell());
            rj.addProperty("round", r.round());
            rj.addProperty("outcome", r.outcome());
            rj.addProperty("finished", r.finished());
            order.add(rj);
        }
        o.add("ran", order);
        return o;
    }

    public static RunManifest read(Path file) {
        JsonElement root = JsonFiles.parse(file, "durabench's run.json");
        if (!root.isJsonObject()) throw malformed(file, "expected an object");
        JsonObject o = root.getAsJsonObject();
        try {
            SCHEMA.check(file, JsonFields.string(o, "schema"));
            List<Target> targets = new ArrayList<>();
            for (JsonObject t : objects(file, o, "targets")) targets.add(new Target(JsonFields.string(t, "dir"), JsonFields.string(t, "label")));
            List<Jvm> jvms = new ArrayList<>();
            for (JsonObject j : objects(file, o, "jvms")) {
                jvms.add(new Jvm(JsonFields.string(j, "slot"), JsonFields.string(j, "java"), JsonFields.string(j, "version")));
            }
            List<Ran> ran = new ArrayList<>();
            for (JsonObject r : objects(file, o, "ran")) {
                ran.add(new Ran(JsonFields.string(r, "target"), JsonFields.string(r, "slot"), JsonFields.string(r, "cell"),
                        r.has("round") ? r.get("round").getAsInt() : 1, JsonFields.string(r, "outcome"), JsonFields.string(r, "finished")));
            }
            JsonObject opts = JsonFields.object(o, "options");
            Options options = opts == null ? Options.DEFAULT
                    : new Options(Boolean.TRUE.equals(JsonFields.bool(opts, "verifySyscalls")), Boolean.TRUE.equals(JsonFields.bool(opts, "trimHistograms")),
                    JsonFields.string(opts, "reference"), JsonFields.string(opts, "control"));
            int rounds = o.has("rounds") ? o.get("rounds").getAsInt() : 1;
            long seed = o.has("seed") ? o.get("seed").getAsLong() : 0;
            return new RunManifest(JsonFields.string(o, "profile"), JsonFields.string(o, "started"), strings(file, o, "jmhArgs"), rounds, seed,
                    JsonFields.string(o, "finished"), targets, jvms, strings(file, o, "lab"), options, ran,
                    Boolean.TRUE.equals(JsonFields.bool(o, "interrupted")));
        } catch (IllegalArgumentException e) {
            if (e instanceof ResultsFileException r) throw r;
            throw malformed(file, e.getMessage());
        }
    }

    private static List<String> strings(Path file, JsonObject o, String name) {
        List<String> out = new ArrayList<>();
        JsonElement e = o.get(name);
        if (e == null || e.isJsonNull()) return out;
        if (!e.isJsonArray()) throw malformed(file, "\"" + name + "\" is not an array");
        for (JsonElement s : e.getAsJsonArray()) {
            if (!s.isJsonPrimitive() || !s.getAsJsonPrimitive().isString()) throw malformed(file, "\"" + name + "\" holds a non-text value");
            out.add(s.getAsString());
        }
        return out;
    }

    private static List<JsonObject> objects(Path file, JsonObject o, String name) {
        List<JsonObject> out = new ArrayList<>();
        JsonElement e = o.get(name);
        if (e == null || e.isJsonNull()) return out;
        if (!e.isJsonArray()) throw malformed(file, "\"" + name + "\" is not an array");
        for (JsonElement x : e.getAsJsonArray()) {
            if (!x.isJsonObject()) throw malformed(file, "an entry of \"" + name + "\" is not an object");
            out.add(x.getAsJsonObject());
        }
        return out;
    }

    private static ResultsFileException malformed(Path file, String why) {
        return new ResultsFileException(file + ": not a durabench run.json (" + why + "); `durabench run` writes it: "
                + "correct that field, or name the target subfolders instead of the run folder");
    }
}
