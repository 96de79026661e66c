package io.durabench.fleet;

import io.durabench.env.JsonFields;
import io.durabench.report.render.JsonRenderer;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.report.ReportRow;
import io.durabench.results.FleetFolder.Host;

/**
 * A fleet's report.json: "fleet", "groupBy", "hosts" (hosts.json's entries), "tables" (per benchmark
 * group its columns with their hosts and per method its cells: value, low, high, whether it is a
 * range over hosts or an interval, and the row ids behind it), "findings", and "report", the report
 * over every host as {@link JsonRenderer} writes it (contexts carry their "host"). CSV: one tidy row
 * per table cell.
 */
public final class FleetJson {
    private FleetJson() {
    }

    public static String render(FleetView v) {
        JsonObject root = new JsonObject();
        root.addProperty("schema", "durabench-fleet-report/1");
        root.addProperty("fleet", v.fleet().name());
        root.addProperty("groupBy", v.groupBy().word());
        JsonArray hosts = new JsonArray();
        for (Host h : v.fleet().hosts()) {
            JsonObject o = new JsonObject();
            o.addProperty("host", h.host());
            o.addProperty("status", h.status());
            o.addProperty("reason", h.reason());
            o.addProperty("durabenchVersion", h.durabenchVersion());
            o.addProperty("exitCode", h.exitCode());
            o.addProperty("inReport", v.measuredHosts().contains(h.host()));
            hosts.add(o);
        }
        root.add("hosts", hosts);
        root.add("tables", JsonFields.arrayOf(v.tables().stream().map(FleetJson::table).toList()));
        JsonArray findings = new JsonArray();
        for (FleetFinding f : v.findings()) {
            JsonObject o = new JsonObject();
            o.addProperty("kind", f.kind().id());
            o.add("hosts", JsonFields.arrayOf(f.hosts()));
            o.addProperty("message", f.message());
            findings.add(o);
        }
        root.add("findings", findings);
        root.add("report", JsonParser.parseString(JsonRenderer.render(v.report())));
        return new GsonBuilder().setPrettyPrinting().serializeNulls().serializeSpecialFloatingPointValues().create().toJson(root) + "\n";
    }

    private static JsonObject table(FleetTable t) {
        JsonObject o = new JsonObject();
        o.addProperty("group", t.group());
        o.addProperty("figure", t.figure());
        o.addProperty("unit", t.unit());
        JsonArray columns = new JsonArray();
        for (FleetTable.FleetColumn c : t.columns()) {
            JsonObject col = new JsonObject();
            col.addProperty("name", c.name());
            col.add("hosts", JsonFields.arrayOf(c.hosts()));
            col.addProperty("noStableStorage", c.noStableStorage());
            columns.add(col);
        }
        o.add("columns", columns);
        JsonArray lines = new JsonArray();
        for (FleetTable.Line l : t.lines()) {
            JsonObject line = new JsonObject();
            line.addProperty("method", l.method());
            line.addProperty("durable", l.durable());
            JsonArray cells = new JsonArray();
            for (FleetTable.FleetCell c : l.cells()) cells.add(c == null ? com.google.gson.JsonNull.INSTANCE : cell(c));
            line.add("cells", cells);
            lines.add(line);
        }
        o.add("lines", lines);
        return o;
    }

    private static JsonObject cell(FleetTable.FleetCell c) {
        JsonObject o = new JsonObject();
        o.addProperty("notMeasured", c.notMeasured());
        o.addProperty("us", finite(c.value()));
        o.addProperty("lowUs", finite(c.low()));
        o.addProperty("highUs", finite(c.high()));
        o.addProperty("kind", c.range() ? "median of hosts, lowest..highest" : "mean without stalls, 99.9% interval");
        o.addProperty("hosts", c.contexts());
        o.add("rows", JsonFields.arrayOf(c.rows().stream().map(ReportRow::id).toList()));
        return o;
    }

    private static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }

    /** One tidy CSV row per table cell: group, figure, method, durable, column, hosts, us, lowUs, highUs, range. */
    public static String csv(FleetView v) {
        StringBuilder sb = new StringBuilder("group,figure,method,durable,column,hosts,us,lowUs,highUs,range,notMeasured\n");
        for (FleetTable t : v.tables()) {
            for (FleetTable.Line l : t.lines()) {
                for (int i = 0; i < t.columns().size(); i++) {
                    FleetTable.FleetCell c = l.cells().get(i);
                    if (c == null) continue;
                    FleetTable.FleetColumn col = t.columns().get(i);
                    sb.append(String.join(",", q(t.group()), q(t.figure()), q(l.method()), String.valueOf(l.durable()), q(col.name()),
                            q(String.join(" ", col.hosts())), num(c.value()), num(c.low()), num(c.high()), String.valueOf(c.range()),
                            c.notMeasured() == null ? "" : c.notMeasured())).append('\n');
                }
            }
        }
        return sb.toString();
    }

    private static String num(double x) {
        return Double.isFinite(x) ? String.valueOf(x) : "";
    }

    private static String q(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
