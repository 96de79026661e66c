package io.durabench.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Running the machine's own tools in tests (mount, mkfs, losetup): a failure fails the test with the command and its output. */
public final class Commands {
    private Commands() {
    }

    /** Runs {@code command} (60 s at most) and returns its output; fails the test when it cannot start or exits non-zero. */
    public static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return fail(String.join(" ", command) + " did not finish in 60 s");
            }
            if (p.exitValue() != 0) return fail(String.join(" ", command) + " exited " + p.exitValue() + ": " + out.strip());
            return out;
        } catch (IOException e) {
            return fail(command[0] + " could not be started: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted while running " + String.join(" ", command));
        }
    }

    /** Deletes a folder the test made, and everything in it (no link is followed). */
    public static void deleteTree(Path root) {
        if (!Files.exists(root)) return;
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
