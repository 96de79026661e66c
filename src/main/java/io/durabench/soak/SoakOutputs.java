package io.durabench.soak;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.chart.LatencyOverTimeChart;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * A soak's files besides its interval log: the per-second CSV, the summary as text and JSON, and
 * the latency-over-time chart. Written once, at the end (or on Ctrl-C, for the seconds done): the
 * CSV's stall column needs the whole run's median, which no second knows before the last.
 */
public final class SoakOutputs {
    public static final String CSV = "soak-seconds.csv";
    public static final String SUMMARY = "soak-summary.txt";
    public static final String JSON = "soak.json";
    public static final String CHART = "soak-latency";
    static final String CSV_HEADER = "second,ops,ops_per_s,p50_us,p99_us,max_us,sync_p99_us,in_flight_us,log_restarts,stall";

    private SoakOutputs() {
    }

    /**
     * Loads the chart's fonts and Java2D before the soak starts: font files register a shutdown hook
     * when first opened, which a JVM already shutting down (Ctrl-C) refuses.
     */
    static void prepare() {
        LatencyOverTimeChart.prepare();
    }

    static void write(SoakResult r, Path dir) {
        writeLines(dir.resolve(CSV), csv(r));
        writeLines(dir.resolve(SUMMARY), SoakText.summary(r));
        try {
            Files.writeString(dir.resolve(JSON), new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create()
                    .toJson(json(r)) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(JSON) + ": " + e.getMessage(), e);
        }
        if (!r.seconds().isEmpty() && r.ending() != SoakResult.Ending.FAILED) LatencyOverTimeChart.write(dir, CHART, chart(r));
    }

    static List<String> csv(SoakResult r) {
        List<String> lines = new ArrayList<>();
        lines.add(CSV_HEADER);
        long restartsBefore = 0;
        for (int i = 0; i < r.seconds().size(); i++) {
            SecondStats s = r.seconds().get(i);
            lines.add(s.second() + "," + s.ops() + "," + s.ops() + "," + num(s.p50Us()) + "," + num(s.p99Us()) + "," + num(s.maxUs()) + ","
                    + num(s.syncP99Us()) + "," + num(s.inFlightUs()) + "," + (s.restartsSoFar() - restartsBefore) + "," + (r.stalls().stalled()[i] ? 1 : 0));
            restartsBefore = s.restartsSoFar();
        }
        return lines;
    }

    static JsonObject json(SoakResult r) {
        SoakSettings s = r.settings();
        JsonObject o = new JsonObject();
        o.addProperty("schema", "durabench-soak/1");
        o.addProperty("mode", s.mode());
        o.addProperty("modeDescription", s.modeDescription());
        o.addProperty("ending", r.ending().word());
        o.addProperty("failure", r.failure());
        JsonObject cell = new JsonObject();
        // Keyed as the benchmarks' parameters are, so a soak's cell reads like a run's.
        cell.addProperty(SyncWriteCostFamily.SYNC_METHOD.name(), s.cell().method().name());
        cell.addProperty(SyncWriteCostFamily.BLOCK_SIZE.name(), s.cell().blockSizeBytes());
        cell.addProperty(SyncWriteCostFamily.WRITES_PER_SYNC.name(), s.cell().writesPerSync());
        cell.addProperty(SyncWriteCostFamily.PREALLOCATION.name(), s.cell().preallocation().name());
        cell.addProperty("directory", s.cell().dir().toString());
        cell.addProperty("regionBytes", s.cell().regionBytes());
        o.add("cell", cell);
        o.addProperty("startedAt", r.startedAt().toString());
        o.addProperty("durationAskedSeconds", s.duration().toSeconds());
        o.addProperty("secondsMeasured", r.secondsDone());
        if (s.fixedRate()) o.addProperty("rateAskedPerSecond", s.ratePerSecond());
        o.addProperty("ops", r.totalOps());
        o.addProperty("opsPerSecond", d(r.achievedRate()));
        if (s.fixedRate()) o.addProperty("keptUp", r.keptUp());
        if (r.ending() != SoakResult.Ending.FAILED) {
            o.add("opLatencyUs", percentiles(r.ops()));
            if (r.syncs().getTotalCount() > 0) o.add("syncLatencyUs", percentiles(r.syncs()));
            if (r.service().getTotalCount() > 0) o.add("serviceTimeUs", percentiles(r.service()));
            JsonObject st = new JsonObject();
            st.addProperty("factor", Stalls.FACTOR);
            st.addProperty("floorUs", Stalls.FLOOR_US);
            st.addProperty("medianSecondP99Us", d(r.stalls().medianP99Us()));
            st.addProperty("thresholdUs", d(r.stalls().thresholdUs()));
            st.addProperty("stalledSeconds", r.stalls().stalledSeconds());
            JsonArray list = new JsonArray();
            for (Stalls.Stall x : r.stalls().stalls()) {
                JsonObject j = new JsonObject();
                j.addProperty("fromSecond", x.fromSecond());
                j.addProperty("seconds", x.seconds());
                j.addProperty("startsAt", r.startedAt().plusSeconds(x.fromSecond()).toString());
                j.addProperty("worstP99Us", d(x.worstP99Us()));
                j.addProperty("worstUs", d(x.worstUs()));
                list.add(j);
            }
            st.add("stalls", list);
            o.add("stalls", st);
            o.add("periodP99", period(r.periodP99()));
            o.add("periodMax", period(r.periodMax()));
            o.add("steadyState", steady(r.steadyState()));
            o.addProperty("logRestarts", r.restarts());
            o.addProperty("timingCostNsPerOp", d(r.timingCostNanos()));
        }
        o.add("environment", r.environment() == null ? null : r.environment().toJson());
        return o;
    }

