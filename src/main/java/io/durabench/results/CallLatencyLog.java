package io.durabench.results;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * {@value #FILE} beside a target's jmh-result.json: the latency of each fork's write and sync calls
 * over its measurement iterations, one tagged interval per call kind and fork, in HdrHistogram's
 * interval-log format (HistogramLogAnalyzer and HdrHistogram's HistogramLogProcessor open it; with
 * {@code -tag} one cell at a time). Values are nanoseconds; the log's max column is in ms.
 *
 * <p>A tag names the call, the mode, the cell (benchmark and every param, URL-encoded, as the JMH
 * JSON has them) and the round, e.g. {@code sync|avgt|io.durabench...writeBlock%7C%7Bblock...%7D|r2}:
 * the report matches intervals to its rows by it. A round recorded twice (a fork that finished
 * but whose round was cut short and run again on --resume) counts once, the later one.
 *
 * <p>The forks of a target run one after another, each appending its lines, so the file needs no lock.
 */
public final class CallLatencyLog {
    public static final String FILE = "call-latency.hlog";
    /** Set by the suite for every fork: where to append. A fork without it (plain JMH) times nothing. */
    public static final String FILE_PROPERTY = "durabench.callLatencyLog";
    /** Set by the suite for every fork: the round it measures (0-based). */
    public static final String ROUND_PROPERTY = "durabench.round";
    private static final double MAX_COLUMN_IN_MS = 1e6;

    /** Which call an interval times. */
    public enum Call { WRITE, SYNC }

    /** One fork's histogram of one call. */
    public record LoggedInterval(Call call, String mode, String cellKey, int round, Histogram histogram) {
    }

    private CallLatencyLog() {
    }

    /** A cell's identity as both sides spell it: benchmark and params, order-free. */
    public static String cellKey(String benchmark, Map<String, String> params) {
        return benchmark + "|" + new TreeMap<>(params);
    }

    /** Appends one fork's histograms (a header first when the file is new); empty histograms are skipped. */
    public static void append(Path file, String mode, String cellKey, int round, Map<Call, Histogram> byCall,
                              long startMillis, long endMillis) {
        try {
            boolean fresh = !Files.exists(file) || Files.size(file) == 0;
            try (PrintStream out = new PrintStream(new FileOutputStream(file.toFile(), true), false, StandardCharsets.UTF_8)) {
                HistogramLogWriter w = new HistogramLogWriter(out);
                if (fresh) {
                    w.outputComment("durabench: write and sync call latency per fork (ns; max column in ms)");
                    w.outputLogFormatVersion();
                    w.outputLegend();
                }
                for (Map.Entry<Call, Histogram> e : byCall.entrySet()) {
                    Histogram h = e.getValue();
                    if (h.getTotalCount() == 0) continue;
                    h.setStartTimeStamp(startMillis);
                    h.setEndTimeStamp(endMillis);
                    h.setTag(tag(e.getKey(), mode, cellKey, round));
                    w.outputIntervalHistogram(startMillis / 1000.0, (endMillis - startMillis) / 1000.0, h, MAX_COLUMN_IN_MS);
                }
                if (out.checkError()) throw new IOException("write failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append call latencies to " + file + ": " + e.getMessage(), e);
        }
    }

    /** Every interval of the file, a round recorded twice once (the later); empty when there is no file. */
    public static List<LoggedInterval> read(Path file) {
        if (!Files.exists(file)) return List.of();
        Map<String, LoggedInterval> byTag = new LinkedHashMap<>();
        try {
            HistogramLogReader reader = new HistogramLogReader(file.toFile());
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                LoggedInterval i = parse(h);
                if (i != null) byTag.put(h.getTag(), i);
            }
        } catch (IOException | RuntimeException e) {
            throw new ResultsFileException(file + ": not a readable HdrHistogram log (" + e.getMessage() + "); delete it or restore it from the run");
        }
        return new ArrayList<>(byTag.values());
    }

    static String tag(Call call, String mode, String cellKey, int round) {
        return call.name().toLowerCase(java.util.Locale.ROOT) + "|" + mode + "|" + URLEncoder.encode(cellKey, StandardCharsets.UTF_8) + "|r" + round;
    }

    /** An interval this version understands; null for one with another tag (written by something else). */
    private static LoggedInterval parse(EncodableHistogram h) {
        String tag = h.getTag();
        if (tag == null || !(h instanceof Histogram histogram)) return null;
        String[] p = tag.split("\\|");
        if (p.length != 4 || !p[3].startsWith("r")) return null;
        Call call;
        try {
            call = Call.valueOf(p[0].toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
        return new LoggedInterval(call, p[1], URLDecoder.decode(p[2], StandardCharsets.UTF_8), Integer.parseInt(p[3].substring(1)), histogram);
    }
}
