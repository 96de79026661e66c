package io.durabench.compare.render;

import io.durabench.compare.Comparison;
import io.durabench.output.TextFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
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
        return List.of(TextFiles.write(dir.resolve("compare.md"), CompareMarkdown.render(c)),
                TextFiles.write(dir.resolve("compare.csv"), CompareJson.csv(c)), TextFiles.write(dir.resolve("compare.json"), CompareJson.render(c)));
    }
}
