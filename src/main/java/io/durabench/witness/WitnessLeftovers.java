package io.durabench.witness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * After the witnessed JVM has ended (normally or killed): deletes the files it left in the target
 * directory. Only files that are provably its own: the trace shows this process creating them
 * (an open with O_CREAT) and their names start with {@code durabench-}; nothing else is touched.
 */
final class WitnessLeftovers {
    private WitnessLeftovers() {
    }

    /** Deletes the leftovers and returns one sentence per file deleted (empty when the process cleaned up). */
    static List<String> removeCreatedFiles(Path trace, String realDir) {
        if (!Files.exists(trace)) return List.of();
        List<String> problems = new ArrayList<>();
        for (String created : createdFiles(trace, realDir)) {
            Path f = Path.of(created);
            if (!f.getFileName().toString().startsWith("durabench-") || !f.getParent().toString().equals(realDir)) continue;
            try {
                if (Files.deleteIfExists(f)) problems.add("the witnessed process left " + f + " behind; the witness deleted it");
            } catch (IOException e) {
                problems.add("the witnessed process left " + f + " behind and the witness could not delete it: " + e.getMessage());
            }
        }
        return problems;
    }

    private static Set<String> createdFiles(Path trace, String realDir) {
        List<String> lines;
        try {
            lines = Files.readAllLines(trace, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Set.of();
        }
        StraceTrace parsed;
        try {
            parsed = StraceTrace.parse(lines);
        } catch (IllegalArgumentException e) {
            // A killed strace may stop mid-line: the rest of the trace still says what was created.
            if (lines.isEmpty()) return Set.of();
            parsed = StraceTrace.parse(lines.subList(0, lines.size() - 1));
        }
        Set<String> created = new LinkedHashSet<>();
        for (FileCall c : FileCalls.of(parsed)) {
            if (c.creates() && TracedCell.inDir(c.path(), realDir) && !c.path().equals(realDir)) created.add(c.path());
        }
        return created;
    }
}
