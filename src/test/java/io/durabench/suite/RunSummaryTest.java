package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.results.BenchmarkResult;
import io.durabench.results.JmhJsonReader;
import io.durabench.results.JmhParams;
import io.durabench.results.NotMeasured;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The run's closing summary on a real quick run's results (a copy of results/reference-quick's ext4
 * target): a line per target that counts cells and names the NOT durable methods (the fast rows
 * that are a trap), and one line per n/a or FAILED cell, each kept apart, each with its reason.
 */
class RunSummaryTest {
    private static final Path EXT4 = Path.of("src/test/resources/report/reference-quick-ext4/jmh-result.json");

    private static String summary(boolean durableStorage, List<NotMeasured> notMeasured) {
        List<BenchmarkResult> results = JmhJsonReader.read(EXT4);
        StringWriter text = new StringWriter();
        RunSummary.print(new PrintWriter(text), "/mnt/x", null, "ext4", durableStorage, results, notMeasured);
        return text.toString();
    }

    @Test
    void onDurableStorageItCountsCellsAndNamesTheMethodsThatAreNotDurable() {
        NotMeasured failed = new NotMeasured("io.durabench.bench.SyncWriteCost.writeBlock",
                JmhParams.of(Map.of("syncMethod", "FSYNC", "blockSizeBytes", "8192", "writesPerSync", "1", "preallocation", "NONE")),
                NotMeasured.Kind.FAILED, "fsync failed: EIO (Input/output error) on /mnt/x/durabench-1.log");
        String[] lines = summary(true, List.of(failed)).strip().split("\n");
        assertEquals(2, lines.length, String.join("\n", lines));
        assertTrue(lines[0].matches("== /mnt/x \\(ext4\\): \\d+ measured, \\d+ durable, NOT durable: .*; 0 n/a, 1 FAILED"), lines[0]);
        assertTrue(lines[0].contains("O_DIRECT") && lines[0].contains("SYNC_FILE_RANGE") && lines[0].contains("syncDirectory=false") && !lines[0].contains("FDATASYNC"), lines[0]);
        assertTrue(lines[1].startsWith("FAILED SyncWriteCost") && lines[1].contains("syncMethod=FSYNC")
                && lines[1].endsWith(": fsync failed: EIO (Input/output error) on /mnt/x/durabench-1.log"), lines[1]);
    }

    @Test
    void withoutStableStorageNoCellIsCountedDurable() {
        String first = summary(false, List.of()).strip().split("\n")[0];
        assertTrue(first.contains("NONE durable: nothing here reaches stable storage; 0 n/a, 0 FAILED"), first);
    }
}
