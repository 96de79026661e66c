package io.durabench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** durabench's own files: written and read by the same code, n/a and failed kept apart, schemas checked. */
class ResultsFilesTest {

    @Test
    void notMeasuredRoundTripsWithNotApplicableAndFailedApart(@TempDir Path dir) throws IOException {
        List<NotMeasured> cells = List.of(
                new NotMeasured("b.X.y", JmhParams.of(Map.of("syncMethod", "O_DIRECT")), NotMeasured.Kind.NOT_APPLICABLE, "EINVAL: refused"),
                new NotMeasured("b.X.y", JmhParams.of(Map.of("syncMethod", "FSYNC")), NotMeasured.Kind.FAILED, "EIO: fsync failed"));
        Path file = dir.resolve("not-applicable.json");
        NotMeasuredFile.write(cells, file);
        String text = Files.readString(file);
        assertTrue(text.contains("\"schema\": \"durabench-not-measured/1\""), text);
        assertTrue(text.indexOf("\"notApplicable\"") < text.indexOf("O_DIRECT") && text.indexOf("\"failed\"") < text.indexOf("FSYNC"), text);
        assertEquals(cells, NotMeasuredFile.read(file));
    }

    @Test
    void aListFromBeforeTheSchemaIsReadAndKeepsItsFailures(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("not-applicable.json");
        Files.writeString(file, "[{\"benchmark\": \"b.X.y\", \"params\": {}, \"kind\": \"n/a\", \"reason\": \"r1\"},"
                + " {\"benchmark\": \"b.X.y\", \"params\": {}, \"kind\": \"failed\", \"reason\": \"r2\"},"
                + " {\"benchmark\": \"b.X.y\", \"params\": {}, \"reason\": \"r3\"}]");
        List<NotMeasured> read = NotMeasuredFile.read(file);
        assertEquals(List.of(NotMeasured.Kind.NOT_APPLICABLE, NotMeasured.Kind.FAILED, NotMeasured.Kind.NOT_APPLICABLE),
                read.stream().map(NotMeasured::kind).toList());
    }

    @Test
    void aNewerMajorVersionIsRefusedWithWhatToDo(@TempDir Path dir) throws IOException {
        Path na = dir.resolve("not-applicable.json");
        Files.writeString(na, "{\"schema\": \"durabench-not-measured/2\", \"notApplicable\": [], \"failed\": []}");
        assertRefused(() -> NotMeasuredFile.read(na), "newer durabench (schema durabench-not-measured/2)", "upgrade durabench");
        Path run = dir.resolve("run.json");
        Files.writeString(run, "{\"schema\": \"durabench-run/7\", \"targets\": []}");
        assertRefused(() -> RunManifest.read(run), "durabench-run/7", "upgrade durabench");
        Path env = dir.resolve("environment.json");
        Files.writeString(env, "{\"schema\": \"durabench-environment/2\", \"target\": {}}");
        assertRefused(() -> EnvironmentFile.read(env), "durabench-environment/2", "upgrade durabench");
    }

    @Test
    void anotherFilesSchemaIsRefused(@TempDir Path dir) throws IOException {
        Path env = dir.resolve("environment.json");
        Files.writeString(env, "{\"schema\": \"durabench-run/1\", \"target\": {}}");
        assertRefused(() -> EnvironmentFile.read(env), "is not durabench-environment", "right file");
    }

    @Test
    void aMalformedFieldNamesTheFile(@TempDir Path dir) throws IOException {
        Path env = dir.resolve("environment.json");
        Files.writeString(env, "{\"schema\": \"durabench-environment/1\", \"target\": {\"durableStorage\": [1]}}");
        assertRefused(() -> EnvironmentFile.read(env), env.toString(), "durableStorage");
        Path na = dir.resolve("not-applicable.json");
        Files.writeString(na, "{\"notApplicable\": [{\"benchmark\": \"b\", \"params\": {\"x\": {\"y\": 1}}}]}");
        assertRefused(() -> NotMeasuredFile.read(na), na.toString(), "param x");
    }

    @Test
    void theManifestRoundTrips(@TempDir Path dir) {
        RunManifest m = RunManifest.starting("quick", "2026-11-30T00:00:00Z", List.of("-f", "2"), 2, 42L,
                List.of(new RunManifest.Target("/mnt/x", "mnt-x")), List.of(new RunManifest.Jvm("jvm1-17.0.15", "/usr/bin/java", "17.0.15")),
                List.of("ext4"), new RunManifest.Options(true, false))
                .with(new RunManifest.Ran("mnt-x", "jvm1-17.0.15", "SyncWriteCost.writeBlock syncMethod=NONE", 2, "measured", "2026-11-30T00:00:01Z"));
        ResultsFolder.create(dir).writeManifest(m);
        assertEquals(m, RunManifest.read(dir.resolve(ResultsFolder.RUN_MANIFEST)));
    }

    private static void assertRefused(Runnable read, String... expected) {
        ResultsFileException e = assertThrows(ResultsFileException.class, read::run);
        for (String s : expected) assertTrue(e.getMessage().contains(s), e.getMessage());
    }
}
