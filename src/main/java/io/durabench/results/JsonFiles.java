package io.durabench.results;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Reading and writing the JSON files of a results folder: every way a file can be unreadable becomes one clear line. */
final class JsonFiles {
    private JsonFiles() {
    }

    static JsonElement parse(Path file) {
        if (!Files.exists(file)) throw new ResultsFileException(file + ": no such file or directory");
        if (!Files.isRegularFile(file)) throw new ResultsFileException(file + ": not a regular file");
        try {
            if (Files.size(file) == 0) {
                throw new ResultsFileException(file + ": empty file; expected JMH JSON (written with -rf json)");
            }
            try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                JsonElement root = JsonParser.parseReader(reader);
                if (root.isJsonNull()) {
                    throw new ResultsFileException(file + ": no JSON in the file; expected JMH JSON (written with -rf json)");
                }
                return root;
            }
        } catch (JsonParseException e) {
            throw new ResultsFileException(file + ": truncated or malformed JSON (" + firstLine(e) + ")");
        } catch (IOException e) {
            throw new ResultsFileException(file + ": cannot read (" + firstLine(e) + ")");
        }
    }

    /** Pretty-printed with a trailing newline; nulls kept, so a missing fact shows as null; atomic. */
    static void write(JsonElement json, Path file) {
        writeText(new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create().toJson(json) + "\n", file);
    }

    /**
     * Writes through a temporary file in the same folder, then renames it over {@code file}: a run
     * killed mid-write leaves the previous complete file, never a truncated one.
     */
    static void writeText(String text, Path file) {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the write failed already; that is the error worth reporting
            }
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    static String firstLine(Exception e) {
        Throwable t = e.getCause() != null && e.getMessage() == null ? e.getCause() : e;
        String msg = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        // Gson prefixes the cause's class name ("java.io.EOFException: End of input ..."): users need only the words.
        return msg.lines().findFirst().orElse(msg).replaceFirst("^[\\w.$]+(Exception|Error): ", "");
    }
}
