package io.durabench.slo;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.durabench.stats.Estimate;
import io.durabench.stats.ForkBounds;
import java.util.List;

/**
 * report.json's "slo": one object per SLO and target, the figure's unit µs (ops/s for an ops/s SLO), null where there is
 * none; "low" and "high" are the verdict's one-sided bounds on the figure's long-run value, each at "level".
 */
public final class SloJson {
    private SloJson() {
    }

    public static JsonArray of(List<SloVerdict> verdicts) {
        JsonArray arr = new JsonArray();
        for (SloVerdict v : verdicts) {
            JsonObject o = new JsonObject();
            o.addProperty("slo", v.slo().describe());
            o.addProperty("context", v.context());
            o.addProperty("target", v.target());
            o.addProperty("verdict", v.outcome().word());
            Estimate e = v.figure();
            o.addProperty("unit", v.slo().metric().isTime() ? "us" : "ops/s");
            o.addProperty("threshold", v.slo().threshold());
            o.addProperty("figure", e == null || !Double.isFinite(e.mean()) ? null : e.mean());
            o.addProperty("low", e == null || !Double.isFinite(e.low()) ? null : e.low());
            o.addProperty("high", e == null || !Double.isFinite(e.high()) ? null : e.high());
            o.addProperty("level", e == null || !e.hasInterval() ? null : ForkBounds.LEVEL);
            o.addProperty("forks", e == null || !e.betweenForks() ? null : e.n());
            o.addProperty("why", v.why());
            o.addProperty("line", v.line());
            arr.add(o);
        }
        return arr;
    }
}
