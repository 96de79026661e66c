package io.durabench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.workload.CallLatencies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** call-latency.hlog: forks append, the report reads back per cell and round, HdrHistogram's own reader opens it. */
class CallLatencyLogTest {
    @TempDir
    Path dir;

    private static Histogram of(long nanos, int count) {
        Histogram h = CallLatencies.newHistogram();
        h.recordValueWithCount(nanos, count);
        return h;
    }

    @Test
    void forksAppendAndARoundRecordedTwiceCountsOnceTheLaterOne() throws Exception {
        Path log = dir.resolve(CallLatencyLog.FILE);
        String cell = CallLatencyLog.cellKey("b.M.x", Map.of("targetDir", "/a dir, with comma", "syncMethod", "FDATASYNC"));
        CallLatencyLog.append(log, "avgt", cell, 0, Map.of(CallLatencyLog.Call.SYNC, of(500_000, 10), CallLatencyLog.Call.WRITE, of(9_000, 10)), 1000, 2000);
        CallLatencyLog.append(log, "avgt", cell, 1, Map.of(CallLatencyLog.Call.SYNC, of(600_000, 10)), 3000, 4000);
        CallLatencyLog.append(log, "avgt", cell, 1, Map.of(CallLatencyLog.Call.SYNC, of(700_000, 10)), 5000, 6000);
        CallLatencyLog.append(log, "avgt", cell, 2, Map.of(CallLatencyLog.Call.SYNC, CallLatencies.newHistogram()), 7000, 8000);

        List<CallLatencyLog.LoggedInterval> all = CallLatencyLog.read(log);
        List<CallLatencyLog.LoggedInterval> syncs = all.stream().filter(i -> i.call() == CallLatencyLog.Call.SYNC).toList();
        assertEquals(2, syncs.size(), "round 1 once, the empty round 2 not at all: " + all);
        assertEquals(cell, syncs.get(0).cellKey(), "a path with a space and a comma survives the tag");
        assertEquals(700_000, syncs.get(1).histogram().getValueAtPercentile(50), 700, "the later round 1");
        assertEquals(1, all.stream().filter(i -> i.call() == CallLatencyLog.Call.WRITE).count());

        // HdrHistogram's own reader (what HistogramLogAnalyzer uses) reads every interval, with the header once.
        HistogramLogReader r = new HistogramLogReader(log.toFile());
        int n = 0;
        while (r.nextIntervalHistogram() != null) n++;
        assertEquals(4, n);
        assertEquals(1, Files.readAllLines(log).stream().filter(l -> l.startsWith("\"StartTimestamp\"")).count());
    }

    @Test
    void noFileIsNoIntervalsAndAGarbledOneIsAnErrorNamingIt() throws Exception {
        assertEquals(List.of(), CallLatencyLog.read(dir.resolve("none.hlog")));
        Path bad = Files.writeString(dir.resolve(CallLatencyLog.FILE), "Tag=sync|avgt|x|r0,1.0,1.0,1.0,notbase64!!\n");
        ResultsFileException e = assertThrows(ResultsFileException.class, () -> CallLatencyLog.read(bad));
        assertTrue(e.getMessage().startsWith(bad.toString()), e.getMessage());
    }
}
