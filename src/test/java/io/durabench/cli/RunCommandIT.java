package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.env.TargetLabel;
import io.durabench.testing.Commands;
import io.durabench.testing.TimingFree;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.JmhJsonReader;
import io.durabench.results.RunManifest;
import java.util.List;
import picocli.CommandLine;

/** `durabench run` end to end: real JMH forks on /dev/shm, files written, n/a listed, bad input refused. */
@TimingFree
class RunCommandIT {

    @org.junit.jupiter.api.BeforeAll
    static void allowConcurrentJmh() {
        // JMH's machine-wide lock would fail this functional test while another benchmark runs
        // elsewhere; the test checks behaviour, not speed (as JmhSmokeIT does).
        System.setProperty("jmh.ignoreLock", "true");
    }

    @Test
    void missingDirectoryIsOneLineUsageErrorAndWritesNothing() throws Exception {
        Path out = Files.createTempDirectory(Path.of("target"), "run-it-").resolve("out");
        StringWriter err = new StringWriter();
        CommandLine cl = DurabenchMain.commandLine();
        cl.setErr(new PrintWriter(err, true));
        int rc = cl.execute("run", "--dir", "/no/such/dir", "--out", out.toString());
        assertEquals(2, rc);
        String msg = err.toString().strip();
        assertEquals(1, msg.lines().count(), msg);
        assertTrue(msg.contains("/no/such/dir") && msg.contains("does not exist"), msg);
        assertFalse(Files.exists(out), "no output folder for a refused run");
    }

    @Test
    void shortRunOnTmpfsWritesResultsEnvironmentAndNotApplicable() throws Exception {
        Path out = Files.createTempDirectory(Path.of("target"), "run-it-").resolve("out");
        // A folder of this test's own on tmpfs: other runs may use /dev/shm at the same time, and
        // their files are theirs to clean up; this test checks only that it leaves none in its own.
        Path shm = Files.createTempDirectory(Path.of("/dev/shm"), "durabench-run-it-");
        try {
            runOnTmpfs(shm, out);
            assertEquals(Set.of(), listing(shm), "the run must delete its files");
        } finally {
            Commands.deleteTree(shm);
        }
    }

    /**
     * Forks spread in rounds: with two JVMs and -f 4, four rounds of one fork per cell and JVM, the
     * JVMs' order alternating (A B, B A, ...), the seed and the rounds in run.json for --resume, each
     * round's JMH entry kept as JMH wrote it and read back as one result of four forks.
     */
    @Test
    void forksAreSpreadInRoundsWithTheJvmsAlternating() throws Exception {
        Path out = Files.createTempDirectory(Path.of("target"), "run-it-").resolve("out");
        Path shm = Files.createTempDirectory(Path.of("/dev/shm"), "durabench-run-it-");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        try {
            StringWriter captured = new StringWriter();
            CommandLine cl = DurabenchMain.commandLine();
            cl.setOut(new PrintWriter(captured, true));
            int rc = cl.execute("run", "--profile", "compare", "--dir", shm.toString(), "--out", out.toString(), "--jvm", java, "--jvm", java,
                    "--seed", "7", "--", "SyncWriteCost", "-p", "syncMethod=NONE,FDATASYNC", "-f", "4", "-wi", "0", "-i", "1", "-r", "20ms");
            String text = captured.toString();
            assertEquals(0, rc, text);
            assertTrue(text.contains("4 forks per cell, one per round, cells shuffled per round (seed 7)"), text);
            Path target = out.resolve(TargetLabel.label(shm.toAbsolutePath()));
            try (var slots = Files.list(target)) {
                assertEquals(2, slots.filter(Files::isDirectory).count(), "one folder per JVM");
            }
            RunManifest run = RunManifest.read(out.resolve("run.json"));
            assertEquals(4, run.rounds());
            assertEquals(7, run.seed());
            assertEquals(16, run.ran().size(), "2 cells x 2 JVMs x 4 rounds");
            for (int round = 1; round <= 4; round++) {
                int r = round;
                List<RunManifest.Ran> inRound = run.ran().stream().filter(x -> x.round() == r).toList();
                assertEquals(4, inRound.size(), "round " + r + ": " + inRound);
                String first = inRound.get(0).slot();
                assertEquals(r % 2 == 1 ? "jvm1-" : "jvm2-", first.substring(0, 5), "the JVM that goes first alternates: " + inRound);
            }
            List<BenchmarkResult> results = JmhJsonReader.read(target.resolve(run.jvms().get(0).slot()).resolve("jmh-result.json"));
            assertEquals(2, results.size(), "one result per cell, its rounds merged");
            for (BenchmarkResult r : results) assertEquals(4, r.forks().size(), r.benchmark() + " " + r.params());
        } finally {
            Commands.deleteTree(shm);
        }
    }

