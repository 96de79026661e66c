package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Never a reason for a run to fail: an archive the JVM refuses, or one that cannot be made, is one line and a
 * plain start. The refusal is the real JVM's ({@code -Xshare:on} on a file that is not an archive).
 */
class ForkArchivesTest {
    private final JvmSlot slot = JvmSlot.launcher();
    private final JmhSettings settings = JmhSettings.of(Profile.QUICK, List.of());
    private final List<String> lines = new ArrayList<>();

    @TempDir
    Path dir;

    private Path jar() throws Exception {
        return Files.writeString(dir.resolve("benchmarks.jar"), "a jar");
    }

    private ClassDataArchive archiveOf(Path jar) {
        List<String> flags = new ArrayList<>(slot.jvmFlags());
        flags.addAll(settings.forkJvmArgs());
        return ClassDataArchive.of(slot.facts().java(), slot.facts().vmVersion(), slot.layer().word(), flags, jar);
    }

    @Test
    void aCorruptArchiveIsOneLineAndAPlainStartAndIsDeletedForTheNextRun() throws Exception {
        Path jar = jar();
        ClassDataArchive archive = archiveOf(jar);
        Files.createDirectories(archive.file().getParent());
        Files.writeString(archive.file(), "not an archive");

        ForkArchives.Decision d = ForkArchives.forSlot(slot, settings, jar.toString(), (cell, flags) -> {
            throw new AssertionError("a refused archive is not made again by this run");
        }, lines::add);

        assertEquals(List.of(), d.flags(), "forks start plain");
        assertEquals("none", d.recorded());
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("refused " + archive.file()) && lines.get(0).contains("forks start without an archive"), lines.get(0));
        assertFalse(Files.exists(archive.file()), "deleted: the next run makes it again");
    }

    @Test
    void aTrainingForkThatWritesNoArchiveIsOneLineAndAPlainStart() throws Exception {
        Path jar = jar();
        List<List<String>> asked = new ArrayList<>();
        ForkArchives.Decision d = ForkArchives.forSlot(slot, settings, jar.toString(), (cell, flags) -> asked.add(flags), lines::add);

        assertEquals(1, asked.size());
        assertTrue(asked.get(0).get(0).startsWith("-XX:ArchiveClassesAtExit=" + dir.resolve("cds")), asked.toString());
        assertEquals(List.of(), d.flags());
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).endsWith("its training fork wrote none"), lines.get(0));
        try (var left = Files.list(dir.resolve("cds"))) {
            assertEquals(List.of(), left.toList(), "nothing left behind");
        }
    }

    @Test
    void classesNotInOneJarStartPlainWithoutALine() throws Exception {
        String classpath = dir.resolve("classes") + java.io.File.pathSeparator + jar();
        ForkArchives.Decision d = ForkArchives.forSlot(slot, settings, classpath, (cell, flags) -> {
            throw new AssertionError("nothing to train");
        }, lines::add);
        assertEquals(List.of(), d.flags());
        assertEquals("none", d.recorded());
        assertEquals(List.of(), lines, "Maven's in-process tests and an IDE run so: no line for them");
    }

    @Test
    void aFolderTheArchiveCannotBeMadeInIsOneLineAndAPlainStart() throws Exception {
        Path jar = jar();
        Files.writeString(dir.resolve("cds"), "a file where the folder would be");
        ForkArchives.Decision d = ForkArchives.forSlot(slot, settings, jar.toString(), (cell, flags) -> {
            throw new AssertionError("nowhere to train");
        }, lines::add);
        assertEquals(List.of(), d.flags());
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("forks start without an archive: cannot make it in " + dir.resolve("cds")), lines.get(0));
    }

    @Test
    void jvmOptionsThatTurnClassDataSharingOffOrChooseTheirOwnArchiveWin() throws Exception {
        JmhSettings off = JmhSettings.of(Profile.QUICK, List.of("-jvmArgsAppend", "-Xshare:off"));
        ForkArchives.Decision d = ForkArchives.forSlot(slot, off, jar().toString(), (cell, flags) -> {
            throw new AssertionError("not made for forks that would not use it");
        }, lines::add);
        assertEquals("none", d.recorded());
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).endsWith("their JVM options decide class data sharing themselves (-Xshare:off)"), lines.get(0));
        assertFalse(ForkArchives.decidesClassData("-Xshare:on"), "on insists on the archive named before it");
        assertTrue(ForkArchives.decidesClassData("-XX:SharedArchiveFile=/x.jsa"));
    }
}
