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

    /** Deletes the leftovers that {@code calls} show created and returns one sentence per file deleted (empty when none). */
    static List<String> removeCreatedFiles(List<FileCall> calls, String realDir) {
        Set<String> created = new LinkedHashSet<>();
        for (FileCall c : calls) {
            if (c.creates() && TracedCell.inDir(c.path(), realDir) && !c.path().equals(realDir)) created.add(c.path());
        }
        List<String> problems = new ArrayList<>();
        for (String path : created) {
            Path f = Path.of(path);
            if (!f.getFileName().toString().startsWith("durabench-") || !f.getParent().toString().equals(realDir)) continue;
            try {
                if (Files.deleteIfExists(f)) problems.add("the witnessed process left " + f + " behind; the witness deleted it");
            } catch (IOException e) {
                problems.add("the witnessed process left " + f + " behind and the witness could not delete it: " + e.getMessage());
            }
        }
        return problems;
    }

    /**
     * The calls of a trace whose process was killed: strace may have stopped mid-line, so a last
     * line that does not parse is dropped (every earlier line is complete). No trace, no calls.
     */
    static List<FileCall> callsOfKilledRun(Path trace) {
        if (!Files.exists(trace)) return List.of();
        List<String> lines;
        try {
            lines = Files.readAllLines(trace, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return List.of();
        }
        try {
            return FileCalls.of(StraceTrace.parse(lines));
        } catch (IllegalArgumentException e) {
            return lines.isEmpty() ? List.of() : FileCalls.of(StraceTrace.parse(lines.subList(0, lines.size() - 1)));
        }
    }
}
