package io.durabench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.testing.TimingFree;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The packaged target/benchmarks.jar, driven exactly as a user would (java -jar, JMH's own
 * command line) by the JVM running this test, so it also proves the jar on Temurin 25.
 */
@TimingFree
class JmhSmokeIT {
    private static final String SYNC_WRITE = "io.durabench.bench.SyncWriteCost.writeBlock";
    private static final Pattern PARAM = Pattern.compile("^\\s+param \"(\\w+)\" = \\{(.*)}$");

    private Path jar;
    private Path work;

    @BeforeEach
    void setUp() throws IOException {
        String prop = System.getProperty("durabench.jar");
        assertTrue(prop != null, "system property durabench.jar is not set: run through `mvn verify` (failsafe sets it)");
        jar = Path.of(prop);
        assertTrue(Files.isRegularFile(jar), jar + " does not exist: run `mvn package` first");
        // Under target/, on the project's own filesystem: never java.io.tmpdir, which may be tmpfs.
        work = Files.createTempDirectory(Files.createDirectories(Path.of("target").toAbsolutePath()), "jmh-smoke-");
    }

    @AfterEach
    void tearDown() throws IOException {
        try (Stream<Path> walk = Files.walk(work)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    @Test
    void listsTheBenchmarksWithTheirParameters() throws Exception {
        String out = run(List.of("-lp"), 120);
        Map<String, Map<String, List<String>>> listed = parseParameterList(out);

        Map<String, List<String>> sync = listed.get(SYNC_WRITE);
        assertTrue(sync != null, "SyncWriteCost.writeBlock is not listed:\n" + out);
        assertEquals(List.of("512", "4096", "8192", "16384", "65536"), sync.get("blockSizeBytes"));
        assertEquals(List.of("1", "10", "100"), sync.get("writesPerSync"));
        assertEquals(names(Preallocation.values()), sync.get("preallocation"));
        assertEquals(names(SyncMethod.values()), sync.get("syncMethod"));
        assertEquals(List.of("target/durabench-data"), sync.get("targetDir"));

        Map<String, List<String>> pg = listed.get("io.durabench.bench.PgTestFsyncEquivalent.rewriteFirstBlock");
        assertTrue(pg != null, "PgTestFsyncEquivalent is not listed:\n" + out);
        assertEquals(names(PgTestFsyncLoop.Method.values()), pg.get("pgMethod"));

        Map<String, List<String>> create = listed.get("io.durabench.bench.FileCreateCost.createWriteSync");
        assertTrue(create != null, "FileCreateCost is not listed:\n" + out);
        assertEquals(List.of("false", "true"), create.get("syncDirectory"));
    }

    @Test
    void aRealJmhRunMeasuresNoneAndFdatasyncAndLeavesNoFiles() throws Exception {
        Path data = Files.createDirectory(work.resolve("data"));
        Path json = work.resolve("result.json");
        run(List.of("SyncWriteCost", "-p", "syncMethod=NONE,FDATASYNC", "-p", "blockSizeBytes=8192",
                "-p", "writesPerSync=1", "-p", "preallocation=NONE", "-p", "targetDir=" + data,
                "-f", "1", "-wi", "1", "-w", "200ms", "-i", "2", "-r", "200ms", "-rf", "json", "-rff", json.toString()), 300);

        JsonArray results = JsonParser.parseString(Files.readString(json)).getAsJsonArray();
        Map<String, JsonObject> byMethod = new LinkedHashMap<>();
        for (JsonElement e : results) {
            JsonObject r = e.getAsJsonObject();
            assertEquals(SYNC_WRITE, r.get("benchmark").getAsString());
            assertEquals(data.toString(), r.getAsJsonObject("params").get("targetDir").getAsString());
            byMethod.put(r.getAsJsonObject("params").get("syncMethod").getAsString(), r);
        }
        assertEquals(List.of("NONE", "FDATASYNC"), new ArrayList<>(byMethod.keySet()), "one result per sync method");

        for (Map.Entry<String, JsonObject> entry : byMethod.entrySet()) {
            String method = entry.getKey();
            JsonObject r = entry.getValue();
            assertEquals("avgt", r.get("mode").getAsString());
            assertEquals(2, r.get("measurementIterations").getAsInt());
            JsonObject primary = r.getAsJsonObject("primaryMetric");
            assertEquals("us/op", primary.get("scoreUnit").getAsString());
            // JMH writes NaN and infinities as strings; getAsDouble parses them, so they fail here.
            double score = primary.get("score").getAsDouble();
            assertTrue(Double.isFinite(score) && score > 0, method + " score " + primary.get("score"));

            JsonObject secondary = r.getAsJsonObject("secondaryMetrics");
            double writes = metric(secondary, "writes");
            double syncCalls = metric(secondary, "syncCalls");
            assertTrue(writes > 0, method + " issued no writes");
            assertEquals(method.equals("FDATASYNC") ? 1.0 : 0.0, syncCalls / writes, 1e-12, method + " syncs per write");
            assertEquals(0.0, metric(secondary, "syncedWrites"), method + " has no synchronous writes");
            assertEquals(8192.0, metric(secondary, "bytes") / writes, 1e-9, method + " bytes per write");
        }
        try (Stream<Path> left = Files.list(data)) {
            assertEquals(List.of(), left.toList(), "the benchmark deletes its files");
        }
    }

    private static double metric(JsonObject secondary, String name) {
        JsonObject m = secondary.getAsJsonObject(name);
        assertTrue(m != null, "secondary metric " + name + " missing: " + secondary.keySet());
        return m.get("score").getAsDouble();
    }

    /** Runs {@code java -jar benchmarks.jar args} with this test's own JVM; returns the output, fails with it. */
    private String run(List<String> args, long timeoutSeconds) throws IOException, InterruptedException {
        // JMH refuses to start while another JMH run on the machine holds /tmp/jmh.lock. This run
        // checks the plumbing, not the speed, so a benchmark running elsewhere must not fail the
        // build; its few seconds disturb that benchmark less than the build around it does.
        List<String> cmd = new ArrayList<>(List.of(javaCommand(), "-Djmh.ignoreLock=true", "-jar", jar.toString()));
        cmd.addAll(args);
        Path log = Files.createTempFile(work, "jmh-", ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
            throw new AssertionError("timed out after " + timeoutSeconds + " s: " + cmd + "\n" + Files.readString(log));
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "exit code of " + cmd + "\n" + out);
        return out;
    }

    private static String javaCommand() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** JMH's -lp output: a benchmark name line, then one {@code param "name" = {a, b}} line per parameter. */
    static Map<String, Map<String, List<String>>> parseParameterList(String out) {
        Map<String, Map<String, List<String>>> listed = new LinkedHashMap<>();
        Map<String, List<String>> current = null;
        for (String line : out.split("\n")) {
            Matcher m = PARAM.matcher(line);
            if (m.matches() && current != null) {
                current.put(m.group(1), Arrays.stream(m.group(2).split(",")).map(String::trim).toList());
            } else if (line.startsWith("io.durabench.")) {
                current = new LinkedHashMap<>();
                listed.put(line.trim(), current);
            }
        }
        return listed;
    }

    private static List<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).toList();
    }
}
