package io.durabench.suite;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Class data sharing for JMH's forks. A fork is a fresh JVM, and much of what it spends before its first
 * iteration is loading and linking the same classes as every other fork (JMH's, durabench's, the native
 * layer's). Per JVM slot this decides whether its forks start from a {@link ClassDataArchive}: the one
 * already beside the jar if the JVM accepts it, else one made now by a single training fork on tmpfs, kept
 * for every later run of the same JDK, layer, flags and jar.
 *
 * <p>Never a reason for a run to fail: an archive that cannot be made, or that the JVM refuses, means forks
 * start as they always did, with one line saying why (a refused one is deleted, so the next run makes it
 * again). {@code -Ddurabench.cds=off} turns it off; forks whose classes are not in one jar start plain.
 */
final class ForkArchives {
    static final String PROPERTY = "durabench.cds";
    /** The training fork writes on tmpfs where there is one, so making the archive adds no load to a disk. */
    private static final Path SHM = Path.of("/dev/shm");
    /** Decided once per launcher for each JVM, layer, flags and jar: later targets reuse it. */
    private static final Map<String, Decision> DECIDED = new ConcurrentHashMap<>();

    /** The flags that start a slot's forks from its archive (none for a plain start), and the archive as environment.json records it. */
    record Decision(List<String> flags, Path archive) {
        static final Decision PLAIN = new Decision(List.of(), null);

        /** The archive's file, or "none". */
        String recorded() {
            return archive == null ? "none" : archive.toString();
        }
    }

    /** Runs the training fork: {@code cell} in the slot's JVM with {@code extraForkFlags} too; true when JMH measured it. */
    interface Trainer {
        boolean train(Cell cell, List<String> extraForkFlags) throws InterruptedException;
    }

    private ForkArchives() {
    }

    /**
     * The decision for {@code slot}'s forks run with {@code settings} from {@code classpath} (this JVM's: a fork's);
     * {@code say} hears the one line of a decision worth a line.
     */
    static Decision forSlot(JvmSlot slot, JmhSettings settings, String classpath, Trainer trainer, Consumer<String> say)
            throws InterruptedException {
        if ("off".equalsIgnoreCase(System.getProperty(PROPERTY, "")) || settings.forks() == 0) return Decision.PLAIN;
        List<String> forkFlags = new ArrayList<>(slot.jvmFlags());
        forkFlags.addAll(settings.forkJvmArgs());
        String key = slot.facts().java() + " " + slot.layer() + " " + forkFlags + " " + settings.userJvm().orElse("") + " " + classpath;
        Decision known = DECIDED.get(key);
        if (known != null) return known;
        Decision d = decide(slot, settings, forkFlags, classpath, trainer, say);
        DECIDED.put(key, d);
        return d;
    }

    private static Decision decide(JvmSlot slot, JmhSettings settings, List<String> forkFlags, String classpath, Trainer trainer,
                                   Consumer<String> say) throws InterruptedException {
        String jvm = "# class data: " + slot.describe() + " on " + slot.layer().word() + ": ";
        if (settings.userJvm().isPresent()) {
            say.accept(jvm + "forks start without an archive: JMH's -jvm runs them in a JVM other than the slot's");
            return Decision.PLAIN;
        }
        // The user's options come after ours and win: an archive they turn off or replace would be recorded, not used.
        List<String> own = forkFlags.stream().filter(ForkArchives::decidesClassData).toList();
        if (!own.isEmpty()) {
            say.accept(jvm + "forks start without an archive: their JVM options decide class data sharing themselves (" + String.join(" ", own) + ")");
            return Decision.PLAIN;
        }
        // Classes from folders (an IDE, Maven's in-process tests) cannot be archived: not the jar a user runs, so no line.
        if (classpath.contains(File.pathSeparator) || !classpath.endsWith(".jar") || !Files.isRegularFile(Path.of(classpath))) {
            return Decision.PLAIN;
        }
        ClassDataArchive archive = ClassDataArchive.of(slot.facts().java(), slot.facts().vmVersion(), slot.layer().word(), forkFlags,
                Path.of(classpath));
        if (!archive.exists()) return train(archive, jvm, trainer, say);
        String refused = archive.refusal(archive.file());
        if (refused.isEmpty()) return new Decision(archive.forkFlags(), archive.file());
        say.accept(jvm + "forks start without an archive: the JVM refused " + archive.file() + " (" + refused + "); "
                + (archive.delete() ? "deleted, the next run makes it again" : "it could not be deleted"));
        return Decision.PLAIN;
    }

    private static Decision train(ClassDataArchive archive, String jvm, Trainer trainer, Consumer<String> say) throws InterruptedException {
        long start = System.nanoTime();
        Path trained = archive.trainingFile();
        Path dir = null;
        try {
            Files.createDirectories(archive.file().getParent());
            dir = Files.createTempDirectory(Files.isDirectory(SHM) && Files.isWritable(SHM) ? SHM : archive.file().getParent(), "durabench-cds-");
            boolean ran = trainer.train(trainingCell(dir), List.of("-XX:ArchiveClassesAtExit=" + trained));
            if (!ran || !Files.isRegularFile(trained)) {
                say.accept(jvm + "forks start without an archive: its training fork " + (ran ? "wrote none" : "failed (see jmh-log.txt)"));
                return Decision.PLAIN;
            }
            String refused = archive.refusal(trained);
            if (!refused.isEmpty()) {
                say.accept(jvm + "forks start without an archive: the JVM refused the one just made (" + refused + ")");
                return Decision.PLAIN;
            }
            archive.install(trained);
            say.accept(String.format(Locale.ROOT, "%sforks start from an archive of their classes, made now in %.1f s: %s", jvm,
                    (System.nanoTime() - start) / 1e9, archive.file()));
            return new Decision(archive.forkFlags(), archive.file());
        } catch (IOException e) {
            say.accept(jvm + "forks start without an archive: cannot make it in " + archive.file().getParent() + " (" + e + ")");
            return Decision.PLAIN;
        } finally {
            deleteQuietly(trained);
            if (dir != null) deleteQuietly(dir);
        }
    }

    /** -Xshare:off, another archive, or making one: an option that would undo ours (-Xshare:on only insists on it). */
    static boolean decidesClassData(String option) {
        return option.equals("-Xshare:off") || option.startsWith("-XX:SharedArchiveFile") || option.startsWith("-XX:ArchiveClassesAtExit")
                || option.equals("-XX:+AutoCreateSharedArchive") || option.startsWith("-XX:SharedClassListFile") || option.equals("-Xshare:dump");
    }

    /**
     * One short FDATASYNC 8 KiB append: JMH's fork machinery, the native layer and the durable-write loop, the
     * classes nearly every cell's fork loads; on tmpfs, so its syncs cost nothing.
     */
    static Cell trainingCell(Path dir) {
        return Cell.of(Catalogue.SYNC_WRITE_COST.writeBlock()).with(SyncWriteCostFamily.SYNC_METHOD, SyncMethod.FDATASYNC)
                .with(SyncWriteCostFamily.BLOCK_SIZE, 8192).with(SyncWriteCostFamily.WRITES_PER_SYNC, 1)
                .with(SyncWriteCostFamily.PREALLOCATION, Preallocation.NONE).with(Catalogue.TARGET_DIR, dir.toString());
    }

    /** The training file if it was not moved into place, and the training folder (the benchmark deletes its own files in it). */
    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // Named by this JVM's pid or a temporary folder's name, never read again: harmless, and gone with `mvn clean` or a reboot.
        }
    }
}
