package io.durabench.results;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.stream.MalformedJsonException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Reading and writing the JSON files of a results folder: every way a file can be unreadable becomes one clear line. */
final class JsonFiles {
    private JsonFiles() {
    }

    /**
     * The JSON in {@code file}, which must be a readable regular file holding one JSON document.
     * {@code expected} says what the caller wanted ("JMH JSON (written with -rf json)"), for the
     * messages about a file that holds nothing.
     */
    static JsonElement parse(Path file, String expected) {
        InputPaths.requireRegularFile(file);
        try {
            if (Files.size(file) == 0) {
                throw new ResultsFileException(file + ": empty file; expected " + expected);
            }
            try (Reader reader = new InputStreamReader(Files.newInputStream(file),
                    StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT))) {
                JsonElement root = JsonTree.read(reader);
                if (root == null || root.isJsonNull()) {
                    throw new ResultsFileException(file + ": no JSON in the file; expected " + expected);
                }
                return root;
            }
        } catch (JsonTree.Malformed e) {
            throw new ResultsFileException(file + ": malformed JSON (" + e.getMessage() + "); expected " + expected);
        } catch (JsonParseException | EOFException | MalformedJsonException e) {
            throw new ResultsFileException(file + ": truncated or malformed JSON (" + firstLine(e) + "); expected " + expected);
        } catch (CharacterCodingException e) {
            throw new ResultsFileException(file + ": not UTF-8 text (a binary file?); expected " + expected);
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
