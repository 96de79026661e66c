package io.durabench.lockstep;

import io.durabench.child.ChildFailedException;
import io.durabench.child.ChildProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The C twin as a lock-step side ({@code durabench-twin --lock-step-side}, twin/README.md): where its
 * binary is, built when it is missing. The twin speaks {@link LockStepSide}'s protocol and prints its
 * result lines, so {@link ForkPair} runs it as it runs a JVM; what it adds is a side with no JVM, JIT or
 * jnr between the workload and the kernel, the same calls made from C.
 *
 * <p>The binary is the one the system property {@value #BINARY_PROPERTY} names, used as it is; or
 * {@code <durabench.home>/target/twin/durabench-twin} (the launcher sets {@code durabench.home}), built
 * from {@code <durabench.home>/twin/*.c} with the documented compiler line when it is missing or older
 * than a source, where {@code cc} is on PATH. Anything else is a one-line error naming
 * {@code make -C twin}.
 */
public final class NativeSide {
    /** Names a twin binary to run as it is. */
    public static final String BINARY_PROPERTY = "durabench.twin";
    /** The twin's flags, as twin/Makefile and twin/README.md give them; tests add -Werror. */
    static final List<String> CC_FLAGS = List.of("-std=c11", "-O2", "-Wall", "-Wextra", "-pthread");
    private static final Duration COMPILE_LIMIT = Duration.ofMinutes(2);

    private NativeSide() {
    }

    /** The twin's program for a side, from the system properties and PATH of this JVM. */
    public static ForkPair.Program twin() {
        String named = System.getProperty(BINARY_PROPERTY);
        Path home = Path.of(System.getProperty("durabench.home", ".")).toAbsolutePath();
        return new ForkPair.Program.Twin(named != null ? named(Path.of(named)) : builtIn(home, System.getenv().getOrDefault("PATH", "")));
    }

    /** A binary given by name: it must be an executable file. */
    static Path named(Path binary) {
        if (!Files.isRegularFile(binary) || !Files.isExecutable(binary)) {
            throw new IllegalStateException("-D" + BINARY_PROPERTY + "=" + binary + " is not an executable file: build the twin with make -C twin");
        }
        return binary.toAbsolutePath();
    }

    /** {@code home}'s twin, built first when it is missing or older than a source and {@code cc} is on {@code path}. */
    static Path builtIn(Path home, String path) {
        Path binary = home.resolve("target").resolve("twin").resolve("durabench-twin");
        Path sources = home.resolve("twin");
        List<Path> files = sources(sources);
        if (Files.isExecutable(binary) && (files.isEmpty() || !olderThan(binary, files))) return binary;
        String why = Files.exists(binary) ? binary + " is older than its sources in " + sources : "the C twin is not built at " + binary;
        if (files.isEmpty()) throw new IllegalStateException(why + " and its sources are not in " + sources + ": build it with make -C twin");
        Path cc = onPath("cc", path);
        if (cc == null) throw new IllegalStateException(why + ", and there is no cc on PATH to build it: install a C compiler and run make -C twin");
        compile(cc, files, binary);
        return binary;
    }

    /** The compiler line: {@code cc FLAGS... EXTRA... -o BINARY SOURCES... -lm}. */
    public static List<String> compileCommand(Path cc, List<Path> sources, Path binary, List<String> extraFlags) {
        List<String> cmd = new ArrayList<>(List.of(cc.toString()));
        cmd.addAll(CC_FLAGS);
        cmd.addAll(extraFlags);
        cmd.addAll(List.of("-o", binary.toString()));
        sources.stream().filter(p -> p.toString().endsWith(".c")).forEach(p -> cmd.add(p.toString()));
        cmd.add("-lm");
        return cmd;
    }

    /** The twin's .c and .h files in {@code dir}, sorted; none when the folder is not there. */
    public static List<Path> sources(Path dir) {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".c") || p.toString().endsWith(".h")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the twin's sources in " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void compile(Path cc, List<Path> sources, Path binary) {
        try {
            Files.createDirectories(binary.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make " + binary.getParent() + " for the C twin: " + e.getMessage(), e);
        }
        try (ChildProcess p = ChildProcess.start(compileCommand(cc, sources, binary, List.of()), "the C twin's build")) {
            ChildProcess.Exit e = p.await(COMPILE_LIMIT);
            if (e.code() != 0) {
                throw new IllegalStateException("the C twin did not build (" + e.describe() + "): see make -C twin");
            }
        } catch (ChildFailedException e) {
            throw new IllegalStateException("the C twin did not build: " + e.getMessage() + "; see make -C twin", e);
        }
    }

    private static boolean olderThan(Path binary, List<Path> sources) {
        try {
            long built = Files.getLastModifiedTime(binary).toMillis();
            for (Path s : sources) if (Files.getLastModifiedTime(s).toMillis() > built) return true;
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the C twin's times: " + e.getMessage(), e);
        }
    }

    private static Path onPath(String tool, String path) {
        for (String d : path.split(":")) {
            Path p = Path.of(d.isEmpty() ? "." : d, tool);
            if (Files.isExecutable(p)) return p;
        }
        return null;
    }
}
