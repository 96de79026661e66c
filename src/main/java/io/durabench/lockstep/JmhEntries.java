package io.durabench.lockstep;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.durabench.catalogue.Cell;
import io.durabench.child.JvmFlags;
import io.durabench.env.JvmFacts;
import io.durabench.nativeio.NativeLayer;
import io.durabench.results.LockStepFile;
import io.durabench.stats.Stats;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One side's figures of one cell in one fork pair as an entry of JMH's JSON format (one fork, one
 * iteration per measured block, in µs per operation; the workload's counters over the pair as
 * secondary metrics), so that every reader of absolute figures (report, compare's rounds design, the gate,
 * the fleet) reads a lock-step side as it reads a run's slot: its fork pairs are its forks, merged
 * like rounds. What JMH's settings fields would say is said in words ("lock-step: …"), so that a
 * reader never mistakes these for JMH's own iterations; jmhVersion says none ran.
 */
final class JmhEntries {
    /** What jmhVersion says of a lock-step entry: no JMH ran it. */
    static final String NO_JMH = "none (durabench lock-step)";

    private JmhEntries() {
    }

    static JsonObject entry(Cell cell, JvmFacts jvm, NativeLayer.Kind layer, List<String> jvmArgs, LockStepFile.SideRecord side) {
        JsonObject o = new JsonObject();
        o.addProperty("jmhVersion", NO_JMH);
        o.addProperty("benchmark", cell.benchmark().jmhName());
        o.addProperty("mode", "avgt");
        o.addProperty("threads", 1);
        o.addProperty("forks", 1);
        o.addProperty("jvm", jvm.java().toString());
        JsonArray args = new JsonArray();
        JvmFlags.ours(jvm.feature(), layer).list().forEach(args::add);
        jvmArgs.forEach(args::add);
        o.add("jvmArgs", args);
        o.addProperty("jdkVersion", jvm.version());
        o.addProperty("vmName", jvm.vmName());
        o.addProperty("vmVersion", jvm.vmVersion());
        o.addProperty("warmupIterations", 0);
        o.addProperty("warmupTime", "lock-step: until both JITs are quiet");
        o.addProperty("warmupBatchSize", 1);
        o.addProperty("measurementIterations", side.blocks().size());
        // One text for every cell, so that a reader's fingerprint does not list each cell's block size (lockstep.json keeps it).
        o.addProperty("measurementTime", "lock-step blocks");
        o.addProperty("measurementBatchSize", 1);
        JsonObject params = new JsonObject();
        cell.jmhParams().forEach(params::addProperty);
        o.add("params", params);
        double[] perBlock = side.blocks().stream().mapToDouble(LockStepFile.Block::microsPerOperation).toArray();
        o.add("primaryMetric", metric(Arrays.stream(perBlock).average().orElse(Double.NaN), perBlock, "us/op"));
        // The counters over the whole fork pair (one value per fork, as JMH's events counters sum over a fork's iterations).
        JsonObject secondary = new JsonObject();
        for (String name : cell.family().counters().names()) {
            double total = side.counters().getOrDefault(name, 0L);
            secondary.add(name, metric(total, new double[] {total}, "#"));
        }
        o.add("secondaryMetrics", secondary);
        return o;
    }

    private static JsonObject metric(double score, double[] iterations, String unit) {
        JsonObject m = new JsonObject();
        m.addProperty("score", score);
        m.addProperty("scoreError", "NaN");
        JsonArray ci = new JsonArray();
        ci.add("NaN");
        ci.add("NaN");
        m.add("scoreConfidence", ci);
        List<double[]> samples = Arrays.stream(iterations).mapToObj(v -> new double[] {v, 1}).toList();
        JsonObject pct = new JsonObject();
        for (Map.Entry<String, Double> e : Map.of("0.0", 0.0, "50.0", 50.0, "90.0", 90.0, "95.0", 95.0, "99.0", 99.0, "99.9", 99.9,
                "100.0", 100.0).entrySet()) {
            pct.addProperty(e.getKey(), Stats.percentile(List.of(samples), e.getValue()));
        }
        m.add("scorePercentiles", pct);
        m.addProperty("scoreUnit", unit);
        JsonArray raw = new JsonArray(), fork = new JsonArray();
        for (double v : iterations) fork.add(v);
        raw.add(fork);
        m.add("rawData", raw);
        return m;
    }
}
