package io.durabench.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Every path under a folder with its size and modification time: two snapshots equal means nothing was written. */
final class FileTree {
    private FileTree() {
    }

    static Map<String, String> snapshot(Path root) {
        Map<String, String> entries = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.toList()) {
                String what = Files.isSymbolicLink(p) ? "link to " + Files.readSymbolicLink(p)
                        : Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "dir"
                        : Files.size(p) + " bytes, " + Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS);
                entries.put(root.relativize(p).toString(), what);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return entries;
    }
}
