package io.durabench.report;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/**
 * report.json, for other tools: rows with the fields issue 3 fixes (benchmark, context, params,
 * method, meanUs ... durable, na), null where a figure does not exist, and warnings {kind, message, rows}
 * whose rows are row ids.
 */
public final class JsonRenderer {
    private JsonRenderer() {
    }

    public static String render(Report report) {
        JsonObject root = new JsonObject();
        root.addProperty("schema", "durabench-report/1");
        root.addProperty("baseline", report.baseline());
        root.addProperty("statistics", Report.METHOD_NOTE);
        JsonArray contexts = new JsonArray();
        for (Context c : report.contexts()) {
            JsonObject o = new JsonObject();
            o.addProperty("context", c.label());
            o.addProperty("directory", c.directory());
            o.addProperty("filesystem", c.filesystem());
            o.addProperty("jdk", c.jdk());
            JsonArray facts = new JsonArray();
            c.environment().facts().forEach(facts::add);
            o.add("environment", facts);
            contexts.add(o);
        }
        root.add("contexts", contexts);
        JsonArray rows = new JsonArray();
        for (ReportRow r : report.rows()) rows.add(row(r));
        root.add("rows", rows);
        JsonArray warnings = new JsonArray();
        for (ReportWarning w : report.warnings()) {
            JsonObject o = new JsonObject();
            o.addProperty("kind", w.kind().id());
            o.addProperty("message", w.message());
            JsonArray ids = new JsonArray();
            w.rows().forEach(ids::add);
            o.add("rows", ids);
            warnings.add(o);
        }
        root.add("warnings", warnings);
        JsonArray other = new JsonArray();
        for (PlainRow p : report.plainRows()) {
            JsonObject o = new JsonObject();
            o.addProperty("benchmark", p.benchmark());
            o.addProperty("metric", p.metric());
            o.add("params", params(p.params()));
            o.addProperty("mode", p.mode());
            o.add("score", num(p.score()));
            o.add("scoreError", num(p.scoreError()));
            o.addProperty("unit", p.unit());
            other.add(o);
        }
        root.add("otherResults", other);
        return new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create().toJson(root) + "\n";
    }

    private static JsonObject row(ReportRow r) {
        JsonObject o = new JsonObject();
        Estimate t = r.time();
        o.addProperty("id", r.id());
        o.addProperty("benchmark", r.benchmark());
        o.addProperty("context", r.context().label());
        o.add("params", params(r.params()));
        o.addProperty("method", r.method());
        o.addProperty("baselineMethod", r.baseline());
        o.add("meanUs", num(t == null ? Double.NaN : t.mean()));
        o.add("ciLowUs", num(t == null ? Double.NaN : t.low()));
        o.add("ciHighUs", num(t == null ? Double.NaN : t.high()));
        o.add("n", t == null ? JsonNull.INSTANCE : new JsonPrimitive(t.n()));
        o.add("opsPerSec", num(r.measured() ? r.opsPerSec() : Double.NaN));
        o.add("p50Us", num(r.p50Us()));
        o.add("p99Us", num(r.p99Us()));
        o.add("p999Us", num(r.p999Us()));
        o.add("baselineUs", num(r.baselineUs()));
        o.add("ratio", num(r.ratio() == null ? Double.NaN : r.ratio().mean()));
        o.add("ratioLow", num(r.ratio() == null ? Double.NaN : r.ratio().low()));
        o.add("ratioHigh", num(r.ratio() == null ? Double.NaN : r.ratio().high()));
        o.add("durabilityCostUs", num(r.cost() == null ? Double.NaN : r.cost().mean()));
        o.add("durabilityCostLowUs", num(r.cost() == null ? Double.NaN : r.cost().low()));
        o.add("durabilityCostHighUs", num(r.cost() == null ? Double.NaN : r.cost().high()));
        o.add("syncsPerWrite", num(r.syncsPerWrite()));
        o.addProperty("durable", r.durable());
        o.addProperty("notDurableBecause", r.notDurableBecause());
        o.addProperty("na", r.na());
        return o;
    }

    private static JsonObject params(java.util.Map<String, String> params) {
        JsonObject p = new JsonObject();
        params.forEach(p::addProperty);
        return p;
    }

    /** JSON has no NaN: absent figures are null. */
    private static com.google.gson.JsonElement num(double x) {
        return Double.isFinite(x) ? new JsonPrimitive(x) : JsonNull.INSTANCE;
    }
}
