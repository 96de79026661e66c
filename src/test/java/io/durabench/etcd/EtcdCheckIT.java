package io.durabench.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.results.CallLatencyLog;
import io.durabench.testing.CliProcess;
import io.durabench.testing.Commands;
import io.durabench.testing.Requires;
import io.durabench.testing.TestMounts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * `durabench etcd-check` for real, as a user starts it (the jar in its own JVM), with 2 forks and
 * fio between them, on an ext4 the test makes: a loop device whose image lives in a tmpfs of the
 * test's own, so nothing is written to the machine's disk and the run stays well under a minute.
 * Such an ext4 has no stable storage (its flushes end in RAM), so the verdict is "not durable here",
 * exit 1: the check never passes a target that cannot keep etcd's log. What is checked: the files
 * (the log with both calls of both forks, 10,029 each; fio's two JSON files; the summary and JSON),
 * the table, nothing left in the target, and that durabench's sync p99 and fio's agree within a
 * factor of {@value #FACTOR} either way, each tool's least disturbed round against the other's, and
 * their sync p50s within {@value #P50_FACTOR}x.
 *
 * <p>Why the least disturbed round: on a RAM-backed ext4 an fdatasync is CPU work (the journal
 * thread, the loop worker), so on this 2-CPU VM, shared with other builds (load average 5), one
 * tool's p99 moves 10–40x from one run to the next while its p50 stays within 65–100 µs: six rounds
 * measured here gave p99s of 163/159, 272/326, 2,562/3,686, 2,043/165, 7,516/7,373, 1,679/5,014 µs
 * (durabench/fio). Noise only adds, so the smallest p99 of each tool is the one nearest what the tool
 * itself measures; a real difference (another layout, a clock around more than the call, fsync for
 * fdatasync) moves that and the p50 as well.
 */
class EtcdCheckIT {
    /** How far the two tools' least disturbed sync p99s may differ (quiet rounds here: 0.8–1.4x). */
    static final double FACTOR = 3.0;
    /** How far their mean sync p50s may differ (here: 0.8–1.3x per round). */
    static final double P50_FACTOR = 1.5;
    private Path root;
    private TestMounts mounts;

    @BeforeEach
    void scratch() throws IOException {
        root = Files.createTempDirectory(Files.createDirectories(Path.of("target", "etcd-check-it").toAbsolutePath()), "t-");
        mounts = new TestMounts();
    }

    @AfterEach
    void cleanUp() {
        try {
            mounts.close();
        } finally {
            Commands.deleteTree(root);
        }
    }

    @Test
    void twoForksWithFioBesideThemWriteTheirFilesAndAgreeWithFio() throws IOException {
        // -Dtest='Etcd*' hands this IT to surefire too, which builds no jar: skip there, run under failsafe.
        assumeTrue(System.getProperty("durabench.jar") != null, "an integration test: run it with mvn verify -Dit.test=EtcdCheckIT (failsafe sets durabench.jar)");
        Requires.loopDevices();
        Requires.command("mkfs.ext4", "e2fsprogs");
        Requires.command("fio", "fio");
        Path images = mounts.tmpfs(root.resolve("images"), "200m");
        String dev = mounts.loop(mounts.sparseFile(images.resolve("ext4.img"), 160L << 20));
        Commands.run("mkfs.ext4", "-q", "-F", "-m", "0", dev);
        Path target = mounts.mount(dev, root.resolve("mnt"), "");
        List<String> before = listing(target);
        Path out = root.resolve("out");
        int rc;
        String transcript;
        try (CliProcess p = CliProcess.start(List.of(), List.of("etcd-check", "--dir", target.toString(), "--forks", "2", "--out", out.toString()))) {
            rc = p.awaitExit(Duration.ofSeconds(120));
            transcript = p.transcript();
        }
        System.out.println(transcript);
        assertEquals(1, rc, "not durable here (ext4 on a loop device on tmpfs) exits 1:\n" + transcript);
        assertTrue(transcript.contains("**not durable here** (exit 1"), transcript);
        assertTrue(transcript.contains("| sync p99 (µs) |"), transcript);
        assertEquals(before, listing(target), "nothing of ours or fio's left in the target");

        List<CallLatencyLog.Interval> log = CallLatencyLog.read(out.resolve(EtcdRounds.HLOG));
        assertEquals(4, log.size(), "write and sync of 2 forks");
        for (CallLatencyLog.Interval i : log) assertEquals(EtcdJob.WRITES, i.histogram().getTotalCount(), i.call() + " r" + i.round());
        assertTrue(Files.size(out.resolve("fio-1.json")) > 0 && Files.size(out.resolve("fio-2.json")) > 0);
        assertTrue(Files.readString(out.resolve(EtcdOutput.MARKDOWN)).startsWith("# etcd-check: is this disk good enough for etcd?"));

        JsonObject json = JsonParser.parseString(Files.readString(out.resolve(EtcdOutput.JSON))).getAsJsonObject();
        assertEquals("NOT_DURABLE", json.getAsJsonObject("verdict").get("outcome").getAsString());
        assertEquals(1, json.getAsJsonObject("verdict").get("exitCode").getAsInt());
        assertEquals(2, json.getAsJsonArray("rounds").size());
        double ours = leastOfRounds(json, "durabench", "syncP99Us"), fio = leastOfRounds(json, "fio", "syncP99Us");
        System.out.printf("[etcd-check IT] least sync p99 of the rounds: durabench %.1f µs, fio %.1f µs, ratio %.2f%n", ours, fio, ours / fio);
        assertTrue(ours / fio < FACTOR && fio / ours < FACTOR, "sync p99 durabench " + ours + " µs vs fio " + fio + " µs: beyond " + FACTOR + "x");
        JsonObject p50 = json.getAsJsonObject("summary").getAsJsonObject("syncP50Us");
        double ours50 = p50.getAsJsonObject("durabench").get("value").getAsDouble(), fio50 = p50.getAsJsonObject("fio").get("value").getAsDouble();
        assertTrue(ours50 / fio50 < P50_FACTOR && fio50 / ours50 < P50_FACTOR, "sync p50 durabench " + ours50 + " µs vs fio " + fio50 + " µs");
        assertEquals("fio", json.getAsJsonArray("rounds").get(1).getAsJsonObject().get("first").getAsString(), "fio first in round 2");
    }

    private static double leastOfRounds(JsonObject json, String tool, String figure) {
        double least = Double.POSITIVE_INFINITY;
        for (var r : json.getAsJsonArray("rounds")) least = Math.min(least, r.getAsJsonObject().getAsJsonObject(tool).get(figure).getAsDouble());
        return least;
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