    private static JsonObject percentiles(Histogram h) {
        JsonObject o = new JsonObject();
        o.addProperty("count", h.getTotalCount());
        o.addProperty("p50", h.getValueAtPercentile(50) / 1e3);
        o.addProperty("p99", h.getValueAtPercentile(99) / 1e3);
        o.addProperty("p99_9", h.getValueAtPercentile(99.9) / 1e3);
        o.addProperty("max", h.getMaxValue() / 1e3);
        return o;
    }

    private static JsonObject period(Periodicity.Result p) {
        JsonObject o = new JsonObject();
        o.addProperty("found", p.found());
        if (p.found()) o.addProperty("periodSeconds", p.periodSeconds());
        o.addProperty("autocorrelation", d(p.r()));
        o.addProperty("bound", d(p.bound()));
        o.addProperty("text", p.describe());
        return o;
    }

    private static JsonObject steady(SoakSteadyState.Result s) {
        JsonObject o = new JsonObject();
        o.addProperty("verdict", s.verdict().name().toLowerCase(Locale.ROOT));
        o.addProperty("windowSeconds", s.windowSeconds());
        for (SoakSteadyState.Change c : new SoakSteadyState.Change[] {s.p50(), s.p99()}) {
            if (c == null) continue;
            JsonObject j = new JsonObject();
            j.addProperty("firstUs", d(c.firstUs()));
            j.addProperty("lastUs", d(c.lastUs()));
            j.addProperty("ratio", d(c.ratio()));
            j.addProperty("low", d(c.low()));
            j.addProperty("high", d(c.high()));
            j.addProperty("verdict", c.verdict().name().toLowerCase(Locale.ROOT));
            o.add(c.metric(), j);
        }
        o.addProperty("text", s.describe());
        return o;
    }

    private static LatencyOverTimeChart.Data chart(SoakResult r) {
        List<double[]> rows = new ArrayList<>();
        for (SecondStats s : r.seconds()) rows.add(new double[] {s.second(), s.p50Us(), s.p99Us(), s.worstUs()});
        List<int[]> stalls = r.stalls().stalls().stream().map(x -> new int[] {x.fromSecond(), x.toSecond()}).toList();
        SoakSettings s = r.settings();
        String title = "Latency per second: " + s.cell().method() + ", " + s.cell().blockSizeBytes() + " B, " + s.mode()
                + (s.fixedRate() ? " at " + Rates.format(s.ratePerSecond()) + "/s" : "")
                + (r.environment() == null ? "" : " on " + r.environment().filesystemAndBacking());
        String note = "Each point is one second's operations (write + sync" + (s.fixedRate() ? ", from the intended start" : "")
                + "); max includes the age of an operation still running at the second's end. Marked (rule, triangle): stalls (p99 > "
                + Rates.format(Stalls.FACTOR) + " x the median per-second p99 of " + SoakText.time(r.stalls().medianP99Us()) + ", and > "
                + SoakText.time(Stalls.FLOOR_US) + "): " + r.stalls().stalls().size() + ".";
        return new LatencyOverTimeChart.Data(title, rows, stalls, r.stalls().thresholdUs(), note);
    }

    /** JSON has no NaN: a figure that does not exist is null. */
    private static Double d(double x) {
        return Double.isFinite(x) ? x : null;
    }

    private static String num(double x) {
        return Double.isFinite(x) ? String.format(Locale.ROOT, "%.1f", x) : "";
    }

    private static void writeLines(Path file, List<String> lines) {
        try {
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
