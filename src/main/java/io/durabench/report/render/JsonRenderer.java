package io.durabench.report.render;

import io.durabench.env.JsonFields;
import io.durabench.slo.SloJson;
import io.durabench.output.JsonRows;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.durabench.report.Context;
import io.durabench.env.EnvironmentFacts;
import io.durabench.report.Finding;
import io.durabench.report.Report;
import io.durabench.slo.SloVerdict;
import java.util.List;

/**
 * report.json, for other tools: "decisions" (the decision tables, cells as row ids: {@link DecisionJson})
 * and "recommendations" (one line per target), "rows" (per-write rows), "groupCommit" and "otherResults", each
 * written from its field list in {@link RowFields} (the same lists the report-KIND.csv files are written from),
 * null where a figure does not exist; "contexts" with their environment lines; "warnings"
 * {kind, message, rows} whose rows are row ids; "findings" {context, kind, message, rows}; and
 * "costModel", one fit per context and durable method ({@link CostModelJson}); "lockStep", the run's methods
 * against its reference in lock-step ({@link LockStepFields}, as report-lock-step.csv); with {@code report --slo}, "slo"
 * ({@link SloJson}).
 */
public final class JsonRenderer {
    private JsonRenderer() {
    }

    public static String render(Report report) {
        return render(report, List.of());
    }

    /** @param slo the verdicts of {@code report --slo}: "slo", after "contexts" (absent without any) */
    public static String render(Report report, List<SloVerdict> slo) {
        JsonObject root = new JsonObject();
        root.addProperty("schema", "durabench-report/1");
        root.addProperty("baseline", report.baseline());
        root.addProperty("statistics", Report.METHOD_NOTE);
        JsonArray contexts = new JsonArray();
        for (Context c : report.contexts()) {
            JsonObject o = new JsonObject();
            o.addProperty("context", c.label());
            if (c.host() != null) o.addProperty("host", c.host());
            o.addProperty("directory", c.directory());
            o.addProperty("filesystem", c.filesystem());
            o.addProperty("jdk", c.jdk());
            o.add("environment", JsonFields.arrayOf(EnvironmentFacts.lines(c.environment())));
            contexts.add(o);
        }
        root.add("contexts", contexts);
        if (!slo.isEmpty()) root.add("slo", SloJson.of(slo));
        Opening opening = Opening.of(report);
        root.add("decisions", DecisionJson.of(opening.tables()));
        root.add("recommendations", JsonFields.arrayOf(opening.recommendations()));
        root.add("rows", JsonRows.of(RowFields.DURABENCH, report.rows()));
        root.add("warnings", JsonFields.arrayOf(report.warnings().stream().map(w -> said(new JsonObject(), w.kind().id(), w.message(),
                w.rows())).toList()));
        root.add("findings", findings(report));
        root.add("costModel", CostModelJson.of(report.costModel()));
        root.add("groupCommit", JsonRows.of(RowFields.GROUP_COMMIT, report.groupCommitRows()));
        root.add("otherResults", JsonRows.of(RowFields.OTHER, report.plainRows()));
        root.add("lockStep", JsonRows.of(LockStepFields.FIELDS, LockStepFields.rows(report)));
        return new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create().toJson(root) + "\n";
    }

    /** {context (label, null when about several), kind, message, rows}: the report's opening, for tools. */
    private static JsonArray findings(Report report) {
        JsonArray out = new JsonArray();
        for (Finding f : report.findings()) {
            JsonObject o = new JsonObject();
            o.addProperty("context", f.context());
            out.add(said(o, f.kind().id(), f.message(), f.rows()));
        }
        return out;
    }

    /** A warning's or finding's kind, message and the ids of the rows it is about, added to {@code o}. */
    private static JsonObject said(JsonObject o, String kind, String message, List<Integer> rows) {
        o.addProperty("kind", kind);
        o.addProperty("message", message);
        o.add("rows", JsonFields.arrayOf(rows));
        return o;
    }
}
