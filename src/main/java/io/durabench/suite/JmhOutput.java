package io.durabench.suite;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where JMH's own output goes: always to {@code jmh-log.txt} in the target's results folder, to the
 * console only with --verbose (a quick run prints ~4,000 lines of it otherwise, burying the
 * progress), and, for the cell being run, into memory so a failure can be explained from it.
 */
final class JmhOutput implements AutoCloseable {
    private final PrintWriter console;
    private final boolean verbose;
    private final OutputStream log;
    private final StringBuilder cell = new StringBuilder();

    JmhOutput(PrintWriter console, boolean verbose, Path logFile) {
        this.console = console;
        this.verbose = verbose;
        try {
            this.log = Files.newOutputStream(logFile, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + logFile + ": " + e.getMessage(), e);
        }
    }

    /** A stream for JMH's output format for one cell; what it prints is also kept for {@link #cellText()}. */
    PrintStream startCell(String header) {
        cell.setLength(0);
        line("# durabench cell: " + header);
        return new PrintStream(new LineStream(this::append), true, StandardCharsets.UTF_8);
    }

    /** Everything JMH printed for the current cell. */
    String cellText() {
        return cell.toString();
    }

    /** A line of durabench's own into the log (and, with --verbose, onto the console). */
    void line(String text) {
        append(text + "\n");
    }

    private synchronized void append(String text) {
        cell.append(text);
        try {
            log.write(text.getBytes(StandardCharsets.UTF_8));
            log.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write jmh-log.txt: " + e.getMessage(), e);
        }
        if (verbose) {
            console.print(text);
            console.flush();
        }
    }

    @Override
    public void close() {
        try {
            log.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close jmh-log.txt: " + e.getMessage(), e);
        }
    }
}
