package io.durabench.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A soak's output folder as a test reads it, each file through its own format's reader (the
 * interval log through HdrHistogram's, the CSV by its header, the JSON with Gson), and the checks
 * that they agree with one another.
 */
final class SoakFolder {
    final Path dir;
    final JsonObject json;
    final List<String> csv;
    /** The untagged (operation) intervals of soak.hlog, in order. */
    final List<Histogram> opIntervals = new ArrayList<>();
    final List<Histogram> syncIntervals = new ArrayList<>();

    /** An IT runs the CLI from the jar failsafe builds; under surefire ({@code -Dtest='Soak*'} matches ITs too) it is skipped, saying so. */
    static void requireFailsafe() {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("durabench.jar") != null,
                "an integration test: it runs the CLI's jar, which `mvn verify` (failsafe) builds and names");
    }

    SoakFolder(Path dir) {
        this.dir = dir;
        try {
            json = JsonParser.parseString(Files.readString(dir.resolve(SoakOutputs.JSON))).getAsJsonObject();
            csv = Files.readAllLines(dir.resolve(SoakOutputs.CSV));
            HistogramLogReader reader = new HistogramLogReader(dir.resolve(SoakIntervalLog.FILE).toFile());
            for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
                if (h.getTag() == null) opIntervals.add((Histogram) h);
                else if (h.getTag().equals(SoakIntervalLog.SYNC)) syncIntervals.add((Histogram) h);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int seconds() {
        return json.get("secondsMeasured").getAsInt();
    }

    /** Column {@code name} of the CSV, one value per second (NaN where empty). */
    double[] column(String name) {
        List<String> header = List.of(csv.get(0).split(","));
        int c = header.indexOf(name);
        assertTrue(c >= 0, name + " in " + header);
        return csv.subList(1, csv.size()).stream().mapToDouble(l -> {
            String v = l.split(",", -1)[c];
            return v.isEmpty() ? Double.NaN : Double.parseDouble(v);
        }).toArray();
    }

    /** Every file there, the seconds in each agreeing: CSV rows, log intervals, JSON seconds and ops. */
    void assertComplete() {
        for (String f : List.of(SoakIntervalLog.FILE, SoakOutputs.CSV, SoakOutputs.SUMMARY, SoakOutputs.JSON,
                SoakOutputs.CHART + ".png", SoakOutputs.CHART + ".svg")) {
            assertTrue(Files.isRegularFile(dir.resolve(f)), f + " in " + dir);
        }
        int n = seconds();
        assertTrue(n > 0, "seconds measured: " + json);
        assertEquals(SoakOutputs.CSV_HEADER, csv.get(0));
        assertEquals(n, csv.size() - 1, "one CSV row per second");
        assertEquals(n, opIntervals.size(), "one operation interval per second in soak.hlog");
        long logged = opIntervals.stream().mapToLong(Histogram::getTotalCount).sum();
        assertEquals(json.get("ops").getAsLong(), logged, "soak.json's ops = the log's");
        long rows = (long) java.util.Arrays.stream(column("ops")).sum();
        assertEquals(logged, rows, "the CSV's ops = the log's");
        for (int i = 0; i < n; i++) {
            double p99 = column("p99_us")[i];
            if (opIntervals.get(i).getTotalCount() > 0) {
                assertEquals(opIntervals.get(i).getValueAtPercentile(99) / 1e3, p99, 0.051, "second " + i + "'s p99: CSV vs log");
            }
        }
    }

    String summary() {
        try {
            return Files.readString(dir.resolve(SoakOutputs.SUMMARY));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
