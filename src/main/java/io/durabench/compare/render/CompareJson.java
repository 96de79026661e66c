package io.durabench.compare.render;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.durabench.compare.ComparisonSummary;
import io.durabench.compare.Comparison;
import io.durabench.compare.FingerprintCheck;
import io.durabench.compare.FingerprintKey;
import io.durabench.compare.Verdict;
import io.durabench.env.JsonFields;
import io.durabench.output.CsvRenderer;
import io.durabench.output.JsonRows;

/**
 * compare.json and compare.csv. The rows of both come from {@link CompareFields#ROWS}; the JSON
 * adds what the CSV cannot hold: the two sides, per target the fingerprint (differences with their
 * status, same values, unknown keys), notes, the A/A pairs, the settings, the summary and the
 * durability costs where a baseline changed.
 */
public final class CompareJson {
    public static final String SCHEMA = "durabench-compare/1";

    private CompareJson() {
    }

    public static String csv(Comparison c) {
        return CsvRenderer.csv(CompareFields.ROWS, c.rows());
    }

    public static String render(Comparison c) {
        JsonObject root = new JsonObject();
        root.addProperty("schema", SCHEMA);
        root.addProperty("base", c.base());
        root.addProperty("candidate", c.candidate());
        JsonObject settings = new JsonObject();
        settings.addProperty("thresholdPercent", c.settings().thresholdPercent());
        settings.addProperty("alpha", c.settings().alpha());
        settings.addProperty("confidence", c.settings().confidence());
        settings.addProperty("correction", "Holm");
        root.add("settings", settings);
        root.add("fingerprint", JsonFields.arrayOf(c.checks().entrySet().stream().map(e -> fingerprint(e.getKey(), e.getValue())).toList()));
        root.add("notes", JsonFields.arrayOf(c.notes()));
        root.add("aaPairs", JsonFields.arrayOf(c.aaPairs()));
        root.addProperty("replication", c.replication());
        root.add("summary", summary(c));
        root.add("rows", JsonRows.of(CompareFields.ROWS, c.rows()));
        root.add("durabilityCost", JsonRows.of(CompareFields.COSTS, c.costChanges()));
        return new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create().toJson(root) + "\n";
    }

    private static JsonObject fingerprint(String target, FingerprintCheck check) {
        JsonObject o = new JsonObject();
        o.addProperty("target", target);
        JsonArray diffs = new JsonArray();
        for (FingerprintCheck.FingerprintDifference d : check.differences()) {
            JsonObject x = new JsonObject();
            x.addProperty("key", d.key().key());
            x.addProperty("base", d.base());
            x.addProperty("candidate", d.candidate());
            x.addProperty("status", d.status().label());
            diffs.add(x);
        }
        o.add("differences", diffs);
        JsonObject same = new JsonObject();
        for (FingerprintKey k : check.same()) same.addProperty(k.key(), check.base().text(k));
        o.add("same", same);
        o.add("unknown", JsonFields.arrayOf(check.unknown().stream().map(k -> k.key()).toList()));
        return o;
    }

    private static JsonObject summary(Comparison c) {
        ComparisonSummary s = c.sweep().summary();
        JsonObject o = new JsonObject();
        o.addProperty("sentence", s.sentence());
        o.addProperty("regressions", c.count(Verdict.REGRESSION));
        o.addProperty("improvements", c.count(Verdict.IMPROVEMENT));
        o.addProperty("unchanged", c.compared().size() - c.count(Verdict.REGRESSION) - c.count(Verdict.IMPROVEMENT));
        o.addProperty("notSignificant", c.count(Verdict.UNCHANGED));
        o.addProperty("underThreshold", c.count(Verdict.UNDER_THRESHOLD));
        o.addProperty("insideAaNoise", c.count(Verdict.INSIDE_NOISE));
        o.addProperty("design", c.sweep().pairing().reason());
        o.addProperty("notCompared", c.rows().size() - c.compared().size());
        o.add("typicalDetectablePercent", finite(s.typicalDetectablePercent()));
        o.addProperty("rowsThatCannotDetect", s.rowsThatCannotDetect());
        o.addProperty("rowsWhoseDetectableChangeOneRoundSets", s.rowsSetByOneRound());
        o.add("largestAaChangePercent", finite(s.largestAaChangePercent()));
        o.add("largestChangeInsideNoisePercent", finite(s.largestChangeInsideNoise()));
        o.addProperty("geometricMean", s.geometricMean().value());
        o.addProperty("geometricMeanLine", s.geometricMeanLine());
        return o;
    }

    private static com.google.gson.JsonElement finite(double x) {
        return Double.isFinite(x) ? new com.google.gson.JsonPrimitive(x) : com.google.gson.JsonNull.INSTANCE;
    }
}
