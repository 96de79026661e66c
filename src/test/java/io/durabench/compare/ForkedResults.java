package io.durabench.compare;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * A real durabench target folder (jmh-result.json of 1 fork × 5 iterations, environment.json,
 * not-applicable.json) turned into a multi-fork one with realistic noise, for comparisons whose
 * truth is known: every entry gets {@code forks} forks whose iterations are the real iterations times
 * a per-fork factor exp(σ·z), σ the sd of ln(iteration score) of that very row (the model of
 * {@link RealRowNoise}), times the row's chosen true change. Everything else in the files stays as
 * JMH and durabench wrote it.
 */
final class ForkedResults {
    /** The quick run on loop-mounted ext4 (41 rows): a copy of results/reference-quick's ext4 target, one entry a line. */
    static final Path EXT4 = Path.of("src/test/resources/report/reference-quick-ext4");

    private final Path source;
    private final int forks;
    private ToDoubleFunction<JsonObject> factor = e -> 1;
    private Predicate<JsonObject> keep = e -> true;
    private Consumer<JsonObject> environment = env -> { };
    private Consumer<JsonObject> entry = e -> { };

    ForkedResults(Path source, int forks) {
        this.source = source;
        this.forks = forks;
    }

    /** Multiply the scores of entries matching {@code which} by {@code f} (1.2: a true 20% slowdown of a time per op). */
    ForkedResults change(Predicate<JsonObject> which, double f) {
        ToDoubleFunction<JsonObject> before = factor;
        factor = e -> before.applyAsDouble(e) * (which.test(e) ? f : 1);
        return this;
    }

    /** Leave out entries matching {@code which} (a row on the other side only). */
    ForkedResults without(Predicate<JsonObject> which) {
        keep = keep.and(which.negate());
        return this;
    }

    ForkedResults editEnvironment(Consumer<JsonObject> edit) {
        environment = environment.andThen(edit);
        return this;
    }

    /** Edit every entry after the forks are made (another JDK version, other settings). */
    ForkedResults editEntries(Consumer<JsonObject> edit) {
        entry = entry.andThen(edit);
        return this;
    }

    /** Writes the folder and returns it. */
    Path write(Path dir, long seed) {
        Random random = new Random(seed);
        try {
            Files.createDirectories(dir);
            JsonArray in = JsonParser.parseString(Files.readString(source.resolve("jmh-result.json"))).getAsJsonArray(), out = new JsonArray();
            for (JsonElement e : in) {
                JsonObject o = e.getAsJsonObject().deepCopy();
                if (!keep.test(o)) continue;
                fork(o, random, factor.applyAsDouble(o));
                entry.accept(o);
                out.add(o);
            }
            Files.writeString(dir.resolve("jmh-result.json"), new GsonBuilder().setPrettyPrinting().create().toJson(out));
            JsonObject env = JsonParser.parseString(Files.readString(source.resolve("environment.json"))).getAsJsonObject();
            environment.accept(env);
            Files.writeString(dir.resolve("environment.json"), new GsonBuilder().setPrettyPrinting().serializeNulls().create().toJson(env));
            Files.copy(source.resolve("not-applicable.json"), dir.resolve("not-applicable.json"));
            return dir;
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    private void fork(JsonObject o, Random random, double f) {
        JsonObject m = o.getAsJsonObject("primaryMetric");
        JsonArray real = m.getAsJsonArray("rawData").get(0).getAsJsonArray();
        double[] it = new double[real.size()];
        for (int i = 0; i < it.length; i++) it[i] = real.get(i).getAsDouble();
        double sigma = logSd(it), sum = 0;
        JsonArray raw = new JsonArray();
        for (int k = 0; k < forks; k++) {
            double forkFactor = Math.exp(sigma * random.nextGaussian()) * f;
            JsonArray values = new JsonArray();
            for (double v : it) {
                values.add(v * forkFactor);
                sum += v * forkFactor;
            }
            raw.add(values);
        }
        m.add("rawData", raw);
        m.addProperty("score", sum / (forks * it.length));
        o.addProperty("forks", forks);
    }

    private static double logSd(double[] x) {
        double mean = 0, ss = 0;
        for (double v : x) mean += Math.log(v) / x.length;
        for (double v : x) ss += Math.pow(Math.log(v) - mean, 2);
        return Math.sqrt(ss / (x.length - 1));
    }

    /** An entry of SyncWriteCost with these values of its method, preallocation and batch (names from the catalogue). */
    static Predicate<JsonObject> syncWrite(String method, String prealloc, int writesPerSync) {
        return e -> e.get("benchmark").getAsString().equals(io.durabench.catalogue.Catalogue.SYNC_WRITE_COST.writeBlock().jmhName())
                && param(e, io.durabench.catalogue.SyncWriteCostFamily.SYNC_METHOD.name()).equals(method)
                && param(e, io.durabench.catalogue.SyncWriteCostFamily.PREALLOCATION.name()).equals(prealloc)
                && param(e, io.durabench.catalogue.SyncWriteCostFamily.WRITES_PER_SYNC.name()).equals(String.valueOf(writesPerSync));
    }

    /** Every SyncWriteCost entry with this sync method. */
    static Predicate<JsonObject> syncMethod(String method) {
        return e -> method.equals(param(e, io.durabench.catalogue.SyncWriteCostFamily.SYNC_METHOD.name()));
    }

    static String param(JsonObject e, String name) {
        JsonObject p = e.getAsJsonObject("params");
        return p == null || !p.has(name) ? "" : p.get(name).getAsString();
    }
}
