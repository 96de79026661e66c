package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.durabench.testing.CliProcess;
import io.durabench.testing.Commands;
import io.durabench.testing.ProcessGroup;
import io.durabench.workload.ownership.OwnedNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * A real `durabench run` with a target directory of its own under target/ (a disk, with a file of
 * the user's in it) and a temporary directory of its own ({@code -Djava.io.tmpdir}, which the CLI
 * hands on to JMH's host), so that what the run leaves in the temporary directory can be
 * counted without another process on the machine fooling the count. Started with {@code setsid} in a
 * process group of its own, SIGINT and SIGTERM at their default action as in a terminal, so that the
 * test can wait for every process of the run to be gone.
 */
final class PrivateTmpRun implements AutoCloseable {
    static final String USER_FILE = "my-notes.txt";
    static final Duration LONG = Duration.ofMinutes(3);

    private final Path root;
    private final Path dir;
    private final PrivateTmp tmp;
    private CliProcess cli;
    private ProcessGroup group;

    private PrivateTmpRun(Path root) throws IOException {
        this.root = root;
        this.dir = Files.createDirectories(root.resolve("data")).toRealPath();
        this.tmp = PrivateTmp.create();
        Files.writeString(dir.resolve(USER_FILE), "the user's own file: durabench must never touch it\n");
    }

    static PrivateTmpRun create(String name) {
        try {
            Path base = Files.createDirectories(Path.of("target", "private-tmp-it").toAbsolutePath());
            return new PrivateTmpRun(Files.createTempDirectory(base, name + "-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path dir() {
        return dir;
    }

    Path out() {
        return root.resolve("out");
    }

    /** Starts {@code durabench ARGS} with this run's temporary directory, as the leader of a process group of its own. */
    CliProcess start(List<String> args) {
        cli = CliProcess.startCommand(List.of("setsid", "env", "--default-signal=INT,TERM"), tmp.command(args));
        group = ProcessGroup.ledBy(cli);
        return cli;
    }

    CliProcess cli() {
        return cli;
    }

    ProcessGroup group() {
        return group;
    }

    /** Waits for the run's exit and for every process it started to be gone; its exit code. */
    int awaitEnd() {
        int rc = cli.awaitExit(LONG);
        group.awaitEmpty(Duration.ofMinutes(1));
        return rc;
    }

    /** Waits until {@code n} workload files of durabench's are in the target directory: a trial is under way. */
    void awaitWorkloadFiles(int n) {
        long deadline = System.nanoTime() + LONG.toNanos();
        while (System.nanoTime() < deadline) {
            if (listing().stream().filter(f -> OwnedNames.tokenOfFile(f).isPresent()).count() >= n) return;
            if (!cli.handle().isAlive()) fail("the run ended before " + n + " workload files were made:\n" + cli.transcript());
            Commands.pause(5);
        }
        fail("fewer than " + n + " workload files in " + dir + " within " + LONG + ":\n" + cli.transcript());
    }

    /** The target directory's entries by name, sorted. */
    List<String> listing() {
        return names(dir);
    }

    /** What durabench or JMH left in the temporary directory ({@link PrivateTmp#leftovers}). */
    List<String> tmpLeftovers() {
        return tmp.leftovers();
    }

    /** Only the user's file is in the target directory, and nothing of durabench's or JMH's in the temporary one. */
    void assertNothingLeft(String when) {
        assertEquals(List.of(USER_FILE), listing(), "the target directory " + when + ":\n" + cli.transcript());
        assertEquals(List.of(), tmpLeftovers(), "the temporary directory " + tmp.path() + " " + when + ":\n" + cli.transcript());
    }

    private static List<String> names(Path folder) {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Kills what is left of the run and deletes the test's folder. */
    @Override
    public void close() {
        if (group != null) group.killAll();
        if (cli != null) cli.close();
        Commands.deleteTree(root);
        tmp.delete();
    }
}
