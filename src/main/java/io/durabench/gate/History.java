package io.durabench.gate;

import io.durabench.results.ResultsFolder;
import io.durabench.results.RunManifest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The gate's history: a folder of admitted runs (each a `durabench run --out` folder with its run.json),
 * judged against in the order they started. The rules (docs/gate.md, "The rules of the history"):
 * a run is admitted unless a row regressed on either rule or a cell FAILED (improvements join: a
 * history that kept out every run outside its limits would narrow itself); {@link #startOver}
 * retires every run into {@code retired-<time>/} after a deliberate change, so the next runs build a
 * new history; only the newest {@code window} runs set the limits, so the history follows the
 * machine's slow drift.
 */
public final class History {
    static final String RETIRED_PREFIX = "retired-";

    /** One admitted run: its folder and its run.json. */
    public record Run(Path folder, RunManifest manifest) {
    }

    private final Path dir;

    public History(Path dir) {
        this.dir = dir;
    }

    /** The admitted runs, oldest first (by run.json's start time, then name). */
    public List<Run> runs() {
        if (!Files.isDirectory(dir)) return List.of();
        List<Run> runs = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().startsWith(RETIRED_PREFIX)).toList()) {
                Path manifest = p.resolve(ResultsFolder.RUN_MANIFEST);
                if (Files.isRegularFile(manifest)) runs.add(new Run(p, RunManifest.read(manifest)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list history " + dir + ": " + e.getMessage(), e);
        }
        runs.sort(Comparator.comparing((Run r) -> String.valueOf(r.manifest().started())).thenComparing(r -> r.folder().getFileName().toString()));
        return runs;
    }

    /** Copies a finished run into the history under its own folder name; returns where. */
    public Path admit(Path run) {
        Path to = dir.resolve(run.getFileName().toString());
        if (Files.exists(to)) throw new IllegalStateException("history " + dir + " already holds a run named " + to.getFileName());
        try {
            Files.createDirectories(dir);
            try (Stream<Path> walk = Files.walk(run)) {
                for (Path p : walk.toList()) {
                    Path target = to.resolve(run.relativize(p).toString());
                    if (Files.isDirectory(p)) Files.createDirectories(target);
                    else Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + run + " into history " + dir + ": " + e.getMessage(), e);
        }
        return to;
    }

    /** Moves every admitted run into retired-&lt;time&gt;/ and returns that folder (null when there was nothing to retire). */
    public Path startOver() {
        List<Run> runs = runs();
        if (runs.isEmpty()) return null;
        Path retired = dir.resolve(RETIRED_PREFIX + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        try {
            Files.createDirectories(retired);
            for (Run r : runs) Files.move(r.folder(), retired.resolve(r.folder().getFileName()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot retire the runs of history " + dir + ": " + e.getMessage(), e);
        }
        return retired;
    }
}
