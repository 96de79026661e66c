package io.durabench.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The JDKs the JDK-path tests run workloads on, as child JVMs: JDK 17 (this JVM when it is one, else
 * the Debian package's) and Temurin 25 (where .ci/run expects it). Each is found by its home and
 * known by the version in its {@code release} file, so a test can say what that JVM will decide
 * without asking the JVM that runs the test.
 */
public final class TestJdks {
    public static final Path DEBIAN_JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
    public static final Path TEMURIN25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    /** One JDK: its home and its version ("17.0.15"). */
    public record Jdk(String label, Path home, Runtime.Version version) {
        public Path java() {
            return home.resolve("bin").resolve("java");
        }

        @Override
        public String toString() {
            return label + " (" + version + " at " + home + ")";
        }
    }

    private TestJdks() {
    }

    /** "jdk17" or "temurin25"; empty with why when this machine has none. */
    public static Result find(String label) {
        return switch (label) {
            case "jdk17" -> {
                Path self = Path.of(System.getProperty("java.home"));
                if (Runtime.version().feature() == 17) yield at(label, self);
                yield at(label, DEBIAN_JDK17);
            }
            case "temurin25" -> at(label, TEMURIN25);
            default -> throw new IllegalArgumentException("unknown test JDK " + label + ": use jdk17 or temurin25");
        };
    }

    /** A JDK found, or why not (for a JUnit assumption). */
    public record Result(Optional<Jdk> jdk, String whyMissing) {
    }

    private static Result at(String label, Path home) {
        Path release = home.resolve("release");
        if (!Files.isExecutable(home.resolve("bin").resolve("java")) || !Files.isRegularFile(release)) {
            return new Result(Optional.empty(), label + " not found at " + home + ": install it to run the JDK-path tests on it too");
        }
        try {
            for (String line : Files.readAllLines(release)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                    return new Result(Optional.of(new Jdk(label, home, Runtime.Version.parse(v))), null);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Result(Optional.empty(), release + " names no JAVA_VERSION");
    }
}
