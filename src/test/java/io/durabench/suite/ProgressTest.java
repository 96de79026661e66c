package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The progress line counts the whole run (every target and JVM), not the target it is on, and a
 * resumed run does not count what it had already done.
 */
class ProgressTest {
    private static final Cell CELL = Catalogue.cell("io.durabench.bench.SyncWriteCost.writeBlock",
            Map.of("syncMethod", "FDATASYNC", "blockSizeBytes", "8192", "writesPerSync", "1", "preallocation", "NONE")).orElseThrow();

    @Test
    void countsTheWholeRunAndLeavesOutWhatAResumedRunHadDone() {
        StringWriter text = new StringWriter();
        Progress p = new Progress(new PrintWriter(text, true), 8, 80); // two targets of four cells, 10 s each
        p.alreadyDone(3, 30);                                           // a resumed run had finished three
        p.notMeasured(CELL, null, 10, false, "why", 1);
        p.notMeasured(CELL, "jvm2-25.0.3", 10, true, "fdatasync failed: EIO", 1);
        String[] lines = text.toString().split("\n");
        assertTrue(lines[0].startsWith("[1/5 ") && lines[0].endsWith("n/a: why"), lines[0]);
        assertTrue(lines[1].startsWith("[2/5 ") && lines[1].contains("] jvm2-25.0.3 SyncWriteCost") && lines[1].endsWith("FAILED: fdatasync failed: EIO"), lines[1]);
    }

    @Test
    void aCellNotMeasuredTakesItsTimeOutOfTheEstimateInsteadOfCountingItAsDone() {
        StringWriter text = new StringWriter();
        Progress p = new Progress(new PrintWriter(text, true), 4, 40); // four cells, 10 s each
        p.notMeasured(CELL, null, 10, false, "why", 1);                 // at once: nothing measured yet
        String line = text.toString().split("\n")[0];
        assertTrue(line.contains("ETA 0:30]"), line);                   // not "0:00": no pace from a cell that took no time
        assertTrue(p.pace() == 1, "pace " + p.pace());
    }
}
