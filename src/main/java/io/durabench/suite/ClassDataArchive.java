package io.durabench.suite;

import io.durabench.child.ChildFailedException;
import io.durabench.child.ChildProcess;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * One AppCDS archive of the classes a JMH fork loads: a dynamic archive ({@code -XX:ArchiveClassesAtExit}, the
 * same way on JDK 17 and 25) laid over the JDK's own. It lives beside the jar, under {@code cds/} (target/cds for
 * ./durabench), never in a results folder, and its name holds everything it is valid for: the JVM (its version,
 * a hash of its path), the native layer (the layers load different classes), the forks' flags that matter to an
 * archive ({@link #thatMatter}) and the jar's checksum. So a new build or another JDK never meets an archive that
 * is not its own, and a name is all a check needs before the JVM itself has the last word ({@link #refusal}).
 */
final class ClassDataArchive {
    /**
     * The check is a JVM that maps the archive and prints its version, in a second or two; a few minutes
     * covers a loaded machine, and a check still running then is a refusal, not a hung run.
     */
    static final Duration CHECK_LIMIT = Duration.ofMinutes(3);

    private final Path java;
    private final Path file;
    private final List<String> forkFlags;
    private final Path jar;
    private final String jarChecksum;

    private ClassDataArchive(Path java, Path file, List<String> forkFlags, Path jar, String jarChecksum) {
        this.java = java;
        this.file = file;
        this.forkFlags = List.copyOf(forkFlags);
        this.jar = jar;
        this.jarChecksum = jarChecksum;
    }

    /** The archive of forks of {@code java} ({@code vmVersion}, on native {@code layer}) started with {@code forkFlags} from {@code jar}. */
    static ClassDataArchive of(Path java, String vmVersion, String layer, List<String> forkFlags, Path jar) {
        Path absoluteJar = jar.toAbsolutePath().normalize();
        String sum = fileChecksum(absoluteJar);
        String name = vmVersion.replaceAll("[^A-Za-z0-9.+_]", "_") + "-" + shortHash(java.toAbsolutePath().normalize().toString()) + "-" + layer
                + "-" + shortHash(String.join("\u0000", thatMatter(forkFlags))) + "-" + sum + ".jsa";
        return new ClassDataArchive(java, absoluteJar.getParent().resolve("cds").resolve(name), forkFlags, absoluteJar, sum);
    }

    /**
     * The forks' flags an archive depends on: all but the system properties the JVM does not read when it maps one
     * (a run's own {@code -Djava.io.tmpdir}, durabench's and JMH's properties) and {@code -Xlog} (what is logged, not
     * what is loaded). So runs that differ only in those share one archive. Kept: every {@code -X}/{@code -XX} option
     * (the collector, compressed oops, verification, ...) and the properties that change which classes the JVM may take
     * from an archive ({@code jdk.module.*}, {@code java.system.class.loader}). {@link #refusal} still checks an archive
     * with the forks' every flag, so one a left-out flag did matter to is refused, deleted and said, never used.
     */
    static List<String> thatMatter(List<String> forkFlags) {
        return forkFlags.stream().filter(f -> !f.startsWith("-Xlog") && !(f.startsWith("-D") && !decidesClassLoading(f.substring(2)))).toList();
    }

    private static boolean decidesClassLoading(String property) {
        return property.startsWith("jdk.module.") || property.startsWith("java.system.class.loader");
    }

    Path file() {
        return file;
    }

    boolean exists() {
        return Files.isRegularFile(file);
    }

    /**
     * The flags that start a fork from it. {@code -Xshare:auto}: should the JVM refuse it after all (the jar touched
     * since the check), the fork starts plain instead of failing. {@code -Xlog:cds=off}: the JDK's own archive was
     * dumped without {@code --enable-native-access}, so JDK 25 turns its optimized module handling off in every
     * fork, plain ones too; it says so at info level, but at error level (three lines in every fork's output) once
     * an archive is named. {@link #refusal} has already heard everything the JVM has to say about the archive.
     */
    List<String> forkFlags() {
        return List.of("-XX:SharedArchiveFile=" + file, "-Xshare:auto", "-Xlog:cds=off");
    }

    /**
     * Where a training fork writes it: beside it, named by this JVM's pid, so two launchers training at once never
     * write one file; {@link #install} then moves it into place in one step.
     */
    Path trainingFile() {
        return file.resolveSibling(file.getFileName() + ".training-" + ProcessHandle.current().pid());
    }

    /**
     * Empty when the JVM accepts {@code archive} with the forks' own flags and classpath; else the JVM's last words
     * about it. {@code -Xshare:on} fails at once on any mismatch (a corrupt file, another JVM, the jar's size or time
     * changed), where a fork's {@code -Xshare:auto} would go on without it and print warnings into JMH's output.
     */
    String refusal(Path archive) throws InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(java.toString()));
        cmd.addAll(forkFlags);
        cmd.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:on", "-cp", jar.toString(), "-version"));
        ChildProcess p;
        try {
            p = ChildProcess.startMerged(cmd, "the -Xshare:on check of " + archive);
        } catch (ChildFailedException e) {
            return "the check could not start " + java + ": " + e.getCause().getMessage();
        }
        ChildProcess.Exit e;
        try (p) {
            e = p.await(CHECK_LIMIT);
        } catch (ChildFailedException failed) {
            if (Thread.interrupted()) throw new InterruptedException("interrupted while checking " + archive);
            return failed.getMessage();
        }
        if (e.code() == 0) return "";
        List<String> lines = e.stdout().stream().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        return lines.isEmpty() ? "-Xshare:on exited " + e.code() : lines.get(lines.size() - 1);
    }

    /**
     * Moves a trained and accepted archive into place in one step (a launcher that already checked the old file
     * keeps a fork's view whole: a fork opens one file or the other), then deletes the archives of other builds:
     * the jar beside them is this one now, so they can never be used again, and each is tens of MB.
     */
    void install(Path trained) throws IOException {
        Files.move(trained, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        try (DirectoryStream<Path> all = Files.newDirectoryStream(file.getParent(), "*.jsa")) {
            for (Path p : all) if (!p.getFileName().toString().endsWith("-" + jarChecksum + ".jsa")) Files.deleteIfExists(p);
        }
    }

    /** Deletes a refused archive, so the next launcher makes it again; false (kept) when it cannot. */
    boolean delete() {
        try {
            Files.deleteIfExists(file);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String shortHash(String text) {
        return HexFormat.of().formatHex(sha256().digest(text.getBytes(StandardCharsets.UTF_8))).substring(0, 8);
    }

    private static String fileChecksum(Path file) {
        MessageDigest sha = sha256();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) sha.update(buf, 0, n);
            return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " for its checksum: " + e.getMessage(), e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }
}
