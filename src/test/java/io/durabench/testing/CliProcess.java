package io.durabench.testing;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The durabench command line as a user starts it: a real process running the shaded jar (the
 * {@code durabench.jar} system property failsafe sets), with the JVM flags the launcher script
 * gives, optionally behind a prefix ({@code setsid} for a process group of its own, {@code strace},
 * {@code setpriv} to run as another user). Its stdout is read line by line as it comes, so a test
 * can act at a given point of the run; stderr is kept whole. Closing it kills what is still running.
 *
 * <p>JMH's machine-wide lock is ignored ({@code -Djmh.ignoreLock=true}): these are functional
 * tests of what the tool does, not measurements, and must not wait behind another benchmark.
 */
public final class CliProcess implements AutoCloseable {
    private static final String MAIN = "io.durabench.cli.DurabenchMain";

    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final StringBuilder err = new StringBuilder();
    private final Thread outReader;
    private final Thread errReader;

    private CliProcess(Process process) {
        this.process = process;
        this.outReader = drain(process.getInputStream(), line -> {
            synchronized (lines) {
                lines.add(line);
                lines.notifyAll();
            }
        });
        this.errReader = drain(process.getErrorStream(), line -> {
            synchronized (err) {
                err.append(line).append('\n');
            }
        });
    }

    /** The shaded jar the CLI runs from. */
    public static Path jar() {
        String jar = System.getProperty("durabench.jar");
        assertNotNull(jar, "system property durabench.jar is not set: run through `mvn verify` (failsafe sets it)");
        return Path.of(jar);
    }

    /**
     * {@code java <flags> -cp JAR io.durabench.cli.DurabenchMain ARGS}, with this JVM's java and the given jar, on the
     * native layer failsafe's execution names ({@link TestLayer}).
     */
    public static List<String> command(Path jar, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(launcherFlags(jar, args));
        cmd.addAll(List.of("-XX:-UsePerfData", "-Djmh.ignoreLock=true", "-cp", jar.toString(), MAIN));
        cmd.addAll(args);
        return cmd;
    }

    /**
     * What the launcher script gives this JVM: native access, and from JDK 23 sun.misc.Unsafe's memory access
     * denied unless jnr is its layer or the command hosts JMH's runner (run without --lock-step, gate); and the
     * layer of the failsafe execution, if it names one.
     */
    static List<String> launcherFlags(Path jar, List<String> args) {
        List<String> flags = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED"));
        TestLayer.option().ifPresent(flags::add);
        if (Runtime.version().feature() < 23) return flags;
        String command = args.stream().filter(a -> !a.startsWith("-")).findFirst().orElse("");
        boolean hostsJmh = command.equals("gate") || command.equals("fork-startup") || command.equals("run") && !args.contains("--lock-step");
        boolean jnr = TestLayer.of(jar) == io.durabench.nativeio.NativeLayer.Kind.JNR;
        flags.add("--sun-misc-unsafe-memory-access=" + (hostsJmh || jnr ? "allow" : "deny"));
        return flags;
    }

    /** Starts the CLI from the build's jar with {@code args}, behind {@code prefix} (may be empty). */
    public static CliProcess start(List<String> prefix, List<String> args) {
        return startCommand(prefix, command(jar(), args));
    }

    /** Starts {@code prefix} + {@code command} as given. */
    public static CliProcess startCommand(List<String> prefix, List<String> command) {
        List<String> all = new ArrayList<>(prefix);
        all.addAll(command);
        try {
            return new CliProcess(new ProcessBuilder(all).start());
        } catch (IOException e) {
            return fail("cannot start " + String.join(" ", all) + ": " + e.getMessage());
        }
    }

    /** The process's id (with {@code setsid} in front: the CLI's JVM itself, and its process group). */
    public long pid() {
        return process.pid();
    }

    public ProcessHandle handle() {
        return process.toHandle();
    }

    /**
     * Waits until a line of stdout matches and returns it (lines already printed count). Fails the
     * test when the process ends or {@code timeout} passes first, showing what it printed.
     */
    public String awaitLine(Predicate<String> matches, String what, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        int seen = 0;
        synchronized (lines) {
            while (true) {
                for (; seen < lines.size(); seen++) {
                    if (matches.test(lines.get(seen))) return lines.get(seen);
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) return fail("no line " + what + " within " + timeout + ":\n" + transcript());
                if (!outReader.isAlive() && seen == lines.size()) return fail("the run ended before printing a line " + what + ":\n" + transcript());
                try {
                    lines.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 200)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return fail("interrupted while waiting for " + what);
                }
            }
        }
    }

    /** Waits for the process to end (fails the test after {@code timeout}) and returns its exit code; 128+n after signal n. */
    public int awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return fail("the run did not end within " + timeout + ":\n" + transcript());
            }
            outReader.join(timeout.toMillis());
            errReader.join(timeout.toMillis());
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted while waiting for the run to end");
        }
    }

    public List<String> stdout() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    public String stderr() {
        synchronized (err) {
            return err.toString();
        }
    }

    /** Everything it printed so far, for a failure message. */
    public String transcript() {
        return "--- stdout\n" + String.join("\n", stdout()) + "\n--- stderr\n" + stderr();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    private static Thread drain(InputStream in, java.util.function.Consumer<String> sink) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) sink.accept(line);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, "cli-process-reader");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** A copy of the jar any user can read (for a test that runs the CLI as another user), in {@code dir}. */
    public static Path readableCopyOfJar(Path dir) {
        try {
            Path copy = dir.resolve("benchmarks.jar");
            Files.copy(jar(), copy);
            Files.setPosixFilePermissions(copy, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
