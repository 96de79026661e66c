package io.durabench.results;

import io.durabench.env.Environment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The layout of a run's folder on disk, written here and read by {@link ResultsLoader}:
 * <pre>
 * RUN/run.json                      the manifest ({@link RunManifest})
 * RUN/&lt;target label&gt;/jmh-result.json   standard JMH JSON, untouched
 * RUN/&lt;target label&gt;/environment.json  {@link Environment}
 * RUN/&lt;target label&gt;/not-applicable.json  cells without a number: n/a and failed ({@link NotMeasuredFile})
 * RUN/&lt;target label&gt;/jmh-log.txt        JMH's own output for every cell of that target
 * RUN/&lt;target label&gt;/call-latency.hlog  write and sync call latency per fork ({@link CallLatencyLog})
 * RUN/&lt;target label&gt;/device-requests.jsonl  flushes, FUA writes and bytes that reached the devices per fork ({@link DeviceLog})
 * </pre>
 * A run with several JVMs ({@code --jvm}) has one more level: {@code RUN/<target label>/<slot>/...}
 * with slot {@code jvm<k>-<version>}.
 */
public record ResultsFolder(Path root) {
    public static final String RUN_MANIFEST = "run.json";
    public static final String JMH_RESULT = "jmh-result.json";
    public static final String ENVIRONMENT = "environment.json";
    public static final String NOT_MEASURED = "not-applicable.json";
    /** A target's folder's subfolder of control pairs (each cell beside its C twin in lock-step, lockstep.json): the gate's control design. */
    public static final String CONTROL = "control";

    /** Creates the folder (and its parents). */
    public static ResultsFolder create(Path root) {
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + root + ": " + e.getMessage(), e);
        }
        return new ResultsFolder(root);
    }

    public void writeManifest(RunManifest manifest) {
        JsonFiles.write(manifest.toJson(), root.resolve(RUN_MANIFEST));
    }

    /** Opens an existing run folder (to resume it). */
    public static ResultsFolder existing(Path root) {
        return new ResultsFolder(root);
    }

    /** The subfolder of one target (and, in a multi-JVM run, of one JVM slot: "LABEL/SLOT"), created on first use. */
    public Target target(String label) {
        Path dir = root.resolve(label);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
        }
        return new Target(dir);
    }

    /** One target's files. */
    public record Target(Path dir) {
        /** Where this target's forks append their call latencies. */
        public Path callLatencyLog() {
            return dir.resolve(CallLatencyLog.FILE);
        }

        /** Where this target's forks append what reached its block devices ({@link DeviceLog}). */
        public Path deviceLog() {
            return dir.resolve(DeviceLog.FILE);
        }

        public void writeEnvironment(Environment env) {
            EnvironmentFile.write(env, dir.resolve(ENVIRONMENT));
        }

        /** JMH's JSON entries, written atomically (the file is complete after every cell). */
        public void writeResults(com.google.gson.JsonArray entries) {
            JmhResultsFile.write(entries, dir.resolve(JMH_RESULT));
        }

        /** What an earlier (cut-short) run wrote here, to continue it. */
        public com.google.gson.JsonArray readResultEntries() {
            return JmhResultsFile.readEntries(dir.resolve(JMH_RESULT));
        }

        public List<NotMeasured> readNotMeasured() {
            Path f = dir.resolve(NOT_MEASURED);
            return java.nio.file.Files.exists(f) ? NotMeasuredFile.read(f) : List.of();
        }

        public Environment readEnvironment() {
            Path f = dir.resolve(ENVIRONMENT);
            return java.nio.file.Files.exists(f) ? EnvironmentFile.read(f) : null;
        }

        public void writeNotMeasured(List<NotMeasured> cells) {
            NotMeasuredFile.write(cells, dir.resolve(NOT_MEASURED));
        }
    }
}
