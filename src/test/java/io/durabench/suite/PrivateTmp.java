package io.durabench.suite;

import io.durabench.testing.CliProcess;
import io.durabench.testing.Commands;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A temporary directory of one test run's own ({@code -Djava.io.tmpdir}, which the CLI hands on to JMH's host and its
 * children), so that what the run leaves there can be counted without another process on the machine fooling the
 * count. Not under target/: a lock-step pair's hand-off socket is made there, and a UNIX socket's path has 107 bytes
 * at most.
 */
final class PrivateTmp {
    private final Path path;

    private PrivateTmp(Path path) {
        this.path = path;
    }

    static PrivateTmp create() {
        try {
            return new PrivateTmp(Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")), "durabench-it-").toRealPath());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path path() {
        return path;
    }

    /** The command that runs {@code durabench ARGS} from the jar with this temporary directory. */
    List<String> command(List<String> args) {
        List<String> command = new ArrayList<>(CliProcess.command(CliProcess.jar(), args));
        command.add(1, "-Djava.io.tmpdir=" + path);
        return command;
    }

    /**
     * What durabench or JMH left here: every entry named durabench… or jmh… but JMH's machine-wide lock file
     * {@code jmh.lock}, which JMH (and a lock-step run, JmhLock) locks and never deletes, by design: deleting a lock
     * file another process may hold would break it.
     */
    List<String> leftovers() {
        try (Stream<Path> s = Files.list(path)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> (n.startsWith("durabench") || n.startsWith("jmh")) && !n.equals("jmh.lock"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void delete() {
        Commands.deleteTree(path);
    }
}
