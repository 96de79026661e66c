package io.durabench.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The running account an evidence test leaves behind: each line it notes goes to stdout and into
 * target/&lt;file name&gt;, which is rewritten with every line so far, so a test that fails half-way still
 * leaves what it had found. Synchronized: a test may note from parallel work.
 */
public final class EvidenceNotes {
    private final Path file;
    private final StringBuilder text = new StringBuilder();

    /** @param fileName the file's name in target/, e.g. {@code lockstep-proof.md} */
    public EvidenceNotes(String fileName) {
        Path name = Path.of(fileName);
        if (fileName.isBlank() || name.getNameCount() != 1 || name.isAbsolute()) {
            throw new IllegalArgumentException("a file name in target/, not a path: \"" + fileName + "\"");
        }
        this.file = Path.of("target").resolve(name);
    }

    /** Prints the line, appends it, and rewrites the file with every line noted so far. */
    public synchronized void note(String line) {
        System.out.println(line);
        text.append(line).append('\n');
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Every line noted so far, each ended by a newline: what the file holds. */
    public synchronized String text() {
        return text.toString();
    }
}
