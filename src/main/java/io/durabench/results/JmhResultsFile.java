package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;

/**
 * jmh-result.json: JMH's own JSON (its formatter writes every entry, so any JMH tool reads it),
 * kept as a JSON array that grows cell by cell and is rewritten atomically after each, so the file
 * on disk is always complete and valid, whatever interrupts the run. Read by {@link JmhJsonReader}.
 */
public final class JmhResultsFile {
    private JmhResultsFile() {
    }

    /** JMH's JSON entries for {@code results}, as its formatter writes them. */
    public static JsonArray entries(Collection<RunResult> results) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(results);
        }
        String text = bytes.toString(StandardCharsets.UTF_8).strip();
        return text.isEmpty() ? new JsonArray() : JsonParser.parseString(text).getAsJsonArray();
    }

    /** Writes the entries atomically (a temporary file renamed over the old one). */
    public static void write(JsonArray entries, Path file) {
        JsonFiles.write(entries, file);
    }

    /** The raw entries of an existing file (to continue it); empty when there is none. */
    public static JsonArray readEntries(Path file) {
        if (!Files.exists(file)) return new JsonArray();
        JsonElement root = JsonFiles.parse(file, "JMH JSON (written with -rf json)");
        if (!root.isJsonArray()) throw new ResultsFileException(file + ": not a JMH result (the top level is not an array)");
        JmhJsonReader.read(file); // the same checks as any reader: refuse to continue a file we could not report
        return root.getAsJsonArray();
    }
}
