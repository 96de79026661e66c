package io.durabench.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.testing.CliProcess;
import io.durabench.testing.Commands;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * (Named SoakIT*, as the soak ITs are run by {@code -Dit.test='SoakIT*'}; a unit-test run that matches
 * it, {@code -Dtest='Soak*'}, skips it: it needs failsafe's jar.)
 *
 * <p>durabench soak for real, briefly, on the project's own disk (target/, never tmpdir): every output
 * file written and consistent, in both modes; and a soak stopped by SIGINT or SIGTERM keeps the
 * seconds it finished (every file written for them), deletes its workload file, and exits 130 or 143.
 */
class SoakIT {
    private static final Duration LIMIT = Duration.ofMinutes(1);

    @BeforeAll
    static void runByFailsafe() {
        SoakFolder.requireFailsafe();
    }

    private static Path fresh(String name) throws IOException {
        Path root = Files.createDirectories(Path.of("target", "soak-it").toAbsolutePath());
        return Files.createTempDirectory(root, name + "-");
    }

    private static void assertNoWorkloadFileLeft(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.toList(), "the soak's file is deleted");
        }
    }

    @Test
    void aClosedLoopSoakWritesEveryOutputAndTheyAgree() throws IOException {
        Path root = fresh("closed");
        Path data = Files.createDirectories(root.resolve("data")), out = root.resolve("out");
        try (CliProcess cli = CliProcess.start(List.of(), List.of("soak", "--dir", data.toString(), "--duration", "4s", "--out", out.toString()))) {
            assertEquals(0, cli.awaitExit(LIMIT), cli.transcript());
            SoakFolder f = new SoakFolder(out);
            f.assertComplete();
            assertEquals(4, f.seconds());
            assertEquals("closed-loop", f.json.get("mode").getAsString());
            assertEquals("completed", f.json.get("ending").getAsString());
            assertEquals(4, f.syncIntervals.size(), "FDATASYNC has a separate sync call: a sync interval per second");
            assertTrue(f.json.get("timingCostNsPerOp").getAsDouble() > 0);
            // stdout is the summary, as the file keeps it, then where it went.
            assertEquals(f.summary().strip(), String.join("\n", cli.stdout().subList(0, cli.stdout().size() - 1)));
            assertTrue(f.summary().startsWith("durabench soak: completed, closed-loop"), f.summary());
            assertNoWorkloadFileLeft(data);
        } finally {
            Commands.deleteTree(root);
        }
    }

    @Test
    void aFixedRateSoakSaysSoPacesItsWritesAndJudgesWhetherItKeptUp() throws IOException {
        Path root = fresh("rate");
        Path data = Files.createDirectories(root.resolve("data")), out = root.resolve("out");
        try (CliProcess cli = CliProcess.start(List.of(), List.of("soak", "--dir", data.toString(), "--duration", "3s", "--rate", "100/s",
                "--out", out.toString()))) {
            assertEquals(0, cli.awaitExit(LIMIT), cli.transcript());
            SoakFolder f = new SoakFolder(out);
            f.assertComplete();
            assertEquals("fixed-rate", f.json.get("mode").getAsString());
            assertEquals(100, f.json.get("rateAskedPerSecond").getAsDouble());
            long ops = f.json.get("ops").getAsLong();
            // The pacing: never ahead of the schedule (300 due in 3 s), and not grossly behind it (a loop that slept twice the
            // interval would do 150). How far under 300 it ends is the disk's: a stall in the last few hundred ms leaves writes
            // due and undone (CI runs here ended at 295 and 289 after stalls of a few hundred ms).
            assertTrue(ops > 150 && ops <= 300, "3 s at 100/s: " + ops);
            // Whether this disk kept up is the measurement, not the test's to assert (a 278 ms stall near the end left 5 writes
            // undone in a CI run: 98.3/s, "could NOT keep up"); here, that the verdict follows its rule (at least 99% of the
            // rate) and the summary says which it was.
            double achieved = f.json.get("opsPerSecond").getAsDouble();
            boolean keptUp = f.json.get("keptUp").getAsBoolean();
            assertEquals(achieved >= SoakResult.KEPT_UP_SHARE * 100, keptUp, f.summary());
            assertTrue(f.summary().contains(keptUp ? "/s: kept up" : "the storage could NOT keep up"), f.summary());
            assertTrue(f.summary().contains("fixed-rate 100 writes/s") && f.summary().contains("from the intended start"), f.summary());
            assertNoWorkloadFileLeft(data);
        } finally {
            Commands.deleteTree(root);
        }
    }

    @Test
    void sigintKeepsTheSecondsDoneAndExits130() throws IOException {
        interrupted("INT", 130);
    }

    @Test
    void sigtermKeepsTheSecondsDoneAndExits143() throws IOException {
        interrupted("TERM", 143);
    }

    private void interrupted(String signal, int expectedExit) throws IOException {
        Path root = fresh("sig" + signal);
        Path data = Files.createDirectories(root.resolve("data")), out = root.resolve("out");
        // SIGINT and SIGTERM at their default action, as in a terminal: a test run started in the background (`&` in a
        // script) passes them on ignored, and a JVM leaves an ignored SIGINT ignored.
        try (CliProcess cli = CliProcess.start(List.of("env", "--default-signal=INT,TERM"),
                List.of("soak", "--dir", data.toString(), "--duration", "60s", "--out", out.toString()))) {
            long deadline = System.nanoTime() + LIMIT.toNanos();
            while (!cli.stderr().contains("durabench soak: ") && System.nanoTime() < deadline) Commands.pause(50);
            Commands.pause(3500);
            Commands.run("kill", "-" + signal, Long.toString(cli.pid()));
            assertEquals(expectedExit, cli.awaitExit(LIMIT), cli.transcript());
            SoakFolder f = new SoakFolder(out);
            f.assertComplete();
            assertEquals("interrupted", f.json.get("ending").getAsString());
            assertTrue(f.seconds() >= 2 && f.seconds() <= 6, "about 3.5 s measured: " + f.seconds());
            assertTrue(f.summary().contains("interrupted (Ctrl-C or SIGTERM) after " + f.seconds() + " whole seconds"), f.summary());
            assertTrue(String.join("\n", cli.stdout()).contains("durabench soak: interrupted"), cli.transcript());
            assertNoWorkloadFileLeft(data);
        } finally {
            Commands.deleteTree(root);
        }
    }
}
