package io.durabench.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.nativeio.IoUring;
import io.durabench.nativeio.KernelRefusal;
import io.durabench.nativeio.NativeLayers;
import io.durabench.results.CallLatencyLog;
import io.durabench.testing.CliProcess;
import io.durabench.testing.Commands;
import io.durabench.testing.Requires;
import io.durabench.testing.TestMounts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
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
 * the table, nothing left in the target, and that durabench and fio time the same call, each tool's
 * least disturbed round against the other's: their sync floors (1st percentile) within
 * {@value #FLOOR_FACTOR}x either way and their sync p50s within {@value #P50_FACTOR}x. Their sync
 * p99s are printed, not compared.
 *
 * <p>Why the least disturbed round, and why these bounds: on a RAM-backed ext4 an fdatasync is CPU
 * work (a journal commit: the syncing thread, the journal thread and the loop worker wake one
 * another), so on this 2-CPU VM, shared with other builds, the load decides much of what either
 * tool measures. Noise only adds, so each tool's smallest figure over its rounds is the one nearest
 * what the tool itself measures. 27 runs of this test here (load average 2.7–7.5; 5 of them beside
 * three busy loops, {@code yes > /dev/null}), per round, durabench and fio alike:
 * <ul>
 * <li>the floor: 59.6–73.3 µs, except durabench's first round, 71.1–81.5 µs in all 21 runs that
 *     recorded it (its fork is the first after the CLI starts; why it sits higher is not known).
 *     Least of the rounds, durabench ÷ fio: 0.96–1.17. Busy loops do not move it (a woken sync
 *     preempts them, it seems). A later machine's floor sat near 30 µs (ratio 0.95–0.97), and there
 *     one CI run saw fio's floor no lower than 44.8 µs in its two rounds against durabench's 29.6 (1.52): at half the
 *     floor the same few µs of disturbance weigh twice. {@value #FLOOR_FACTOR}x covers that; a sync
 *     not timed at all (a few µs left) is off by far more.
 * <li>the p50, the machine's state more than the tool's: 64–117 µs while a CPU is free, 141–240 µs
 *     while none is, changing from round to round and between the two tools of one round. Least of
 *     the rounds: 0.50–1.88; the mean over rounds, checked at 1.5x before, failed 3 of these runs
 *     (up to 1.69) and a CI run (1.64). {@value #P50_FACTOR}x covers the worst pairing of the two
 *     states (240 ÷ 64 = 3.8).
 * <li>the p99, the scheduler's: 153 µs to 8.1 ms. Least of the rounds: 0.22–14.5 (14.5 beside the
 *     busy loops); the 3x this test held it to failed 6 of these runs. No factor that holds here
 *     would say anything about the tools, so none is checked: whether durabench's p99 matches fio's
 *     is a question for a quiet machine and a real disk.
 * </ul>
 * What fails the floor and the p50: a sync histogram holding something other than an fdatasync
 * (none: with durabench's fdatasync made a no-op, its floor was 0.1 µs and this test failed; a
 * write: a few µs), a unit slip, or a clock around some 30 µs more than the call. What does not:
 * fsync for fdatasync (that mutant passed, floor ratio 1.00) or another layout; on this ext4 each
 * is one journal commit (fio's own sync p10 with fdatasync, with fsync and without fallocate, run
 * back to back: 66–88 µs, each within the others' spread). Only a real disk tells those apart.
 */
class EtcdCheckIT {
    /** How far the two tools' least disturbed sync floors (1st percentile) may differ (here: 0.95–1.52x). */
    static final double FLOOR_FACTOR = 2.0;
    /** How far their least disturbed sync p50s may differ (here: 0.50–1.88x; see above why so far). */
    static final double P50_FACTOR = 4.0;
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
        Path target = ramExt4("200m", 160L << 20);
        List<String> before = listing(target);
        Path out = root.resolve("out");
        Ran run = twoForks("etcd-check", target, out);
        int rc = run.exitCode();
        String transcript = run.transcript();
        assertEquals(1, rc, "not durable here (ext4 on a loop device on tmpfs) exits 1:\n" + transcript);
        assertTrue(transcript.contains("**not durable here** (exit 1"), transcript);
        assertTrue(transcript.contains("| sync p99 (µs) |"), transcript);
        assertEquals(before, listing(target), "nothing of ours or fio's left in the target");

        List<CallLatencyLog.LoggedInterval> log = CallLatencyLog.read(out.resolve(ForkJob.ETCD.hlogFile()));
        assertEquals(4, log.size(), "write and sync of 2 forks");
        for (CallLatencyLog.LoggedInterval i : log) assertEquals(EtcdJob.WRITES, i.histogram().getTotalCount(), i.call() + " r" + i.round());
        assertTrue(Files.size(out.resolve("fio-1.json")) > 0 && Files.size(out.resolve("fio-2.json")) > 0);
        assertTrue(Files.readString(out.resolve(ForkJob.ETCD.markdownFile())).startsWith("# etcd-check: is this disk good enough for etcd?"));

        JsonObject json = JsonParser.parseString(Files.readString(out.resolve(ForkJob.ETCD.jsonFile()))).getAsJsonObject();
        assertEquals("NOT_DURABLE", json.getAsJsonObject("verdict").get("outcome").getAsString());
        assertEquals(1, json.getAsJsonObject("verdict").get("exitCode").getAsInt());
        JsonArray rounds = json.getAsJsonArray("rounds");
        assertEquals(2, rounds.size());
        assertEquals("fio", rounds.get(1).getAsJsonObject().get("first").getAsString(), "fio first in round 2");
        // The check reports no floor: durabench's comes from its histograms, fio's from fio's own JSON.
        double[] ourFloors = IntStream.rangeClosed(1, rounds.size()).mapToDouble(r -> ourSyncFloor(log, r)).toArray();
        double[] fioFloors = IntStream.rangeClosed(1, rounds.size()).mapToDouble(r -> fioSyncFloor(out.resolve("fio-" + r + ".json"))).toArray();
        for (int r = 0; r < rounds.size(); r++) {
            JsonObject round = rounds.get(r).getAsJsonObject();
            System.out.printf(Locale.ROOT, "[etcd-check IT] round %d, sync p1/p50/p99 (µs): durabench %.1f/%.1f/%.1f, fio %.1f/%.1f/%.1f%n", r + 1,
                    ourFloors[r], figure(round, "durabench", "syncP50Us"), figure(round, "durabench", "syncP99Us"),
                    fioFloors[r], figure(round, "fio", "syncP50Us"), figure(round, "fio", "syncP99Us"));
        }
        agree("sync p1 (floor)", least(ourFloors), least(fioFloors), FLOOR_FACTOR);
        agree("sync p50", leastOfRounds(json, "durabench", "syncP50Us"), leastOfRounds(json, "fio", "syncP50Us"), P50_FACTOR);
        double ours99 = leastOfRounds(json, "durabench", "syncP99Us"), fio99 = leastOfRounds(json, "fio", "syncP99Us");
        System.out.printf(Locale.ROOT, "[etcd-check IT] least sync p99 of the rounds: durabench %.1f µs, fio %.1f µs, ratio %.2f (not checked)%n",
                ours99, fio99, ours99 / fio99);
    }

    /**
     * uring-check, functionally: 2 forks of the URING_FDATASYNC job with fio's io_uring engine between them, in
     * alternating order, on a RAM-backed ext4; each fork's log holds one write and one sync per block, fio's JSON of
     * both rounds is kept, no verdict is given (exit 0), and nothing is left in the target. No figure is compared.
     */
    @Test
    void uringCheckRunsFioBesideTheQueueDepthOneRow() throws IOException {
        assumeTrue(System.getProperty("durabench.jar") != null, "an integration test: run it with mvn verify -Dit.test=EtcdCheckIT (failsafe sets durabench.jar)");
        try (IoUring ring = IoUring.open(NativeLayers.current(), 2, "(the test's probe ring)")) {
            assertEquals(2, ring.capacity());
        } catch (KernelRefusal e) {
            assumeTrue(false, "this machine refuses io_uring, so uring-check is n/a here: " + e.getMessage());
        }
        Path target = ramExt4("300m", 256L << 20);
        List<String> before = listing(target);
        Path out = root.resolve("out");
        Ran run = twoForks("uring-check", target, out);
        int rc = run.exitCode();
        String transcript = run.transcript();
        assertEquals(0, rc, transcript);
        assertTrue(transcript.contains("# uring-check: io_uring's linked write + fdatasync at queue depth 1") && transcript.contains("| ops/s |"),
                transcript);
        assertEquals(before, listing(target), "nothing of ours or fio's left in the target");
        ForkJob job = ForkJob.URING_QD1;
        List<CallLatencyLog.LoggedInterval> log = CallLatencyLog.read(out.resolve(job.hlogFile()));
        assertEquals(4, log.size(), "write and sync of 2 forks");
        for (CallLatencyLog.LoggedInterval i : log) assertEquals(job.writes(), i.histogram().getTotalCount(), i.call() + " r" + i.round());
        JsonObject json = JsonParser.parseString(Files.readString(out.resolve(job.jsonFile()))).getAsJsonObject();
        assertTrue(!json.has("verdict") && json.get("failed").isJsonNull(), json.toString());
        JsonArray rounds = json.getAsJsonArray("rounds");
        assertEquals(2, rounds.size());
        assertEquals("fio", rounds.get(1).getAsJsonObject().get("first").getAsString(), "fio first in round 2");
        for (int r = 1; r <= 2; r++) {
            String fio = Files.readString(out.resolve("fio-" + r + ".json"));
            assertTrue(fio.contains("\"ioengine\" : \"io_uring\"") && fio.contains("\"iodepth\" : \"1\""), "fio's job as asked, round " + r);
            // fio syncs before each next write: the job ends at the file's end with its last write unsynced (end_fsync is off).
            assertEquals(job.writes() - 1, FioJson.parse(fio, "fio-" + r + ".json").syncs(), "fio's fdatasyncs in round " + r);
        }
    }

    /** An ext4 of {@code imageBytes} on a loop device whose image lives in a tmpfs of {@code tmpfsSize}, mounted; the tools it needs checked. */
    private Path ramExt4(String tmpfsSize, long imageBytes) {
        Requires.loopDevices();
        Requires.command("mkfs.ext4", "e2fsprogs");
        Requires.command("fio", "fio");
        Path images = mounts.tmpfs(root.resolve("images"), tmpfsSize);
        String dev = mounts.loop(mounts.sparseFile(images.resolve("ext4.img"), imageBytes));
        Commands.run("mkfs.ext4", "-q", "-F", "-m", "0", dev);
        return mounts.mount(dev, root.resolve("mnt"), "");
    }

    /** A check's exit code and what it printed. */
    private record Ran(int exitCode, String transcript) {
    }

    /** {@code command} with 2 forks on the target, as a user starts it; its transcript printed. */
    private static Ran twoForks(String command, Path target, Path out) {
        try (CliProcess p = CliProcess.start(List.of(), List.of(command, "--dir", target.toString(), "--forks", "2", "--out", out.toString()))) {
            Ran r = new Ran(p.awaitExit(Duration.ofSeconds(120)), p.transcript());
            System.out.println(r.transcript());
            return r;
        }
    }

    /** Each tool's least disturbed round against the other's, within {@code factor} either way. */
    private static void agree(String figure, double ours, double fio, double factor) {
        System.out.printf(Locale.ROOT, "[etcd-check IT] least %s of the rounds: durabench %.1f µs, fio %.1f µs, ratio %.2f (bound %.1fx)%n",
                figure, ours, fio, ours / fio, factor);
        assertTrue(ours / fio < factor && fio / ours < factor, figure + " durabench " + ours + " µs vs fio " + fio + " µs: beyond " + factor + "x");
    }

    private static double leastOfRounds(JsonObject json, String tool, String figure) {
        double least = Double.POSITIVE_INFINITY;
        for (var r : json.getAsJsonArray("rounds")) least = Math.min(least, figure(r.getAsJsonObject(), tool, figure));
        return least;
    }

    private static double figure(JsonObject round, String tool, String figure) {
        return round.getAsJsonObject(tool).get(figure).getAsDouble();
    }

    private static double least(double[] x) {
        return Arrays.stream(x).min().orElseThrow();
    }

    /** The 1st percentile (µs) of durabench's fdatasyncs in that round. */
    private static double ourSyncFloor(List<CallLatencyLog.LoggedInterval> log, int round) {
        return log.stream().filter(i -> i.call() == CallLatencyLog.Call.SYNC && i.round() == round).findFirst().orElseThrow()
                .histogram().getValueAtPercentile(1) / 1e3;
    }

    /** The 1st percentile (µs) of fio's fdatasyncs, from its JSON, read as etcd-check reads the others. */
    private static double fioSyncFloor(Path fioJson) {
        try {
            return FioJson.syncPercentileUs(Files.readString(fioJson), fioJson.toString(), 1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
