package io.durabench.witness;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Reading what the witnessed JVM printed: its result lines (stdout) and, for errors, the end of its stderr. */
final class WitnessProcessOutput {
    private static final int TAIL_LINES = 6;

    private WitnessProcessOutput() {
    }

    /** The result object of each cell by index (null where none was printed). */
    static List<JsonObject> results(File stdout, int cells) {
        return results(lines(stdout), cells);
    }

    /** The result object of each cell by index, from the lines the witnessed JVM printed. */
    static List<JsonObject> results(List<String> stdout, int cells) {
        List<JsonObject> byCell = new ArrayList<>(Arrays.asList(new JsonObject[cells]));
        for (String line : stdout) {
            if (!line.startsWith(WitnessMain.RESULT_PREFIX)) continue;
            try {
                JsonElement e = JsonParser.parseString(line.substring(WitnessMain.RESULT_PREFIX.length()));
                JsonObject o = e.getAsJsonObject();
                int i = o.get("cell").getAsInt();
                if (i < 0 || i >= cells) throw new WitnessUnavailableException("the witnessed JVM printed a result for cell " + i + " of " + cells);
                if (!o.has("spec") || (o.has("error") == o.has("counters"))) throw new IllegalStateException("incomplete result");
                byCell.set(i, o);
            } catch (JsonParseException | IllegalStateException | NullPointerException | UnsupportedOperationException e) {
                throw new WitnessUnavailableException("the witnessed JVM printed an unreadable result line: " + line, e);
            }
        }
        return byCell;
    }

    /** ": " and the last lines of a stream, joined with " | ", or "" when it is empty. */
    static String tail(File f) {
        List<String> lines = lines(f).stream().filter(l -> !l.isBlank()).toList();
        if (lines.isEmpty()) return "";
        return ": " + String.join(" | ", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
    }

    private static List<String> lines(File f) {
        if (!f.exists()) return List.of();
        try {
            return Files.readAllLines(f.toPath(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f + ": " + e.getMessage(), e);
        }
    }
}
