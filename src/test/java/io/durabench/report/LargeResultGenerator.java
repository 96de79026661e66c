package io.durabench.report;

import io.durabench.report.analysis.*;
import io.durabench.report.render.*;
import io.durabench.report.chart.*;
import io.durabench.results.*;
import io.durabench.stats.*;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Test utility for the performance check (not a timed test): writes a JMH JSON with N SyncWriteCost
 * results in the real 1.37 shape (2 forks x 5 iterations of rawData, the five counters).
 * Usage: java -cp target/test-classes:target/benchmarks.jar io.durabench.report.LargeResultGenerator OUT.json [N]
 */
public final class LargeResultGenerator {
    private LargeResultGenerator() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        String[] methods = {"NONE", "FSYNC", "FDATASYNC", "O_DSYNC", "O_SYNC", "O_DIRECT", "O_DIRECT_DSYNC", "SYNC_FILE_RANGE",
                "CHANNEL_FORCE_DATA", "CHANNEL_FORCE_ALL"};
        String[] dirs = {"/data", "/m", "/dev/shm", "/mnt/xfs", "/mnt/btrfs"};
        int[] blocks = {512, 4096, 8192, 16384, 65536};
        String[] prealloc = {"NONE", "FTRUNCATE", "FALLOCATE", "ZERO_FILL"};
        Random random = new Random(42);
        JsonArray all = new JsonArray();
        int i = 0;
        outer:
        for (String dir : dirs) {
            for (int block : blocks) {
                for (String p : prealloc) {
                    for (String m : methods) {
                        if (i++ == n) break outer;
                        double mean = m.equals("NONE") ? 1 + random.nextDouble() : 50 + 500 * random.nextDouble();
                        all.add(result(dir, m, block, p, mean, random));
                    }
                }
            }
        }
        try (Writer w = Files.newBufferedWriter(out)) {
            new com.google.gson.GsonBuilder().setPrettyPrinting().create().toJson(all, w);
        }
        System.out.println("wrote " + all.size() + " results to " + out);
    }

    private static JsonObject result(String dir, String method, int block, String prealloc, double mean, Random random) {
        JsonObject o = new JsonObject();
        o.addProperty("jmhVersion", "1.37");
        o.addProperty("benchmark", "io.durabench.bench.SyncWriteCost.writeBlock");
        o.addProperty("mode", "avgt");
        o.addProperty("threads", 1);
        o.addProperty("forks", 2);
        o.addProperty("jdkVersion", "17.0.15");
        o.addProperty("vmName", "OpenJDK 64-Bit Server VM");
        JsonObject params = new JsonObject();
        params.addProperty("targetDir", dir);
        params.addProperty("syncMethod", method);
        params.addProperty("blockSizeBytes", String.valueOf(block));
        params.addProperty("writesPerSync", "1");
        params.addProperty("preallocation", prealloc);
        o.add("params", params);
        JsonObject primary = new JsonObject();
        primary.addProperty("score", mean);
        primary.addProperty("scoreError", mean * 0.05);
        primary.addProperty("scoreUnit", "us/op");
        JsonArray raw = new JsonArray();
        for (int f = 0; f < 2; f++) {
            JsonArray it = new JsonArray();
            for (int k = 0; k < 5; k++) it.add(mean * (1 + 0.05 * random.nextGaussian()));
            raw.add(it);
        }
        primary.add("rawData", raw);
        o.add("primaryMetric", primary);
        JsonObject secondary = new JsonObject();
        for (String c : new String[] {"writes", "bytes", "syncCalls", "syncedWrites", "preallocSyncs"}) {
            JsonObject m = new JsonObject();
            m.addProperty("score", c.equals("writes") ? 10000 : c.equals("syncCalls") && !method.equals("NONE") ? 10000 : 0);
            m.addProperty("scoreError", "NaN");
            m.addProperty("scoreUnit", "#");
            secondary.add(c, m);
        }
        o.add("secondaryMetrics", secondary);
        return o;
    }
}
