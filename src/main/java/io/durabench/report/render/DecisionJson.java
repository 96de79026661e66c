package io.durabench.report.render;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.durabench.report.Context;
import io.durabench.report.DecisionTable;
import io.durabench.report.ReportRow;
import java.util.List;

/**
 * The decision tables in report.json: per family its centre, what a figure is and its n, the
 * targets (context labels), and per method the row id of each cell (the figures are in "rows")
 * with whether it is in that target's fastest set.
 */
final class DecisionJson {
    private DecisionJson() {
    }

    static JsonArray of(List<DecisionTable> tables) {
        JsonArray out = new JsonArray();
        for (DecisionTable t : tables) {
            JsonObject o = new JsonObject();
            o.addProperty("family", t.family());
            o.addProperty("centre", t.centre());
            o.addProperty("unit", t.unit());
            o.addProperty("figure", DecisionTableText.FIGURE);
            o.addProperty("replication", t.replication());
            o.addProperty("betweenForks", t.betweenForks());
            o.add("targets", labels(t.targets()));
            o.add("decidedInLockStep", labels(t.targets().stream().filter(t::decidedInLockStep).toList()));
            o.add("noStableStorage", labels(t.leftOut()));
            o.add("durable", lines(t.durable(), t));
            o.add("notDurable", lines(t.notDurable(), t));
            out.add(o);
        }
        return out;
    }

    private static JsonArray labels(List<Context> contexts) {
        JsonArray a = new JsonArray();
        contexts.forEach(c -> a.add(c.label()));
        return a;
    }

    private static JsonArray lines(List<DecisionTable.Line> lines, DecisionTable t) {
        JsonArray out = new JsonArray();
        for (DecisionTable.Line l : lines) {
            JsonObject o = new JsonObject();
            o.addProperty("method", l.method());
            JsonArray cells = new JsonArray();
            for (Context c : t.targets()) {
                ReportRow r = l.on(c);
                if (r == null) continue;
                JsonObject cell = new JsonObject();
                cell.addProperty("context", c.label());
                cell.addProperty("row", r.id());
                cell.addProperty("fastest", l.fastestIn().contains(c) && (t.betweenForks() || t.decidedInLockStep(c)));
                if (t.decidedInLockStep(c)) cell.addProperty("versusReference", DecisionTableText.versusReference(l, t.lockStep().get(c)));
                cells.add(cell);
            }
            o.add("cells", cells);
            out.add(o);
        }
        return out;
    }
}
