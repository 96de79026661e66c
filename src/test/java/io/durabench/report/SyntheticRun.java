package io.durabench.report;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.workload.SyncMethod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a results folder laid out as `durabench run --out` does, with figures chosen by the test:
 * per target a jmh-result.json in JMH 1.37's shape, environment.json and not-applicable.json.
 * Each row is measured in {@value #FORKS} forks whose means are spread symmetrically around the
 * row's mean (mean + k·spread for k = -2..2; each fork's 5 iterations at its fork's mean), so the
 * report recomputes exactly that mean, and its interval is between forks as a current run's is.
 * {@link #oneFork} writes results as runs made before forks were the unit of replication did: one
 * fork whose 5 iterations are spread the same way. Findings, filters, the cost model and the chart
 * layout are tested on these real files, read by the real loader.
 */
public final class SyntheticRun {
    static final String SYNC_WRITE = "io.durabench.bench.SyncWriteCost.writeBlock";
    static final String FILE_CREATE = "io.durabench.bench.FileCreateCost.createWriteSync";
    static final String PG = "io.durabench.bench.PgTestFsyncEquivalent.rewriteFirstBlock";
    /** Forks per row of a current run (one fork per round, several rounds). */
    static final int FORKS = 5;
    private static final int ITERATIONS = 5;
    private final Path root;
    private final int forks;
    private final List<Target> targets = new ArrayList<>();

    /** A run whose rows are measured in {@value #FORKS} forks each. */
    public SyntheticRun(Path root) {
        this(root, FORKS);
    }

    private SyntheticRun(Path root, int forks) {
        this.root = root;
        this.forks = forks;
    }

    /** A run as made before forks were the unit of replication: each row one fork of 5 iterations. */
    public static SyntheticRun oneFork(Path root) {
        return new SyntheticRun(root, 1);
    }

    /** A target on a block device; {@code rotational} 1 for a disk that claims to spin (its floor is 1 ms per flush). */
    public Target target(String dir, String fs, String deviceName, int rotational, String writeCache) {
        JsonObject device = JsonParser.parseString("{\"name\":\"" + deviceName + "\",\"partition\":null,\"sysfsPath\":\"/sys/block/"
                + deviceName + "\",\"writeCache\":\"" + writeCache + "\",\"fua\":0,\"rotational\":" + rotational
                + ",\"scheduler\":\"[none]\",\"logicalBlockSize\":512,\"physicalBlockSize\":512,\"model\":\"synthetic\",\"loop\":null}")
                .getAsJsonObject();
        Target t = new Target(dir, fs, true, device);
        targets.add(t);
        return t;
    }

    /** A target with no stable storage behind it (tmpfs). */
    public Target memory(String dir) {
        Target t = new Target(dir, "tmpfs", false, null);
        targets.add(t);
        return t;
    }

    public Path save() {
        targets.forEach(Target::save);
        return root;
    }

    public final class Target {
        final String dir;
        private final String fs;
        private final boolean durable;
        private final JsonObject device;
        private final JsonArray results = new JsonArray();
        private final JsonArray notApplicable = new JsonArray();
        private final JsonArray failed = new JsonArray();
        /** Sync-call histograms to log, per fork, as the suite's forks log them. */
        private final List<Object[]> syncForks = new ArrayList<>();

        private Target(String dir, String fs, boolean durable, JsonObject device) {
            this.dir = dir;
            this.fs = fs;
            this.durable = durable;
            this.device = device;
        }

        /** A SyncWriteCost row (AverageTime). */
        public Target write(String method, int block, int batch, String prealloc, double mean, double spread) {
            results.add(result(SYNC_WRITE, "avgt", writeParams(method, block, batch, prealloc), avgt(mean, spread),
                    counters(method, block, batch)));
            return this;
        }

        /**
         * The row's sync-call latency as its forks logged it (call-latency.hlog): per fork, 1,000 syncs
         * of {@code typicalUs} with the slowest 2% at that fork's {@code p99Us} (so its p99 is about that).
         */
        public Target syncLatency(String method, int block, int batch, String prealloc, double typicalUs, double... p99Us) {
            for (int f = 0; f < p99Us.length; f++) {
                org.HdrHistogram.Histogram h = io.durabench.workload.CallLatencies.newHistogram();
                h.recordValueWithCount((long) (typicalUs * 1000), 980);
                h.recordValueWithCount((long) (p99Us[f] * 1000), 20);
                syncForks.add(new Object[] {io.durabench.results.CallLatencyLog.cellKey(SYNC_WRITE, writeParams(method, block, batch, prealloc)), f, h});
            }
            return this;
        }

        /**
         * A SyncWriteCost row (AverageTime) with every iteration chosen: one array per fork, in the
         * order the forks ran (for trends within and between forks).
         */
        public Target writeIterations(String method, int block, int batch, String prealloc, double[][] forkIterations) {
            JsonObject primary = new JsonObject();
            JsonArray raw = new JsonArray();
            double sum = 0;
            int n = 0;
            for (double[] fork : forkIterations) {
                JsonArray it = new JsonArray();
                for (double v : fork) {
                    it.add(v);
                    sum += v;
                    n++;
                }
                raw.add(it);
            }
            primary.addProperty("score", sum / n);
            primary.addProperty("scoreError", "NaN");
            primary.addProperty("scoreUnit", "us/op");
            primary.add("rawData", raw);
            JsonObject r = result(SYNC_WRITE, "avgt", writeParams(method, block, batch, prealloc), primary, counters(method, block, batch));
            r.addProperty("forks", forkIterations.length);
            r.addProperty("measurementIterations", forkIterations[0].length);
            results.add(r);
            return this;
        }

        /** The same row's SampleTime result, with chosen p50, p99 and p99.9. */
        public Target sample(String method, int block, int batch, String prealloc, double p50, double p99, double p999) {
            JsonObject primary = new JsonObject();
            JsonArray forkArray = new JsonArray();
            for (int f = 0; f < forks; f++) {
                JsonArray iterations = new JsonArray();
                for (int i = 0; i < ITERATIONS; i++) {
                    // 1,000 samples: 98.5% at p50, 1.3% at p99, 0.2% at p99.9.
                    JsonArray pairs = new JsonArray();
                    pairs.add(pair(p50, 985));
                    pairs.add(pair(p99, 13));
                    pairs.add(pair(p999, 2));
                    iterations.add(pairs);
                }
                forkArray.add(iterations);
            }
            primary.addProperty("score", (985 * p50 + 13 * p99 + 2 * p999) / 1000);
            primary.addProperty("scoreError", 0.0);
            primary.addProperty("scoreUnit", "us/op");
            primary.add("rawDataHistogram", forkArray);
            results.add(result(SYNC_WRITE, "sample", writeParams(method, block, batch, prealloc), primary, counters(method, block, batch)));
            return this;
        }

        public Target fileCreate(boolean syncDirectory, double mean, double spread) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("targetDir", dir);
            params.put("blockSizeBytes", "8192");
            params.put("syncDirectory", String.valueOf(syncDirectory));
            JsonObject c = new JsonObject();
            c.add("writes", counter(10000));
            c.add("bytes", counter(10000 * 8192.0));
            c.add("syncCalls", counter(10000 * (syncDirectory ? 2.0 : 1.0)));
            c.add("syncedWrites", counter(0));
            c.add("preallocSyncs", counter(0));
            results.add(result(FILE_CREATE, "avgt", params, avgt(mean, spread), c));
            return this;
        }

        public Target failed(String method, int block, int batch, String prealloc, String error) {
            failed.add(notMeasured(writeParams(method, block, batch, prealloc), error));
            return this;
        }

        public Target notApplicable(String method, int block, int batch, String prealloc, String reason) {
            notApplicable.add(notMeasured(writeParams(method, block, batch, prealloc), reason));
            return this;
        }

        private JsonObject notMeasured(Map<String, String> params, String reason) {
            JsonObject o = new JsonObject();
            o.addProperty("benchmark", SYNC_WRITE);
            JsonObject p = new JsonObject();
            params.forEach(p::addProperty);
            o.add("params", p);
            o.addProperty("reason", reason);
            return o;
        }

        private Map<String, String> writeParams(String method, int block, int batch, String prealloc) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("targetDir", dir);
            params.put("syncMethod", method);
            params.put("blockSizeBytes", String.valueOf(block));
            params.put("writesPerSync", String.valueOf(batch));
            params.put("preallocation", prealloc);
            return params;
        }

        private JsonObject counters(String method, int block, int batch) {
            SyncMethod m = SyncMethod.valueOf(method);
            double writes = 10000;
            JsonObject c = new JsonObject();
            c.add("writes", counter(writes));
            c.add("bytes", counter(writes * block));
            c.add("syncCalls", counter(m.hasExplicitSync() ? writes / batch : 0));
            c.add("syncedWrites", counter(m.syncsInWrite() ? writes : 0));
            c.add("preallocSyncs", counter(0));
            return c;
        }

        private void save() {
            Path d = root.resolve(dir.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-", ""));
            try {
                Files.createDirectories(d);
                var gson = new GsonBuilder().setPrettyPrinting().create();
                Files.writeString(d.resolve("jmh-result.json"), gson.toJson(results));
                Files.writeString(d.resolve("environment.json"), gson.toJson(environment()));
                JsonObject na = new JsonObject();
                na.addProperty("schema", "durabench-not-measured/1");
                na.add("notApplicable", notApplicable);
                na.add("failed", failed);
                Files.writeString(d.resolve("not-applicable.json"), gson.toJson(na));
                for (Object[] f : syncForks) {
                    io.durabench.results.CallLatencyLog.append(d.resolve(io.durabench.results.CallLatencyLog.FILE), "avgt", (String) f[0], (int) f[1],
                            Map.of(io.durabench.results.CallLatencyLog.Call.SYNC, (org.HdrHistogram.Histogram) f[2]), 1_700_000_000_000L, 1_700_000_001_000L);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private JsonObject environment() {
            JsonObject env = JsonParser.parseString("{\"schema\":\"durabench-environment/1\",\"timestamp\":\"2026-11-30T00:00:00Z\","
                    + "\"hostname\":\"synthetic\",\"kernel\":{\"release\":\"6.1.0\",\"version\":\"#1\"},"
                    + "\"cpu\":{\"model\":\"synthetic CPU\",\"count\":2},\"jdk\":{\"vendor\":\"Debian\",\"version\":\"17.0.15\","
                    + "\"vmName\":\"OpenJDK 64-Bit Server VM\",\"vmVersion\":\"17.0.15\",\"home\":\"/usr/lib/jvm\"},"
                    + "\"jmh\":{\"version\":\"1.37\",\"blackholeMode\":\"compiler\"}}").getAsJsonObject();
            JsonObject target = new JsonObject();
            target.addProperty("directory", dir);
            target.addProperty("mountPoint", dir);
            target.addProperty("filesystem", fs);
            target.addProperty("mountSource", device == null ? fs : "/dev/" + device.get("name").getAsString());
            target.addProperty("mountOptions", "rw,relatime");
            target.addProperty("superOptions", "rw");
            target.addProperty("durableStorage", durable);
            env.add("target", target);
            env.add("device", device == null ? com.google.gson.JsonNull.INSTANCE : device);
            return env;
        }
    }

    private JsonObject result(String benchmark, String mode, Map<String, String> params, JsonObject primary, JsonObject secondary) {
        JsonObject o = new JsonObject();
        o.addProperty("jmhVersion", "1.37");
        o.addProperty("benchmark", benchmark);
        o.addProperty("mode", mode);
        o.addProperty("threads", 1);
        o.addProperty("forks", forks);
        o.addProperty("jdkVersion", "17.0.15");
        o.addProperty("vmName", "OpenJDK 64-Bit Server VM");
        o.addProperty("vmVersion", "17.0.15");
        o.addProperty("warmupIterations", 1);
        o.addProperty("measurementIterations", ITERATIONS);
        JsonObject p = new JsonObject();
        params.forEach(p::addProperty);
        o.add("params", p);
        o.add("primaryMetric", primary);
        o.add("secondaryMetrics", secondary);
        return o;
    }

    /**
     * Values at mean - 2 spread .. mean + 2 spread, so the report's mean is exactly {@code mean}: the
     * {@value #FORKS} fork means (each fork's iterations all at its mean), or in a one-fork run the
     * iterations of the one fork.
     */
    private JsonObject avgt(double mean, double spread) {
        JsonObject primary = new JsonObject();
        JsonArray raw = new JsonArray();
        if (forks == 1) {
            JsonArray fork = new JsonArray();
            for (int k = -2; k <= 2; k++) fork.add(mean + k * spread);
            raw.add(fork);
        } else {
            for (int k = -2; k <= 2; k++) {
                JsonArray fork = new JsonArray();
                for (int i = 0; i < ITERATIONS; i++) fork.add(mean + k * spread);
                raw.add(fork);
            }
        }
        primary.addProperty("score", mean);
        primary.addProperty("scoreError", 0.0);
        primary.addProperty("scoreUnit", "us/op");
        primary.add("rawData", raw);
        return primary;
    }

    private JsonElement counter(double v) {
        JsonObject m = new JsonObject();
        m.addProperty("score", v);
        m.addProperty("scoreError", "NaN");
        m.addProperty("scoreUnit", "#");
        JsonArray raw = new JsonArray();
        for (int f = 0; f < forks; f++) {
            JsonArray fork = new JsonArray();
            for (int i = 0; i < ITERATIONS; i++) fork.add(v / ITERATIONS);
            raw.add(fork);
        }
        m.add("rawData", raw);
        return m;
    }

    private static JsonArray pair(double value, int count) {
        JsonArray p = new JsonArray();
        p.add(value);
        p.add(count);
        return p;
    }
}
