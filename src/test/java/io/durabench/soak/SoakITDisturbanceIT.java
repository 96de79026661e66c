package io.durabench.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.testing.CliProcess;
import io.durabench.testing.Commands;
import io.durabench.testing.Requires;
import io.durabench.testing.TestMounts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The stall list sees a real disturbance. On an ext4 this test makes (a 1 GiB image on the
 * project's own disk, attached as the lab attaches its images: direct I/O, 4 KiB sectors, so a
 * flush in the guest reaches the virtio disk), a {@value #SOAK_SECONDS} s soak runs while a second
 * process writes large files with a flush every {@value #DISTURB_MIB} MiB during seconds
 * {@value #FROM}–{@value #TO}; the seconds before it started are the undisturbed control.
 *
 * <p><b>The disturbance</b>: a shell loop of {@code dd bs=1M count=16 conv=notrunc,fdatasync}, each
 * appending the next {@value #DISTURB_MIB} MiB of one large file through the page cache and then
 * fdatasync'ing it (the file wraps at {@value #FILE_MIB} MiB, to fit the image), on the same loop
 * filesystem, outside the soak's directory. Same filesystem rather than the disk underneath: it
 * shares ext4's journal, the loop device's queue and the virtio disk with the soak, and it is certain
 * to reach the test's loop device (the MiB written there are counted from /sys/block/loopN/stat and
 * reported). Why 16 MiB per fdatasync: a flush waits for everything the disk has cached, and the
 * soak's flush lands behind the writer's; the first try, dd oflag=dsync with 4 MiB writes, raised
 * the window's p99 only 2.3x (17 ms against 7.3 ms) on this VM, under the stall rule's 5x. A
 * separate process, not a thread of ours, as a neighbour would be.
 *
 * <p><b>Asserted</b>: at least one stall overlaps the window; the median per-second p99 of the
 * window's seconds is above that of the seconds outside it; and after it (the window and
 * {@value #AFTERMATH} s after it left out: dd's last flush, ext4 writing back its journal) there
 * are no more stalls than the rate before it allows: this VM's storage stalls on its own now and
 * then, and two stretches of a minute do not see the same number (2 and 5 in one minute were both
 * seen). The tolerance is stated as a test, not a constant: with u stalls in the B seconds before
 * dd started and a in the A seconds after the aftermath, a must not be significantly more than u's
 * rate gives, one-sided, conditional on a + u (a ~ Binomial(a + u, A / (A + B)) under the same
 * rate), at {@value #ALPHA}. For u = 1 in 25 s and A = 23 s that allows up to 8; a disturbance that
 * leaked out of its window (15 stalls) fails it. A fixed "+ 2" failed a CI run on noise alone.
 * The control was a separate undisturbed 60 s soak before; the same soak's own seconds before the
 * window are the closer control (the same files, the same minute), and they halve the test's time.
 */
class SoakITDisturbanceIT {
    static final int FROM = 25, TO = 35, AFTERMATH = 2, DISTURB_MIB = 16, FILE_MIB = 384;
    static final double ALPHA = 0.01;
    static final int SOAK_SECONDS = 60;
    private static final Duration LIMIT = Duration.ofMinutes(2);

    @BeforeAll
    static void runByFailsafe() {
        SoakFolder.requireFailsafe();
    }

    @Test
    void aCompetingWriterMakesStallsInItsWindowAndNowhereElse() throws Exception {
        Requires.loopDevices();
        Requires.command("mkfs.ext4", "e2fsprogs");
        Requires.command("dd", "coreutils");
        Path root = Files.createTempDirectory(Files.createDirectories(Path.of("target", "soak-disturbance-it").toAbsolutePath()), "t-");
        try (TestMounts mounts = new TestMounts()) {
            Path image = root.resolve("ext4.img");
            Commands.run("fallocate", "-l", "1G", image.toString());
            String dev = mounts.loop(image, "--direct-io=on", "--sector-size", "4096");
            Commands.run("mkfs.ext4", "-q", "-F", "-m", "0", dev);
            Path mnt = mounts.mount(dev, root.resolve("mnt"), "");
            Path data = Files.createDirectories(mnt.resolve("data"));

            Disturbance d = new Disturbance(mnt, Path.of(dev).getFileName().toString());
            SoakFolder disturbed = soak(data, root.resolve("disturbed"), d);
            Instant start = Instant.parse(disturbed.json.get("startedAt").getAsString());
            int from = (int) Math.floor((d.started.toEpochMilli() - start.toEpochMilli()) / 1000.0);
            int to = (int) Math.ceil((d.stopped.toEpochMilli() - start.toEpochMilli()) / 1000.0);
            double[] p99 = disturbed.column("p99_us");
            double[] stalled = disturbed.column("stall");
            int after = to + AFTERMATH;
            List<Double> inside = new ArrayList<>(), outside = new ArrayList<>();
            for (int i = 0; i < p99.length; i++) {
                if (i >= from && i < to) inside.add(p99[i]);
                else if (i < from || i >= after) outside.add(p99[i]);
            }
            int stallsBefore = 0, stallsInside = 0, stallsAfter = 0;
            for (JsonElement e : disturbed.json.getAsJsonObject("stalls").getAsJsonArray("stalls")) {
                JsonObject s = e.getAsJsonObject();
                int a = s.get("fromSecond").getAsInt(), b = a + s.get("seconds").getAsInt();
                if (a < to && b > from) stallsInside++;
                else if (b <= from) stallsBefore++;
                else if (a >= after) stallsAfter++;
            }
            double medianIn = median(inside), medianOut = median(outside);
            int secondsAfter = p99.length - after;
            String figures = String.format(java.util.Locale.ROOT,
                    "window s %d-%d (dd wrote %d MiB through %s); %d stalls in the %d s before it, %d inside, %d in the %d s after it "
                    + "(and %d s of aftermath); median per-second p99 inside %.0f µs vs outside %.0f µs; stalled seconds %s",
                    from, to, d.mibThroughLoop, dev, stallsBefore, from, stallsInside, stallsAfter, secondsAfter, AFTERMATH, medianIn, medianOut,
                    Arrays.toString(stalled));
            System.out.println("SoakITDisturbanceIT: " + figures);
            Path kept = Path.of("target", "soak-disturbance-it");
            Files.writeString(kept.resolve("figures.txt"), figures + "\n");
            for (String f : List.of(SoakOutputs.CSV, SoakOutputs.SUMMARY, SoakOutputs.CHART + ".png")) {
                Files.copy(root.resolve("disturbed").resolve(f), kept.resolve("disturbed-" + f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            assertTrue(d.mibThroughLoop >= 16, "the disturbance reached the test's loop device: " + figures);
            assertTrue(from >= FROM - 2 && secondsAfter >= SOAK_SECONDS - TO - AFTERMATH - 3, "the window where it was put: " + figures);
            assertTrue(stallsInside >= 1, "a stall in the window: " + figures);
            assertTrue(medianIn > medianOut, "the window's seconds have a higher p99: " + figures);
            int allowed = allowedOutside(stallsBefore, from, secondsAfter);
            assertTrue(stallsAfter <= allowed, "after the window no more stalls than the rate before it allows (" + allowed + " at "
                    + ALPHA + "): " + figures);
            try (var left = Files.list(data)) {
                assertEquals(List.of(), left.toList(), "the soak deleted its files");
            }
        } finally {
            Commands.deleteTree(root);
        }
    }

    /** A {@value #SOAK_SECONDS} s soak into {@code out}, the disturbance started at about second FROM of the soak and stopped at TO. */
    private static SoakFolder soak(Path data, Path out, Disturbance d) throws Exception {
        try (CliProcess cli = CliProcess.start(List.of(), List.of("soak", "--dir", data.toString(), "--duration", SOAK_SECONDS + "s", "--out", out.toString()))) {
            long deadline = System.nanoTime() + LIMIT.toNanos();
            // The soak's clock starts right after its first stderr line (and a ~0.5 s calibration): start dd at about second FROM.
            while (!cli.stderr().contains("durabench soak: ") && System.nanoTime() < deadline) Commands.pause(20);
            Commands.pause(FROM * 1000L + 500);
            d.start();
            Commands.pause((TO - FROM) * 1000L);
            d.stop();
            assertEquals(0, cli.awaitExit(LIMIT), cli.transcript());
        }
        SoakFolder f = new SoakFolder(out);
        f.assertComplete();
        return f;
    }

    private static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).sorted().toArray();
        return v.length == 0 ? Double.NaN : v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** dd writing with O_DSYNC in a shell loop, a process of its own; the loop device's written sectors counted around it. */
    private static final class Disturbance {
        private final Path dir;
        private final Path stat;
        private Process process;
        private long sectorsBefore;
        Instant started, stopped;
        long mibThroughLoop;

        Disturbance(Path dir, String loopName) {
            this.dir = dir;
            this.stat = Path.of("/sys/block", loopName, "stat");
        }

        void start() throws IOException {
            sectorsBefore = writtenSectors();
            String script = "i=0; while :; do dd if=/dev/zero of=" + dir + "/disturb.bin bs=1M count=" + DISTURB_MIB
                    + " seek=$(( (i % " + (FILE_MIB / DISTURB_MIB) + ") * " + DISTURB_MIB + " )) conv=notrunc,fdatasync status=none || exit 1; i=$((i + 1)); done";
            started = Instant.now();
            process = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).start();
        }

        void stop() throws Exception {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            process.waitFor();
            stopped = Instant.now();
            mibThroughLoop = (writtenSectors() - sectorsBefore) * 512 / (1 << 20);
            Files.deleteIfExists(dir.resolve("disturb.bin"));
        }

        /** Field 7 of /sys/block/DEV/stat: sectors written (512 B units, whatever the device's sector size). */
        private long writtenSectors() throws IOException {
            return Long.parseLong(Files.readString(stat).trim().split("\\s+")[6]);
        }
    }

    /**
     * The most stalls the soak may have in {@code outsideSeconds} after its window while not being
     * significantly above the {@code quiet} stalls of its {@code quietSeconds} before it: the largest
     * o whose one-sided conditional binomial p is at least {@link #ALPHA}.
     */
    static int allowedOutside(int quiet, double quietSeconds, double outsideSeconds) {
        double p = outsideSeconds / (outsideSeconds + quietSeconds);
        int o = 0;
        while (upperTail(o + 1 + quiet, o + 1, p) >= ALPHA) o++;
        return o;
    }

    /** P(X >= k) for X ~ Binomial(n, p). */
    static double upperTail(int n, int k, double p) {
        return 1 - new org.apache.commons.math3.distribution.BinomialDistribution(null, n, p).cumulativeProbability(k - 1);
    }
}
