package io.durabench.compare.render;

import io.durabench.compare.Comparison;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code compare --out DIR}: compare.md, compare.csv and compare.json side by side. */
public final class CompareFiles {
    private CompareFiles() {
    }

    /** Writes the three files (creating DIR) and returns their paths. */
    public static List<Path> writeAll(Comparison c, Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
        }
        return List.of(write(dir.resolve("compare.md"), CompareMarkdown.render(c)), write(dir.resolve("compare.csv"), CompareJson.csv(c)),
                write(dir.resolve("compare.json"), CompareJson.render(c)));
    }

    private static Path write(Path file, String content) {
        try {
            Files.writeString(file, content, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