    private static void runOnTmpfs(Path shm, Path out) throws Exception {
        StringWriter captured = new StringWriter();
        CommandLine cl = DurabenchMain.commandLine();
        cl.setOut(new PrintWriter(captured, true));
        int rc = cl.execute("run", "--dir", shm.toString(), "--out", out.toString(),
                "--", "SyncWriteCost", "-p", "syncMethod=NONE,FDATASYNC,O_DIRECT", "-p", "preallocation=NONE",
                "-p", "writesPerSync=1", "-f", "1", "-wi", "0", "-i", "2", "-r", "100ms");
        String text = captured.toString();
        assertTrue(text.lines().anyMatch(l -> l.startsWith("[1/3 ")), "one progress line per cell:\n" + text);
        assertFalse(text.contains("# Run progress"), "JMH's own output is in jmh-log.txt, not on the console");
        assertEquals(0, rc, text);
        assertTrue(text.contains("NOTHING WRITTEN THERE IS DURABLE"), "tmpfs warning missing:\n" + text);

        Path target = out.resolve(TargetLabel.label(shm.toAbsolutePath()));
        JsonArray jmh = JsonParser.parseString(Files.readString(target.resolve("jmh-result.json"))).getAsJsonArray();
        Set<String> measured = new HashSet<>();
        for (JsonElement e : jmh) {
            JsonObject r = e.getAsJsonObject();
            measured.add(r.getAsJsonObject("params").get("syncMethod").getAsString());
            assertTrue(r.getAsJsonObject("primaryMetric").get("score").getAsDouble() > 0);
        }
        assertEquals(Set.of("NONE", "FDATASYNC"), measured, "O_DIRECT must not yield a number on tmpfs");

        JsonObject notMeasured = JsonParser.parseString(Files.readString(target.resolve("not-applicable.json"))).getAsJsonObject();
        assertEquals("durabench-not-measured/1", notMeasured.get("schema").getAsString());
        JsonArray na = notMeasured.getAsJsonArray("notApplicable");
        assertEquals(1, na.size(), na.toString());
        assertEquals(0, notMeasured.getAsJsonArray("failed").size(), notMeasured.toString());
        JsonObject row = na.get(0).getAsJsonObject();
        assertEquals("O_DIRECT", row.getAsJsonObject("params").get("syncMethod").getAsString());
        assertTrue(row.get("reason").getAsString().contains("O_DIRECT"), row.toString());
        assertTrue(text.contains("n/a") && text.contains("syncMethod=O_DIRECT"), "n/a must be listed in the summary");

        assertTrue(Files.exists(target.resolve("environment.json")));
        assertTrue(Files.readString(target.resolve("jmh-log.txt")).contains("# Run progress"), "JMH's output kept in jmh-log.txt");
        assertTrue(Files.exists(out.resolve("run.json")));

        // A finished run writes its report beside its results: the findings first, the n/a row with its reason.
        String md = Files.readString(out.resolve("report").resolve("report.md"));
        assertTrue(md.indexOf("## Findings") >= 0 && md.indexOf("## Findings") < md.indexOf("#### SyncWriteCost"), md);
        assertTrue(md.contains("| O_DIRECT | n/a¹ |") && md.contains("* ¹ n/a: "), "n/a marked in its row, the reason in a note: " + md);
        assertTrue(Files.exists(out.resolve("report").resolve("report-sync-write.csv")) && Files.exists(out.resolve("report").resolve("chart-durability-cost.png")));
        assertTrue(text.contains("Report in " + out.resolve("report").resolve("report.md")), text);
    }

    private static Set<String> listing(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return new HashSet<>(s.map(Path::toString).toList());
        }
    }
}
