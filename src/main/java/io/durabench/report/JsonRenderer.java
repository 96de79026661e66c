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
 *
 * <p>"groupCommit": one object per GroupCommit row, stable field names: id, benchmark, context,
 * params (all JMH params), variant ("group commit, delay 100 µs" | "each syncs alone"),
 * commitDelayMicros (null for each-syncs-alone), committers, recordSizeBytes, syncMethod,
 * preallocation, commitsPerSec / commitsPerSecLow / commitsPerSecHigh (Throughput summed over
 * committers, 99.9% CI from rawData), n (iterations), meanLatencyUs / p50Us / p99Us / p999Us
 * (SampleTime, µs per commit), syncsPerCommit (syncs / commits counters), speedupVs1 /
 * speedupVs1Low / speedupVs1High (commits/s over the same variant's 1-committer commits/s,
 * Fieller), durable, notDurableBecause, na. Figures that were not measured are null.
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
        JsonArray commits = new JsonArray();
        for (GroupCommitRow r : report.groupCommitRows()) commits.add(groupCommit(r));
        root.add("groupCommit", commits);
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

    private static JsonObject groupCommit(GroupCommitRow r) {
        JsonObject o = new JsonObject();
        Estimate c = r.commitsPerSec(), s = r.speedup();
        o.addProperty("id", r.id());
        o.addProperty("benchmark", r.benchmark());
        o.addProperty("context", r.context().label());
        o.add("params", params(r.params()));
        o.addProperty("variant", r.variant());
        o.add("commitDelayMicros", integer(r.params().get("commitDelayMicros")));
        o.addProperty("committers", r.committers());
        o.add("recordSizeBytes", integer(r.params().get("recordSizeBytes")));
        o.addProperty("syncMethod", r.method());
        o.addProperty("preallocation", r.params().get("preallocation"));
        o.add("commitsPerSec", num(c == null ? Double.NaN : c.mean()));
        o.add("commitsPerSecLow", num(c == null ? Double.NaN : c.low()));
        o.add("commitsPerSecHigh", num(c == null ? Double.NaN : c.high()));
        o.add("n", c == null ? JsonNull.INSTANCE : new JsonPrimitive(c.n()));
        o.add("meanLatencyUs", num(r.meanLatencyUs()));
        o.add("p50Us", num(r.p50Us()));
        o.add("p99Us", num(r.p99Us()));
        o.add("p999Us", num(r.p999Us()));
        o.add("syncsPerCommit", num(r.syncsPerCommit()));
        o.add("speedupVs1", num(s == null ? Double.NaN : s.mean()));
        o.add("speedupVs1Low", num(s == null ? Double.NaN : s.low()));
        o.add("speedupVs1High", num(s == null ? Double.NaN : s.high()));
        o.addProperty("durable", r.durable());
        o.addProperty("notDurableBecause", r.notDurableBecause());
        o.addProperty("na", r.na());
        return o;
    }

    /** A numeric param as a JSON number, null when absent (or not a whole number). */
    private static com.google.gson.JsonElement integer(String value) {
        try {
            return value == null ? JsonNull.INSTANCE : new JsonPrimitive(Long.parseLong(value));
        } catch (NumberFormatException e) {
            return JsonNull.INSTANCE;
        }
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
