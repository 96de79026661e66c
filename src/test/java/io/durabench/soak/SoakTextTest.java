package io.durabench.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.workload.CallLatencies;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.WorkloadConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** What a finished soak prints: the summary (as soak-summary.txt keeps it), then one line saying where its files went. */
class SoakTextTest {
    private static final Path OUT = Path.of("/tmp/soak-out");

    private static SoakResult completed() {
        SoakSettings settings = new SoakSettings(WorkloadConfig.of(Path.of("/tmp/soak-data"), SyncMethod.FDATASYNC, 8192, 1, Preallocation.NONE),
                Duration.ofSeconds(30), 0, OUT);
        Histogram ops = CallLatencies.newHistogram(), syncs = CallLatencies.newHistogram();
        for (int i = 0; i < 1000; i++) {
            ops.recordValue(400_000 + i * 100L);
            syncs.recordValue(350_000 + i * 100L);
        }
        return SoakAnalysis.of(settings, null, Instant.parse("2026-12-01T12:00:00Z"), SoakResult.Ending.COMPLETED, null,
                SoakSteadyStateTest.seconds(30, 0, 1, 7), ops, syncs, CallLatencies.newHistogram(), 0, 40);
    }

    /** Its last two lines said the same thing ("files: ..." and "written to ..."): the files are named once, with their folder. */
    @Test
    void theFilesAreNamedOnceInTheLastLine() {
        List<String> console = new ArrayList<>(SoakText.summary(completed()));
        console.add(SoakText.writtenTo(OUT));
        String last = console.get(console.size() - 1);
        assertTrue(last.startsWith("written to " + OUT + " ("), last);
        for (String file : List.of(SoakOutputs.SUMMARY, SoakOutputs.JSON, SoakOutputs.CSV, SoakIntervalLog.FILE, SoakOutputs.CHART)) {
            assertTrue(last.contains(file), file + " in " + last);
            assertEquals(1, console.stream().filter(l -> l.contains(file)).count(), file + " named once:\n" + String.join("\n", console));
        }
    }
}
