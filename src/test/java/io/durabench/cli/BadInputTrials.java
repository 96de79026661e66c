package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Trying bad input on the command line: each trial must be refused ({@link CliRun#assertRefused})
 * with not a file written or changed under the test's folder. What was tried and what came back is
 * also written to target/bad-input/NAME.md as a Markdown table for the notes.
 */
final class BadInputTrials {
    /** One bad input: how to make it in a fresh folder, the arguments after the command, what the message must say. */
    record Case(String name, Function<Path, List<String>> args, String... fragments) {
    }

    private final List<String> rows = new ArrayList<>();

    /** Runs {@code args}, checks the refusal and that nothing under {@code tmp} changed, and records the row. */
    synchronized CliRun refused(String name, List<String> args, Path tmp, String... fragments) {
        Map<String, String> before = FileTree.snapshot(tmp);
        CliRun run = CliRun.of(args.toArray(String[]::new));
        boolean filesLeft = !before.equals(FileTree.snapshot(tmp));
        rows.add("| " + name + " | `" + String.join(" ", args).replace(tmp.toString(), "$TMP") + "` | "
                + run.message().replace(tmp.toString(), "$TMP").replace("|", "\\|") + " | " + run.exitCode()
                + " | " + (filesLeft ? "YES" : "none") + " | " + (run.out().isEmpty() ? "no" : "YES") + " |");
        run.assertRefused(fragments);
        assertEquals(before, FileTree.snapshot(tmp), "nothing may be written for bad input");
        return run;
    }

    synchronized void write(String name) {
        try {
            Path dir = Files.createDirectories(Path.of("target", "bad-input"));
            List<String> lines = new ArrayList<>(List.of("| bad input | command | message (after \"durabench: \") | exit | files left | number printed |",
                    "|---|---|---|---|---|---|"));
            lines.addAll(rows);
            Files.write(dir.resolve(name + ".md"), lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
