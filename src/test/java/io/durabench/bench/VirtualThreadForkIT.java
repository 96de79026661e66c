package io.durabench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import io.durabench.testing.TestJdks;
import io.durabench.testing.TimingFree;
import io.durabench.workload.SyncMethod;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The packaged benchmarks, run by JMH itself with its forks on a chosen JDK ({@code -jvm}): the fork
 * decides whether it can run a virtual-thread method, whatever JVM launched JMH. On JDK 17 the
 * virtual-thread cell fails in its @Setup with the one-line reason and produces no score, while its
 * platform-thread twin is measured; on Temurin 25 both are measured. One short iteration each: this
 * checks the plumbing, not the speed.
 */
@TimingFree
class VirtualThreadForkIT {

    @ParameterizedTest
    @ValueSource(strings = {"jdk17", "temurin25"})
    void theForksJvmDecidesWhetherAVirtualThreadCellRuns(String label) throws Exception {
        TestJdks.Result found = TestJdks.find(label);
        assumeTrue(found.jdk().isPresent(), found.whyMissing());
        TestJdks.Jdk jdk = found.jdk().get();
        String jar = System.getProperty("durabench.jar");
        assertTrue(jar != null, "system property durabench.jar is not set: run through `mvn verify` (failsafe sets it)");
        Path work = Files.createTempDirectory(Files.createDirectories(Path.of("target").toAbsolutePath()), "jmh-vthreads-");
        try {
            Path data = Files.createDirectory(work.resolve("data"));
            Path json = work.resolve("result.json");
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Djmh.ignoreLock=true", "-jar", jar, "SyncWriteCost", "-jvm", jdk.java().toString(),
                    "-p", "syncMethod=" + SyncMethod.CHANNEL_DSYNC_VIRTUAL + "," + SyncMethod.CHANNEL_DSYNC_PLATFORM,
                    "-p", "blockSizeBytes=8192", "-p", "writesPerSync=1", "-p", "preallocation=NONE", "-p", "targetDir=" + data,
                    "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-rf", "json", "-rff", json.toString()));
            Path log = work.resolve("jmh.log");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
                throw new AssertionError("timed out: " + cmd + "\n" + Files.readString(log));
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), out);

            List<String> measured = new ArrayList<>();
            for (JsonElement e : JsonParser.parseString(Files.readString(json)).getAsJsonArray()) {
                measured.add(e.getAsJsonObject().getAsJsonObject("params").get("syncMethod").getAsString());
            }
            String reason = SyncMethod.CHANNEL_DSYNC_VIRTUAL.unavailableOn(jdk.version()).orElse(null);
            if (reason != null) {
                assertEquals(List.of(SyncMethod.CHANNEL_DSYNC_PLATFORM.name()), measured, "no score for the refused cell");
                assertTrue(out.contains("java.lang.UnsupportedOperationException: " + reason + "\n"), "the fork's words:\n" + out);
            } else {
                assertEquals(List.of(SyncMethod.CHANNEL_DSYNC_VIRTUAL.name(), SyncMethod.CHANNEL_DSYNC_PLATFORM.name()), measured, out);
            }
            try (Stream<Path> left = Files.list(data)) {
                assertEquals(List.of(), left.toList(), "the benchmark deletes its files");
            }
        } finally {
            try (Stream<Path> walk = Files.walk(work)) {
                for (Path f : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(f);
            }
        }
    }
}
