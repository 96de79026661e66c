package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import io.durabench.testing.CliProcess;
import io.durabench.testing.Commands;
import io.durabench.testing.TimingFree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A real JMH fork of `run` started from the class-data archive: the archive made by its training fork beside a
 * copy of the jar (so this test always makes one, and never touches target/cds), recorded in environment.json,
 * and the measured fork given {@code -Xshare:on} after it, so that a fork the JVM would start without the
 * archive fails the cell instead of passing quietly; then a second run with a temporary directory of its own, whose
 * forks start from the same archive, not a new one. One cell, one 100 ms iteration, each run.
 */
@TimingFree
class ClassDataArchiveIT {

    @Test
    void aRunsForkStartsFromTheArchiveItsTrainingForkMade() throws Exception {
        Path work = Files.createTempDirectory(Files.createDirectories(Path.of("target").toAbsolutePath()), "cds-it-");
        Path shm = Files.createTempDirectory(Path.of("/dev/shm"), "durabench-cds-it-");
        try {
            Path jar = CliProcess.readableCopyOfJar(work);
            Path out = work.resolve("out");
            List<String> args = List.of("run", "--dir", shm.toString(), "--out", out.toString(), "--", "SyncWriteCost",
                    "-p", "syncMethod=FDATASYNC", "-p", "blockSizeBytes=8192", "-p", "writesPerSync=1", "-p", "preallocation=NONE",
                    "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-jvmArgsAppend", "-Xshare:on");
            try (CliProcess run = CliProcess.startCommand(List.of(), CliProcess.command(jar, args))) {
                assertEquals(0, run.awaitExit(Duration.ofMinutes(2)), run.transcript());
                List<String> said = run.stdout().stream().filter(l -> l.startsWith("# class data:")).toList();
                assertEquals(1, said.size(), run.transcript());
                assertTrue(said.get(0).contains("forks start from an archive of their classes, made now"), said.get(0));
                assertTrue(run.stdout().stream().anyMatch(l -> l.contains("syncMethod=FDATASYNC") && l.contains("durable")), run.transcript());
            }
            List<Path> archives = archives(work);
            assertEquals(1, archives.size(), "one archive, no training file left: " + archives);
            String recorded = recordedArchive(out);
            assertEquals(archives.get(0).toString(), recorded);

            // A second run with a temporary directory of its own (a flag of its forks the archive does not depend on)
            // starts its forks from the same archive, without a line and without training: -Xshare:on proves the JVM took it.
            Path tmp = Files.createDirectories(work.resolve("tmp"));
            Path again = work.resolve("again");
            List<String> second = new ArrayList<>(CliProcess.command(jar, args.stream().map(a -> a.equals(out.toString()) ? again.toString() : a).toList()));
            second.add(1, "-Djava.io.tmpdir=" + tmp);
            try (CliProcess run = CliProcess.startCommand(List.of(), second)) {
                assertEquals(0, run.awaitExit(Duration.ofMinutes(2)), run.transcript());
                assertEquals(List.of(), run.stdout().stream().filter(l -> l.startsWith("# class data:")).toList(), run.transcript());
                assertTrue(run.stdout().stream().anyMatch(l -> l.contains("syncMethod=FDATASYNC") && l.contains("durable")), run.transcript());
            }
            assertEquals(archives, archives(work), "the same archive, none made again");
            assertEquals(recorded, recordedArchive(again));
        } finally {
            Commands.deleteTree(shm);
            Commands.deleteTree(work);
        }
    }

    private static List<Path> archives(Path work) throws Exception {
        try (var files = Files.list(work.resolve("cds"))) {
            return files.sorted().toList();
        }
    }

    /** The archive environment.json records for the run in {@code out}, after checking its measured fork was given it. */
    private static String recordedArchive(Path out) throws Exception {
        Path run;
        try (var dirs = Files.list(out)) {
            run = dirs.filter(Files::isDirectory).filter(d -> !d.endsWith("report")).findFirst().orElseThrow();
        }
        Path env = run.resolve("environment.json");
        String recorded = JsonParser.parseString(Files.readString(env)).getAsJsonObject().getAsJsonObject("jdk").get("classDataArchive").getAsString();
        String jmhLog = Files.readString(env.resolveSibling("jmh-log.txt"));
        assertTrue(jmhLog.contains("-XX:SharedArchiveFile=" + recorded + " -Xshare:auto"), "the measured fork's options:\n" + jmhLog);
        return recorded;
    }
}
