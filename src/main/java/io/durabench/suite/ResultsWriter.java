package io.durabench.suite;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;

/**
 * Writes what a run produced, per target: {@code jmh-result.json} (JMH's own JSON writer, so any
 * JMH tool reads it), {@code not-applicable.json} (cells that produced no number, with why), and
 * the run's {@code run.json} manifest at the top.
 */
public final class ResultsWriter {
    public static final String JMH_RESULT = "jmh-result.json";
    public static final String ENVIRONMENT = "environment.json";
    public static final String NOT_APPLICABLE = "not-applicable.json";
    public static final String RUN_MANIFEST = "run.json";

    private ResultsWriter() {
    }

    public static void writeJmh(Collection<RunResult> results, Path file) {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(results);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public static void writeSkipped(List<SuiteRunner.Skipped> skipped, Path file) {
        JsonArray arr = new JsonArray();
        for (SuiteRunner.Skipped s : skipped) {
            JsonObject o = new JsonObject();
            o.addProperty("benchmark", s.cell().benchmark());
            JsonObject params = new JsonObject();
            s.cell().params().forEach(params::addProperty);
            o.add("params", params);
            o.addProperty("kind", s.unsupported() ? "n/a" : "failed");
            o.addProperty("reason", s.reason());
            arr.add(o);
        }
        writeJson(arr, file);
    }

    public static void writeJson(com.google.gson.JsonElement json, Path file) {
        try {
            Files.writeString(file, new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(json) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
