package io.durabench.soak;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * {@value #FILE}: a soak's latencies as HdrHistogram's interval log, one interval per second,
 * appended and flushed (to the page cache, never synced: the soak must not add syncs of its own)
 * every second, so that even a killed soak leaves every second it finished. HistogramLogAnalyzer
 * and HistogramLogProcessor open it. Values are nanoseconds; the max column is in ms.
 *
 * <p>The operation's latency (write and sync together, from the intended start at a fixed rate) is
 * untagged, so the tools show it by default; {@code Tag=sync} holds the sync calls,
 * {@code Tag=write} the write calls (for methods with a separate sync call), and at a fixed rate
 * {@code Tag=service} the operations timed from their actual start.
 */
final class SoakIntervalLog implements AutoCloseable {
    static final String FILE = "soak.hlog";
    static final String SYNC = "sync";
    static final String WRITE = "write";
    static final String SERVICE = "service";
    private static final double MAX_COLUMN_IN_MS = 1e6;

    private final PrintStream out;
    private final HistogramLogWriter writer;
    private final Path file;

    SoakIntervalLog(Path dir, long startMillis, String mode, String cell) {
        this.file = dir.resolve(FILE);
        try {
            out = new PrintStream(new FileOutputStream(file.toFile()), false, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        writer = new HistogramLogWriter(out);
        writer.outputComment("durabench soak: " + mode + "; " + cell);
        writer.outputComment("untagged: each operation (write + sync) in ns; Tag=sync / Tag=write: the calls alone; Tag=service: from the actual start (fixed rate)");
        writer.outputLogFormatVersion();
        writer.outputStartTime(startMillis);
        writer.setBaseTime(startMillis);
        writer.outputBaseTime(startMillis);
        writer.outputLegend();
        check();
    }

    /** One second's histogram; {@code tag} null for the operation's own latency. Empty tagged ones are left out. */
    void interval(int second, long startMillis, Histogram h, String tag) {
        if (tag != null && h.getTotalCount() == 0) return;
        h.setTag(tag);
        h.setStartTimeStamp(startMillis + second * 1000L);
        h.setEndTimeStamp(startMillis + (second + 1) * 1000L);
        writer.outputIntervalHistogram(second, second + 1, h, MAX_COLUMN_IN_MS);
    }

    /** To the page cache, so a reader (or a killed soak) sees every finished second. */
    void flush() {
        out.flush();
        check();
    }

    private void check() {
        if (out.checkError()) throw new UncheckedIOException(new IOException("cannot write " + file + " (disk full?)"));
    }

    @Override
    public void close() {
        out.close();
    }
}
