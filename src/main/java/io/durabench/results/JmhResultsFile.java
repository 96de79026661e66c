package io.durabench.results;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;

/** jmh-result.json: written by JMH's own JSON formatter (so any JMH tool reads it), read by {@link JmhJsonReader}. */
public final class JmhResultsFile {
    private JmhResultsFile() {
    }

    public static void write(Collection<RunResult> results, Path file) {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(results);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public static List<BenchmarkResult> read(Path file) {
        return JmhJsonReader.read(file);
    }
}
