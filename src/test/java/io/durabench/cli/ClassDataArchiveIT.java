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
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A real JMH fork of `run` started from the class-data archive: the archive made by its training fork beside a
 * copy of the jar (so this test always makes one, and never touches target/cds), recorded in environment.json,
 * and the measured fork given {@code -Xshare:on} after it, so that a fork the JVM would start without the
 * archive fails the cell instead of passing quietly. One cell, one 100 ms iteration.
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
            Path cds = work.resolve("cds");
            List<Path> archives;
            try (var files = Files.list(cds)) {
                archives = files.toList();
            }
            assertEquals(1, archives.size(), "one archive, no training file left: " + archives);
            Path env = out.resolve(Files.list(out).filter(Files::isDirectory).filter(d -> !d.endsWith("report")).findFirst().orElseThrow().getFileName())
                    .resolve("environment.json");
            String recorded = JsonParser.parseString(Files.readString(env)).getAsJsonObject().getAsJsonObject("jdk").get("classDataArchive").getAsString();
            assertEquals(archives.get(0).toString(), recorded);
            String jmhLog = Files.readString(env.resolveSibling("jmh-log.txt"));
            assertTrue(jmhLog.contains("-XX:SharedArchiveFile=" + recorded + " -Xshare:auto"), "the measured fork's options:\n" + jmhLog);
        } finally {
            Commands.deleteTree(shm);
            Commands.deleteTree(work);
        }
    }
}
