package io.durabench.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The one way durabench writes a text file it made (a report, a comparison, etcd-check's output). */
public final class TextFiles {
    private TextFiles() {
    }

    /** Writes one text file (UTF-8), or says which one could not be written. */
    public static Path write(Path file, String content) {
        try {
            Files.writeString(file, content, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
