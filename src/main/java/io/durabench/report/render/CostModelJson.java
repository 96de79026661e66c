package io.durabench.report.render;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.env.JsonFields;
import io.durabench.report.CostFit;
import io.durabench.stats.Estimate;
import java.util.List;

/**
 * report.json's "costModel": per fit its context, method, conditions, the two terms with their
 * 99.9% intervals (µs and µs per KiB), R², the iterations fitted, and every measured block size
 * with the line's prediction there, so a tool can redraw the fit or judge it.
 */
final class CostModelJson {
    private CostModelJson() {
    }

    static JsonArray of(List<CostFit> fits) {
        JsonArray out = new JsonArray();
        for (CostFit f : fits) {
            JsonObject o = new JsonObject();
            o.addProperty("context", f.context().label());
            o.addProperty("method", f.method());
            o.addProperty("conditions", f.conditions());
            term(o, "fixedUs", f.fixedUs());
            term(o, "perKiBUs", f.perKiBUs());
            number(o, "rSquared", f.rSquared());
            o.addProperty("iterations", f.iterations());
            o.addProperty("fittedFromBytes", f.fittedFromBytes());
            JsonArray points = new JsonArray();
            for (CostFit.Point p : f.points()) {
                JsonObject q = new JsonObject();
                q.addProperty(SyncWriteCostFamily.BLOCK_SIZE.name(), p.blockBytes());
                term(q, "meanUs", p.measured());
                number(q, "predictedUs", p.predictedUs());
                q.addProperty("fitted", p.fitted());
                q.addProperty("offTheLine", p.offTheLine());
                points.add(q);
            }
            o.add("points", points);
            o.add("rows", JsonFields.arrayOf(f.rows()));
            out.add(o);
        }
        return out;
    }

    /** "key", "keyLow", "keyHigh" with the Us suffix kept last: fixedUs, fixedLowUs, fixedHighUs. */
    private static void term(JsonObject o, String key, Estimate e) {
        String stem = key.endsWith("Us") ? key.substring(0, key.length() - 2) : key;
        number(o, key, e.mean());
        number(o, stem + "LowUs", e.hasInterval() ? e.low() : Double.NaN);
        number(o, stem + "HighUs", e.hasInterval() ? e.high() : Double.NaN);
    }

    private static void number(JsonObject o, String key, double v) {
        if (Double.isFinite(v)) o.addProperty(key, v);
        else o.add(key, com.google.gson.JsonNull.INSTANCE);
    }
}
