package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.env.JsonFields;
import io.durabench.results.LockStepFile.Block;
import io.durabench.results.LockStepFile.CellRecord;
import io.durabench.results.LockStepFile.PairRecord;
import io.durabench.results.LockStepFile.Settings;
import io.durabench.results.LockStepFile.SideInfo;
import io.durabench.results.LockStepFile.SideRecord;
import io.durabench.results.LockStepFile.Sides;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * lockstep.json's JSON form, both ways: {@link LockStepFile} to its JSON object, and a file back to a
 * {@link LockStepFile}, refusing a damaged or foreign one with a one-line message that names the file.
 * Blocks are written as one short line each ({@link Block#text}); maps are written sorted by key.
 */
final class LockStepJson {
    private LockStepJson() {
    }

    static JsonObject toJson(LockStepFile f) {
        JsonObject o = new JsonObject();
        o.addProperty("schema", LockStepFile.SCHEMA.toString());
        o.addProperty("design", "lock-step");
        o.addProperty("started", f.started());
        o.addProperty("finished", f.finished());
        JsonObject s = new JsonObject();
        s.add("a", side(f.sides().a()));
        s.add("b", side(f.sides().b()));
        o.add("sides", s);
        o.addProperty("pairing", f.pairing());
        o.addProperty("placement", f.placement());
        JsonObject set = new JsonObject();
        set.addProperty("blocks", f.settings().blocks());
        set.addProperty("blockTargetMillis", f.settings().blockTargetMillis());
        set.addProperty("grain", f.settings().grain());
        set.addProperty("order", f.settings().order());
        set.addProperty("warmupMinBlocks", f.settings().warmupMinBlocks());
        set.addProperty("warmupMaxBlocks", f.settings().warmupMaxBlocks());
        set.addProperty("warmupUnits", f.settings().warmupUnits());
        if (f.settings().bothWays()) set.addProperty("bothWays", true);
        if (f.settings().pairs() != null) f.settings().pairs().write(set, o);
        o.add("settings", set);
        JsonArray cs = new JsonArray();
        for (CellRecord c : f.cells()) {
            JsonObject cj = new JsonObject();
            cj.addProperty("a", c.specA());
            cj.addProperty("b", c.specB());
            cj.addProperty("benchmark", c.benchmark());
            cj.add("paramsA", params(c.paramsA()));
            cj.add("paramsB", params(c.paramsB()));
            cj.addProperty("unitsPerBlock", c.unitsPerBlock());
            JsonArray pairs = new JsonArray();
            for (PairRecord p : c.forkPairs()) {
                JsonObject pj = new JsonObject();
                pj.addProperty("pair", p.pair());
                pj.addProperty("started", p.started());
                pj.addProperty("pairMillis", p.pairMillis());
                pj.add("a", sideRecord(p.a()));
                pj.add("b", sideRecord(p.b()));
                pairs.add(pj);
            }
            cj.add("forkPairs", pairs);
            cs.add(cj);
        }
        o.add("cells", cs);
        return o;
    }

    private static JsonObject side(SideInfo s) {
        JsonObject j = new JsonObject();
        j.addProperty("slot", s.slot());
        j.addProperty("java", s.java());
        j.addProperty("version", s.version());
        j.addProperty("nativeLayer", s.nativeLayer());
        j.addProperty("dir", s.dir());
        j.addProperty("target", s.target());
        j.addProperty("busyWaitNanos", s.busyWaitNanos());
        return j;
    }

    private static JsonObject params(Map<String, String> p) {
        JsonObject j = new JsonObject();
        new TreeMap<>(p).forEach(j::addProperty);
        return j;
    }

    private static JsonObject sideRecord(SideRecord r) {
        JsonObject j = new JsonObject();
        if (r.error() != null) {
            j.addProperty("error", r.error());
            j.addProperty("partnerFailed", r.partnerFailed());
            return j;
        }
        j.addProperty("warmupBlocks", r.warmupBlocks());
        j.addProperty("warmupCapped", r.warmupCapped());
        j.addProperty("compileMillisWhileMeasured", r.compileMillisWhileMeasured());
        j.addProperty("cellMillis", r.cellMillis());
        j.addProperty("cpus", r.cpus());
        JsonArray bs = new JsonArray();
        for (Block b : r.blocks()) bs.add(b.text());
        j.add("blocks", bs);
        JsonObject c = new JsonObject();
        new TreeMap<>(r.counters()).forEach(c::addProperty);
        j.add("counters", c);
        if (r.testSpinNanos() > 0) j.addProperty("testSpinNanos", r.testSpinNanos());
        return j;
    }

    /** One side's record as the side printed it (its result line, or the file's entry). */
    static SideRecord sideRecord(JsonObject j) {
        String error = JsonFields.string(j, "error");
        if (error != null) return SideRecord.failed(error, Boolean.TRUE.equals(JsonFields.bool(j, "partnerFailed")));
        List<Block> blocks = new ArrayList<>();
        for (JsonElement b : required(JsonFields.array(j, "blocks"), "blocks")) blocks.add(Block.parse(b.getAsString()));
        Map<String, Long> counters = new LinkedHashMap<>();
        JsonObject c = JsonFields.object(j, "counters");
        if (c != null) c.entrySet().forEach(e -> counters.put(e.getKey(), e.getValue().getAsLong()));
        Long cell = JsonFields.whole(j, "cellMillis"), spin = JsonFields.whole(j, "testSpinNanos");
        return new SideRecord(null, false, JsonFields.integer(j, "warmupBlocks"), Boolean.TRUE.equals(JsonFields.bool(j, "warmupCapped")),
                JsonFields.whole(j, "compileMillisWhileMeasured"), cell == null ? 0 : cell, JsonFields.string(j, "cpus"), blocks, counters,
                spin == null ? 0 : spin);
    }

    static LockStepFile read(Path file) {
        JsonElement root = JsonFiles.parse(file, "durabench's lockstep.json");
        if (!root.isJsonObject()) throw malformed(file, "expected an object");
        JsonObject o = root.getAsJsonObject();
        try {
            LockStepFile.SCHEMA.check(file, JsonFields.string(o, "schema"));
            JsonObject s = JsonFields.object(o, "sides");
            JsonObject set = JsonFields.object(o, "settings");
            Settings settings = new Settings(JsonFields.integer(set, "blocks"), JsonFields.integer(set, "blockTargetMillis"),
                    JsonFields.integer(set, "grain"), JsonFields.string(set, "order"), JsonFields.integer(set, "warmupMinBlocks"),
                    JsonFields.integer(set, "warmupMaxBlocks"), JsonFields.integer(set, "warmupUnits"),
                    Boolean.TRUE.equals(JsonFields.bool(set, "bothWays")), PairsRule.read(set, o));
            List<CellRecord> cells = new ArrayList<>();
            for (JsonElement ce : required(JsonFields.array(o, "cells"), "cells")) {
                JsonObject c = ce.getAsJsonObject();
                List<PairRecord> pairs = new ArrayList<>();
                for (JsonElement pe : required(JsonFields.array(c, "forkPairs"), "forkPairs")) {
                    JsonObject p = pe.getAsJsonObject();
                    Long pairMillis = JsonFields.whole(p, "pairMillis");
                    pairs.add(new PairRecord(JsonFields.integer(p, "pair"), JsonFields.string(p, "started"), pairMillis == null ? 0 : pairMillis,
                            sideRecord(JsonFields.object(p, "a")), sideRecord(JsonFields.object(p, "b"))));
                }
                cells.add(new CellRecord(JsonFields.string(c, "a"), JsonFields.string(c, "b"), JsonFields.string(c, "benchmark"),
                        stringMap(JsonFields.object(c, "paramsA")), stringMap(JsonFields.object(c, "paramsB")),
                        JsonFields.integer(c, "unitsPerBlock"), pairs));
            }
            return new LockStepFile(JsonFields.string(o, "started"), JsonFields.string(o, "finished"),
                    new Sides(sideInfo(JsonFields.object(s, "a")), sideInfo(JsonFields.object(s, "b"))), JsonFields.string(o, "pairing"),
                    settings, JsonFields.string(o, "placement"), cells);
        } catch (IllegalArgumentException | NullPointerException | IllegalStateException | UnsupportedOperationException e) {
            if (e instanceof ResultsFileException r) throw r;
            // A field the record needs is missing or null: the JDK's message would name our code, not the file's field.
            throw malformed(file, e instanceof NullPointerException ? "a required field is missing or null"
                    : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    private static <T> T required(T value, String field) {
        if (value == null) throw new IllegalArgumentException("field \"" + field + "\" is missing");
        return value;
    }

    private static SideInfo sideInfo(JsonObject j) {
        return new SideInfo(JsonFields.string(j, "slot"), JsonFields.string(j, "java"), JsonFields.string(j, "version"),
                JsonFields.string(j, "nativeLayer"), JsonFields.string(j, "dir"), JsonFields.string(j, "target"), JsonFields.whole(j, "busyWaitNanos"));
    }

    private static Map<String, String> stringMap(JsonObject j) {
        Map<String, String> m = new LinkedHashMap<>();
        if (j != null) j.entrySet().forEach(e -> m.put(e.getKey(), e.getValue().getAsString()));
        return m;
    }

    private static ResultsFileException malformed(Path file, String why) {
        // A damaged value may hold line breaks or other control characters: the message stays one line.
        return new ResultsFileException(file + ": not a durabench lockstep.json (" + why.replaceAll("\\p{Cntrl}", "?")
                + "); `durabench run --lock-step` writes it");
    }
}
