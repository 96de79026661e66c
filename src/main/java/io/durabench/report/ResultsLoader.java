package io.durabench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.cli.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Finds the results behind each PATH: a JMH JSON file, a folder holding jmh-result.json, or a
 * `durabench run --out` folder with one such subfolder per target directory. environment.json and
 * not-applicable.json beside a JMH file belong to it.
 */
public final class ResultsLoader {
    static final String RESULT_FILE = "jmh-result.json";
    static final String ENVIRONMENT_FILE = "environment.json";
    static final String NOT_APPLICABLE_FILE = "not-applicable.json";

    private ResultsLoader() {
    }

    public static List<ResultSet> load(List<Path> paths) {
        if (paths.isEmpty()) throw new UsageException("no PATH given: name a results folder or JMH JSON file");
        List<ResultSet> sets = new ArrayList<>();
        for (Path path : paths) {
            if (!Files.exists(path)) throw new UsageException(path + ": no such file or directory");
            if (Files.isDirectory(path)) sets.addAll(folder(path));
            else sets.add(file(path));
        }
        return sets;
    }

    private static List<ResultSet> folder(Path dir) {
        if (isResultFolder(dir)) return List.of(resultFolder(dir));
        List<ResultSet> sets = new ArrayList<>();
        try (Stream<Path> children = Files.list(dir)) {
            for (Path child : children.sorted().toList()) {
                if (Files.isDirectory(child) && isResultFolder(child)) sets.add(resultFolder(child));
            }
        } catch (IOException e) {
            throw new UsageException(dir + ": cannot list (" + e.getMessage() + ")");
        }
        if (sets.isEmpty()) {
            throw new UsageException(dir + ": no " + RESULT_FILE + " in it or its subfolders; "
                    + "name a `durabench run --out` folder or a JMH JSON file");
        }
        return sets;
    }

    private static boolean isResultFolder(Path dir) {
        return Files.isRegularFile(dir.resolve(RESULT_FILE)) || Files.isRegularFile(dir.resolve(ENVIRONMENT_FILE));
    }

    /** A target's folder; when JMH produced nothing (everything n/a) the n/a list still reports. */
    private static ResultSet resultFolder(Path dir) {
        Path result = dir.resolve(RESULT_FILE);
        List<BenchmarkResult> results = Files.isRegularFile(result) ? JmhJsonReader.read(result) : List.of();
        return new ResultSet(result, environment(dir), results, notApplicable(dir));
    }

    private static ResultSet file(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        return new ResultSet(file, environment(dir), JmhJsonReader.read(file), notApplicable(dir));
    }

    private static Environment environment(Path dir) {
        Path file = dir.resolve(ENVIRONMENT_FILE);
        if (!Files.isRegularFile(file)) return Environment.unknown();
        JsonElement root = JmhJsonReader.parse(file);
        if (!root.isJsonObject() || !root.getAsJsonObject().has("target")) {
            throw new UsageException(file + ": not a durabench environment file (expected an object with \"target\")");
        }
        return Environment.of(root.getAsJsonObject());
    }

    private static List<NotApplicable> notApplicable(Path dir) {
        Path file = dir.resolve(NOT_APPLICABLE_FILE);
        if (!Files.isRegularFile(file)) return List.of();
        JsonElement root = JmhJsonReader.parse(file);
        if (!root.isJsonArray()) throw new UsageException(file + ": expected a JSON array of {benchmark, params, reason}");
        List<NotApplicable> list = new ArrayList<>();
        for (JsonElement e : root.getAsJsonArray()) {
            if (!e.isJsonObject() || !e.getAsJsonObject().has("benchmark")) {
                throw new UsageException(file + ": an entry lacks \"benchmark\"; expected {benchmark, params, reason}");
            }
            JsonObject o = e.getAsJsonObject();
            Map<String, String> params = new LinkedHashMap<>();
            if (o.get("params") instanceof JsonObject p) p.entrySet().forEach(kv -> params.put(kv.getKey(), kv.getValue().getAsString()));
            String reason = o.has("reason") && !o.get("reason").isJsonNull() ? o.get("reason").getAsString() : "not applicable";
            list.add(new NotApplicable(o.get("benchmark").getAsString(), params, reason));
        }
        return list;
    }
}
