package io.durabench.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The bad-input tests' own record of what they tried and what came back, written to
 * target/bad-input/NAME.md as a Markdown table for the notes (the assertions are in the tests).
 */
final class BadInputTable {
    private final List<String> rows = new ArrayList<>();

    /** @param tmp the test's folder, shown as $TMP */
    synchronized void add(String input, String command, CliRun run, boolean filesLeft, Path tmp) {
        rows.add("| " + input + " | `" + command.replace(tmp.toString(), "$TMP") + "` | "
                + run.message().replace(tmp.toString(), "$TMP").replace("|", "\\|") + " | " + run.exitCode()
                + " | " + (filesLeft ? "YES" : "none") + " | " + (run.out().isEmpty() ? "no" : "YES") + " |");
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
