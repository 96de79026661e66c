package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher script ({@code ./durabench}) in a fresh clone, where it builds the jar first: Maven 3.8
 * prints escape codes even with {@code -q -B} ("[0m[0m[0m[0m# durabench: 55 cells ..." was a fresh
 * clone's first console line). A stub {@code mvn} prints what Maven prints (escape codes, and on a
 * failed build its errors) and a stub {@code java} stands in for the JVM, so this runs the script
 * itself in milliseconds.
 */
class LauncherScriptTest {
    private static final String ESC = "\u001b";

    @TempDir
    Path dir;

    private record Run(int exit, String stdout, String stderr) {
        String transcript() {
            return "exit " + exit + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    /** A copy of the script in a clone without target/, a stub mvn that succeeds (making the jar) or fails, and a stub java. */
    private Run launch(boolean buildSucceeds) throws IOException, InterruptedException {
        return launch(buildSucceeds, Files.createDirectories(dir.resolve("clone")));
    }

    private Run launch(boolean buildSucceeds, Path clone) throws IOException, InterruptedException {
        Files.copy(Path.of("durabench"), clone.resolve("durabench"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        executable(clone.resolve("durabench"));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        String colour = "printf '\\033[0m\\033[0m\\033[0m\\033[0m'\n";
        write(bin.resolve("mvn"), "#!/usr/bin/env bash\n" + colour + (buildSucceeds
                ? "mkdir -p target && touch target/benchmarks.jar\n"
                : "printf '\\033[1;31m[ERROR]\\033[m COMPILATION ERROR : Foo.java:[3,1] class, interface, or enum expected\\n'\nexit 1\n"));
        Path javaHome = Files.createDirectories(dir.resolve("jdk/bin")).getParent();
        write(javaHome.resolve("bin/java"), "#!/usr/bin/env bash\n"
                + "if [[ $1 == -version ]]; then echo 'openjdk version \"17.0.15\" 2025-04-15' >&2; exit 0; fi\n"
                + "echo '# durabench: the CLI ran'\n");
        ProcessBuilder pb = new ProcessBuilder(clone.resolve("durabench").toString(), "run").directory(dir.toFile());
        pb.environment().put("PATH", bin + ":/usr/bin:/bin");
        pb.environment().put("JAVA_HOME", javaHome.toString());
        pb.environment().remove("DURABENCH_JAVA_OPTS");
        pb.redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher ended");
        return new Run(p.exitValue(), Files.readString(dir.resolve("stdout")), Files.readString(dir.resolve("stderr")));
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        executable(file);
    }

    private static void executable(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void aBuildThatSucceedsShowsOneLineOfItsOwnAndNothingOfMavens() throws Exception {
        Run run = launch(true);
        assertEquals(0, run.exit(), run.transcript());
        assertFalse((run.stdout() + run.stderr()).contains(ESC), "no escape code on the console:\n" + run.transcript());
        List<String> err = run.stderr().lines().toList();
        assertEquals(1, err.size(), "the launcher's one line:\n" + run.transcript());
        assertTrue(err.get(0).startsWith("durabench: building "), run.transcript());
        assertEquals("# durabench: the CLI ran\n", run.stdout(), "then the CLI, its first line plain");
    }

    /** A jar older than the sources measures code that is no longer there: refused, naming the newer file, and not rebuilt. */
    @Test
    void aJarOlderThanTheSourcesIsRefusedAndAJarNewerThanThemRuns() throws Exception {
        Path clone = Files.createDirectories(dir.resolve("clone"));
        Path source = Files.createDirectories(clone.resolve("src/main/java")).resolve("Foo.java");
        Files.writeString(source, "class Foo {}\n");
        Path jar = Files.createDirectories(clone.resolve("target")).resolve("benchmarks.jar");
        Files.writeString(jar, "a jar");
        Files.setLastModifiedTime(source, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        Run fresh = launch(true, clone);
        assertEquals(0, fresh.exit(), fresh.transcript());
        assertEquals("", fresh.stderr(), "nothing built, nothing said: " + fresh.transcript());

        Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 120_000));
        Run stale = launch(true, clone);
        assertEquals(2, stale.exit(), stale.transcript());
        assertEquals("", stale.stdout(), "the CLI did not run: " + stale.transcript());
        List<String> err = stale.stderr().lines().toList();
        assertEquals(1, err.size(), "one line: " + stale.transcript());
        assertTrue(err.get(0).contains("is older than src/main/java/Foo.java: rebuild it (mvn -q -B package -DskipTests"), stale.transcript());
        assertEquals("a jar", Files.readString(jar), "the launcher did not rebuild it");
    }

    @Test
    void aBuildThatFailsShowsMavensOutputWithoutEscapeCodesOnStderr() throws Exception {
        Run run = launch(false);
        assertTrue(run.exit() != 0, run.transcript());
        assertEquals("", run.stdout(), "the CLI did not run: " + run.transcript());
        assertFalse(run.stderr().contains(ESC), "Maven's output without its escape codes:\n" + run.transcript());
        assertTrue(run.stderr().contains("[ERROR] COMPILATION ERROR : Foo.java:[3,1] class, interface, or enum expected"), run.transcript());
        List<String> err = run.stderr().lines().toList();
        assertTrue(err.get(0).startsWith("durabench: building "), run.transcript());
        assertTrue(err.get(err.size() - 1).startsWith("durabench: "), "the last line says what failed: " + run.transcript());
    }
}
