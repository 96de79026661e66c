package io.durabench.child;

import io.durabench.env.JvmFacts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Asks a JVM binary what it is ({@code java -XshowSettings:properties -version}) and reads the answer
 * into env's {@link JvmFacts}, so the environment of a cell describes the JVM that ran it and not the
 * launcher's.
 */
public final class JvmProbe {
    /** A JVM prints its properties in well under a second; one silent for this long is not a JVM that starts. */
    static final Duration LIMIT = Duration.ofSeconds(30);

    private JvmProbe() {
    }

    /**
     * The facts of {@code java} (a JDK's bin/java or its home). A path that is not an executable JVM
     * is an IllegalArgumentException naming it and the fix.
     */
    public static JvmFacts of(Path java) {
        return of(java, LIMIT);
    }

    static JvmFacts of(Path java, Duration limit) {
        if (Files.isDirectory(java)) java = java.resolve("bin").resolve("java"); // a JDK home is accepted too
        if (!Files.isExecutable(java)) {
            throw new IllegalArgumentException("--jvm " + java + " is not an executable java: pass a JDK's bin/java or its home");
        }
        List<String> command = List.of(java.toString(), "-XshowSettings:properties", "-version");
        ChildProcess p;
        try {
            p = ChildProcess.startMerged(command, String.join(" ", command));
        } catch (ChildFailedException e) {
            throw new IllegalArgumentException("--jvm " + java + " cannot be run: " + e.getCause().getMessage());
        }
        ChildProcess.Exit exit;
        try (p) {
            exit = p.await(limit);
        } catch (ChildFailedException e) {
            if (Thread.currentThread().isInterrupted()) throw new IllegalStateException("interrupted while asking " + java + " for its version", e);
            throw new IllegalArgumentException("--jvm " + java + " did not start as a JVM (" + e.getMessage() + "): pass a JDK's bin/java or its home");
        }
        if (exit.code() != 0) {
            throw new IllegalArgumentException("--jvm " + java + " did not start as a JVM (" + firstLine(exit.stdout())
                    + "): pass a JDK's bin/java or its home");
        }
        return JvmFacts.read(java, String.join("\n", exit.stdout()));
    }

    private static String firstLine(List<String> lines) {
        return lines.stream().filter(l -> !l.isBlank()).findFirst().orElse("(no output)");
    }
}
