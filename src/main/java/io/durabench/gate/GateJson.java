package io.durabench.gate;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import io.durabench.results.SchemaVersion;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * OUT/gate/gate.json: the gate's verdict for dashboards and scripts, every row with its figures on
 * both rules (history centre, this build, change, limits, flags at, verdict), as gate.txt shows them.
 * A figure that does not exist (a row not judged) is null, never a number.
 */
public final class GateJson {
    public static final SchemaVersion SCHEMA = new SchemaVersion("durabench-gate", 1);
    public static final String FILE = "gate.json";

    private GateJson() {
    }

    /** The verdict as JSON; {@code exitCode} is what the gate exits with. */
    public static String render(HistoryVerdict v, String failOn, int exitCode) {
        JsonObject o = new JsonObject();
        o.addProperty("schema", SCHEMA.toString());
        o.addProperty("history", v.history());
        o.addProperty("historyRuns", v.runs());
        o.addProperty("window", v.window());
        o.addProperty("judged", !v.tooShort());
        o.addProperty("falseAlarm", v.judge().alpha());
        o.addProperty("control", v.ratio() == null ? null : io.durabench.results.RunManifest.Options.C_TWIN);
        o.addProperty("noControl", v.noControl());
        o.addProperty("ratioThresholdPercent", v.ratio() == null ? null : v.ratio().judge().thresholdPercent());
        o.addProperty("absoluteThresholdPercent", v.judge().thresholdPercent());
        o.addProperty("decidingRules", v.ratio() == null ? "absolute" : v.failOnAbsolute() ? "ratio and absolute" : "ratio");
        o.addProperty("failOn", failOn);
        o.addProperty("exitCode", exitCode);
        o.addProperty("summary", HistoryText.summary(v));
        Map<String, JudgedRow> ratios = new LinkedHashMap<>();
        if (v.ratio() != null) v.ratio().rows().forEach(r -> ratios.put(r.key().id(), r));
        JsonArray rows = new JsonArray();
        for (JudgedRow a : v.rows()) {
            JsonObject row = new JsonObject();
            row.addProperty("row", a.key().name());
            row.addProperty("group", a.key().groupLabel());
            row.addProperty("label", a.key().label());
            row.addProperty("unit", a.unit());
            if (v.ratio() == null) {
                row.add("ratio", JsonNull.INSTANCE);
            } else if (ratios.containsKey(a.key().id())) {
                row.add("ratio", rule(ratios.get(a.key().id())));
            } else {
                JsonObject none = new JsonObject();
                none.addProperty("verdict", "absolute only");
                none.addProperty("reason", v.ratio().unpaired().getOrDefault(a.key().id(), "no ratio in this run"));
                row.add("ratio", none);
            }
            row.add("absolute", rule(a));
            rows.add(row);
        }
        o.add("rows", rows);
        return new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create().toJson(o) + "\n";
    }

    private static JsonObject rule(JudgedRow r) {
        JsonObject j = new JsonObject();
        j.addProperty("unit", r.unit());
        j.addProperty("historyRuns", r.runs());
        j.addProperty("centreRuns", r.judged() ? r.centreRuns() : null);
        j.addProperty("historyCentre", number(r.historyMean()));
        j.addProperty("runToRunPercent", number(r.runToRunPercent()));
        j.addProperty("thisBuild", number(r.value()));
        j.addProperty("changePercent", number(r.changePercent()));
        j.addProperty("lowerLimit", number(r.lowerLimit()));
        j.addProperty("upperLimit", number(r.upperLimit()));
        j.addProperty("flagsAtPercent", number(r.detectablePercent()));
        j.addProperty("p", number(r.p()));
        j.addProperty("adjustedP", number(r.adjustedP()));
        j.addProperty("verdict", r.judged() ? r.verdict().name().toLowerCase(java.util.Locale.ROOT) : "not judged");
        j.addProperty("reason", r.reason());
        return j;
    }

    private static Double number(double x) {
        return Double.isFinite(x) ? x : null;
    }
}
