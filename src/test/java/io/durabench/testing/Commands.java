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
        Outcome o = execute(command);
        return o.problem() == null ? o.output() : fail(o.problem());
    }

    /** Runs {@code command} for a clean-up: empty when it worked, else what went wrong. Never throws, so later steps still run. */
    public static String problemRunning(String... command) {
        String problem = execute(command).problem();
        return problem == null ? "" : problem;
    }

    private record Outcome(String output, String problem) {
    }

    private static Outcome execute(String... command) {
        String line = String.join(" ", command);
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Outcome(out, line + " did not finish in 60 s");
            }
            return new Outcome(out, p.exitValue() == 0 ? null : line + " exited " + p.exitValue() + ": " + out.strip());
        } catch (IOException e) {
            return new Outcome("", command[0] + " could not be started: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome("", "interrupted while running " + line);
        }
    }

    /** Sleeps, failing the test if it is interrupted. */
    public static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted");
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
