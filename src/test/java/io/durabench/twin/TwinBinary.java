package io.durabench.twin;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.lockstep.NativeSide;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The C twin, compiled from twin/*.c into target/twin/ once per test JVM with the documented
 * command line ({@link NativeSide#compileCommand}) and -Werror, and run as a real process. Tests skip
 * (with the reason) where there is no cc.
 */
final class TwinBinary {
    static final Path SOURCES = Path.of("twin").toAbsolutePath();
    static final Path BINARY = Path.of("target", "twin", "durabench-twin").toAbsolutePath();
    private static Boolean built;

    private TwinBinary() {
    }

    /** What one run printed and returned. */
    record Run(int exitCode, String stdout, String stderr) {
    }

    /** Builds the twin (once); skips the calling test when no C compiler is on PATH. */
    static synchronized Path build() {
        if (built == null) built = compile();
        assumeTrue(built, "no C compiler: `cc` is not on PATH, so the C twin cannot be built here");
        return BINARY;
    }

    /**
     * Compiles into a file of this JVM's own, then renames it over the binary in one step: test JVMs running side by side
     * (surefire's forks) each build it, and one must never run, or link over, a binary another is still writing.
     */
    private static boolean compile() {
        if (!onPath("cc")) return false;
        Path own = BINARY.resolveSibling(BINARY.getFileName() + "-" + ProcessHandle.current().pid());
        try {
            Files.createDirectories(BINARY.getParent());
            Run r = exec(NativeSide.compileCommand(Path.of("cc"), NativeSide.sources(SOURCES), own, List.of("-Werror")), 120);
            if (r.exitCode() != 0) throw new AssertionError("the twin does not compile:\n" + r.stderr());
            Files.move(own, BINARY, StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            try {
                Files.deleteIfExists(own);
            } catch (IOException e) {
                // Only left when the build failed, named by this JVM's pid: gone with mvn clean.
            }
        }
    }

    static boolean onPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) return true;
        }
        return false;
    }

    /** Runs the twin with these arguments, without JMH's machine-wide lock (a test run measures nothing). */
    static Run run(List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(build().toString());
        cmd.add("--no-lock");
        cmd.addAll(args);
        return exec(cmd, 120);
    }

    static Run exec(List<String> cmd, int timeoutSeconds) {
        try {
            Path out = Files.createTempFile(BINARY.getParent(), "out-", ".txt");
            Path err = Files.createTempFile(BINARY.getParent(), "err-", ".txt");
            try {
                Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new AssertionError("timed out after " + timeoutSeconds + " s: " + String.join(" ", cmd));
                }
                return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
