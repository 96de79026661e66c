package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An archive's name holds everything it is valid for, so nothing ever meets an archive that is not its own. */
class ClassDataArchiveTest {
    private static final Path JAVA = Path.of("/usr/lib/jvm/a/bin/java");
    private static final List<String> FLAGS = List.of("--enable-native-access=ALL-UNNAMED", "-Ddurabench.native=jnr");

    @TempDir
    Path dir;

    private Path jar(String name, String bytes) throws Exception {
        return Files.writeString(dir.resolve(name), bytes);
    }

    @Test
    void livesBesideTheJarUnderCdsNamedByTheJvmItsLayerAndTheJarsChecksum() throws Exception {
        Path jar = jar("benchmarks.jar", "one build");
        Path file = ClassDataArchive.of(JAVA, "17.0.15+6-Debian-1deb12u1", "jnr", FLAGS, jar).file();
        assertEquals(dir.resolve("cds"), file.getParent());
        assertTrue(file.getFileName().toString().matches("17\\.0\\.15\\+6_Debian_1deb12u1-[0-9a-f]{8}-jnr-[0-9a-f]{8}-[0-9a-f]{12}\\.jsa"), file.toString());
        assertEquals(file, ClassDataArchive.of(JAVA, "17.0.15+6-Debian-1deb12u1", "jnr", FLAGS, jar).file(), "the same inputs, the same archive");
    }

    @Test
    void anotherBuildJvmLayerOrSetOfFlagsHasAnotherArchive() throws Exception {
        Path jar = jar("benchmarks.jar", "one build");
        Path file = ClassDataArchive.of(JAVA, "25.0.3+9-LTS", "ffm", FLAGS, jar).file();
        Path rebuilt = ClassDataArchive.of(JAVA, "25.0.3+9-LTS", "ffm", FLAGS, jar("other.jar", "another build")).file();
        assertNotEquals(file.getFileName(), rebuilt.getFileName(), "a new jar");
        assertNotEquals(file, ClassDataArchive.of(JAVA, "25.0.2+7-LTS", "ffm", FLAGS, jar).file(), "another version");
        assertNotEquals(file, ClassDataArchive.of(Path.of("/opt/other/bin/java"), "25.0.3+9-LTS", "ffm", FLAGS, jar).file(), "another JDK");
        assertNotEquals(file, ClassDataArchive.of(JAVA, "25.0.3+9-LTS", "jnr", FLAGS, jar).file(), "another layer");
        assertNotEquals(file, ClassDataArchive.of(JAVA, "25.0.3+9-LTS", "ffm", List.of("-Xmx1g"), jar).file(), "other fork flags");
    }

    @Test
    void runsThatDifferOnlyInPropertiesAndLoggingTheJvmDoesNotMapAnArchiveByShareOne() throws Exception {
        Path jar = jar("benchmarks.jar", "one build");
        List<String> one = List.of("--enable-native-access=ALL-UNNAMED", "-XX:-UsePerfData", "-Djmh.ignoreLock=true", "-Djava.io.tmpdir=/tmp/a");
        List<String> two = List.of("--enable-native-access=ALL-UNNAMED", "-XX:-UsePerfData", "-Djmh.ignoreLock=true", "-Djava.io.tmpdir=/tmp/b",
                "-Ddurabench.interruptSeed=7", "-Xlog:class+load:file=/tmp/b/jvm-%p.log");
        Path file = ClassDataArchive.of(JAVA, "17.0.15", "jnr", one, jar).file();
        assertEquals(file, ClassDataArchive.of(JAVA, "17.0.15", "jnr", two, jar).file(), "another temporary directory, property or log");
        for (String flag : List.of("-XX:+UseSerialGC", "-XX:-UseCompressedOops", "-Xmx64m", "-Xshare:auto", "-Djdk.module.addmods=jdk.incubator.vector",
                "-Djava.system.class.loader=a.Loader", "--add-modules=jdk.incubator.vector")) {
            List<String> more = new java.util.ArrayList<>(one);
            more.add(flag);
            assertNotEquals(file, ClassDataArchive.of(JAVA, "17.0.15", "jnr", more, jar).file(), flag + " decides what the JVM maps");
        }
    }

    @Test
    void installMovesTheTrainedFileIntoPlaceAndDeletesOnlyOtherBuildsArchives() throws Exception {
        Path jar = jar("benchmarks.jar", "this build");
        ClassDataArchive archive = ClassDataArchive.of(JAVA, "17.0.15", "jnr", FLAGS, jar);
        ClassDataArchive otherJvm = ClassDataArchive.of(JAVA, "21.0.7", "jnr", FLAGS, jar);
        Files.createDirectories(archive.file().getParent());
        Files.writeString(otherJvm.file(), "another JVM's, this build");
        Path oldBuild = Files.writeString(dir.resolve("cds").resolve("17.0.15-00000000-jnr-00000000-0123456789ab.jsa"), "an older build's");
        Path trained = Files.writeString(archive.trainingFile(), "trained");
        assertTrue(archive.trainingFile().getFileName().toString().endsWith(".training-" + ProcessHandle.current().pid()),
                "each launcher trains into a file of its own");

        archive.install(trained);

        assertEquals("trained", Files.readString(archive.file()));
        assertFalse(Files.exists(trained));
        assertFalse(Files.exists(oldBuild), "the jar beside it is this build now: an older build's archive can never be used");
        assertTrue(Files.exists(otherJvm.file()), "another JVM's archive of this build stays");
    }
}
