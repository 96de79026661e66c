package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import com.google.gson.JsonParseException;
import io.durabench.env.TargetLabel;
import io.durabench.results.NotMeasured;
import io.durabench.results.NotMeasuredFile;
import io.durabench.results.ResultsFolder;
import io.durabench.results.RunManifest;
import io.durabench.workload.ownership.OwnedNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a `durabench run` of SyncWriteCost cells left, read the way a user (or the report) reads it:
 * the results folder's files, parsed strictly (a half-written file fails the test), each cell named
 * by its sync method (the tests' plans have one cell per method); and what is left in the target
 * directory that durabench named.
 */
record RunFolder(Path out, Path target) {
    private static final Pattern METHOD = Pattern.compile("syncMethod=(\\w+)");

    private Path slot() {
        return out.resolve(TargetLabel.label(target));
    }

    /** The methods with a number in jmh-result.json, once per entry (a duplicate shows twice); the file must be valid JSON. */
    List<String> measured() {
        Path file = slot().resolve(ResultsFolder.JMH_RESULT);
        JsonElement root;
        try {
            root = JsonParser.parseString(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (JsonParseException e) {
            return fail(file + " is not valid JSON: " + e.getMessage());
        }
        assertTrue(root.isJsonArray(), file + " is not a JMH result array: " + root);
        List<String> methods = new ArrayList<>();
        for (JsonElement e : root.getAsJsonArray()) {
            methods.add(e.getAsJsonObject().getAsJsonObject("params").get("syncMethod").getAsString());
        }
        return methods;
    }

    /** not-applicable.json's cells of {@code kind}, by method. */
    List<NotMeasured> notMeasured(NotMeasured.Kind kind) {
        return NotMeasuredFile.read(slot().resolve(ResultsFolder.NOT_MEASURED)).stream().filter(n -> n.kind() == kind).toList();
    }

    RunManifest manifest() {
        return RunManifest.read(out.resolve(ResultsFolder.RUN_MANIFEST));
    }

    /** The methods of run.json's "ran" list, in order. */
    List<String> ran() {
        return manifest().ran().stream().map(r -> methodOf(r.cell())).toList();
    }

    /** Every file in the target directory durabench named (its workloads' files and owner locks). */
    List<String> durabenchFilesLeft() {
        try (Stream<Path> s = Files.list(target)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> OwnedNames.tokenOfFile(n).isPresent() || OwnedNames.tokenOfLock(n).isPresent() || n.startsWith("durabench"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Everything in the target directory. */
    List<String> listing() {
        try (Stream<Path> s = Files.list(target)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The sync method a cell's text (a progress line, run.json's cell) names. */
    static String methodOf(String cellText) {
        Matcher m = METHOD.matcher(cellText);
        return m.find() ? m.group(1) : fail("no syncMethod in '" + cellText + "'");
    }

    /** The methods of the cells the console reported as finished ("[k/N ...] cell ..."). */
    static List<String> printedCells(List<String> stdout) {
        return stdout.stream().filter(l -> l.matches("^\\[\\d+/\\d+ .*")).map(RunFolder::methodOf).toList();
    }
}
