package io.durabench.trace;

import io.durabench.errno.LinuxErrno;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads and writes tracefs's control files, each failure a {@link TraceFailedException} naming the file and the
 * errno the kernel gave (tracefs answers a filter it cannot parse with EINVAL, and explains it in the
 * instance's {@code error_log}, whose last line is added).
 */
final class TraceFiles {
    private TraceFiles() {
    }

    /** Writes {@code text} to a control file, as {@code echo text > file} does. */
    static void write(Path file, String text) {
        try {
            Files.writeString(file, text + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TraceFailedException("writing '" + text + "' to " + file + " failed: " + errno(e) + errorLog(file));
        }
    }

    /** A control file's text, stripped. */
    static String read(Path file) {
        return String.join("\n", lines(file)).strip();
    }

    static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TraceFailedException("reading " + file + " failed: " + errno(e));
        }
    }

    /** A reader on a (possibly large) file, for {@link TraceSession#read}. */
    static BufferedReader reader(Path file) {
        try {
            return Files.newBufferedReader(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TraceFailedException("opening " + file + " failed: " + errno(e));
        }
    }

    /** "EINVAL (Invalid argument)" from the JDK's message, which is strerror's text; the JDK's words where it is not. */
    static String errno(IOException e) {
        String text = e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : String.valueOf(e.getMessage());
        return LinuxErrno.nameOfText(text).map(name -> name + " (" + text + ")").orElse(text);
    }

    /**
     * "; error_log: event filter parse error: error: Field not found (Command: no_such == 1)": tracefs's last
     * entry near {@code file} (its time stamp, and the caret line under the command, left out); nothing when there is none.
     */
    private static String errorLog(Path file) {
        for (Path dir = file.getParent(); dir != null; dir = dir.getParent()) {
            Path log = dir.resolve("error_log");
            if (!Files.isRegularFile(log)) continue;
            try {
                return lastEntry(Files.readAllLines(log, StandardCharsets.UTF_8));
            } catch (IOException e) {
                return ""; // the error log only explains; the failure itself is already named
            }
        }
        return "";
    }

    static String lastEntry(List<String> log) {
        for (int i = log.size() - 1; i >= 0; i--) {
            if (!log.get(i).startsWith("[")) continue;
            String entry = log.get(i).replaceFirst("^\\[[^\\]]*\\]\\s*", "");
            String next = i + 1 < log.size() ? log.get(i + 1).strip() : "";
            return "; error_log: " + entry + (next.startsWith("Command:") ? " (" + next + ")" : "");
        }
        return "";
    }
}
