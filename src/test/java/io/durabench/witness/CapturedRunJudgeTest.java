package io.durabench.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.CellSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The judge on real captured runs ({@link CapturedRun}), needing no strace: the honest run is
 * confirmed on both JDKs, and each way of editing the kernel's record or the counters (a sync
 * missing, a flag missing, a call failed, a counter one too high, a marker gone) is named exactly.
 */
class CapturedRunJudgeTest {
    private static final String JDK = "jdk17";

    @ParameterizedTest
    @ValueSource(strings = {"jdk17", "temurin25"})
    void theHonestRunIsConfirmedOnBothJdks(String jdk) {
        List<CellVerdict> verdicts = judge(jdk, CapturedRun.traceLines(jdk), CapturedRun.stdoutLines(jdk));
        assertEquals(4, verdicts.size());
        for (CellVerdict v : verdicts) assertTrue(v.passed(), v.describe());
    }

    @Test
    void aMissingFdatasyncIsNamedWithTheCountersItCameFrom() {
        List<String> trace = new ArrayList<>(CapturedRun.traceLines(JDK));
        removeFirstInWindow(trace, 0, l -> l.matches("\\d+ +fdatasync\\(.*\\) = 0"));
        List<String> m = mismatches(trace, CapturedRun.stdoutLines(JDK), 0);
        assertEquals(List.of("counters say 6 fdatasync on " + logOf(trace, "fdatasync")
                + " (plain fd; syncCalls 3 + preallocSyncs 3), the kernel saw 5"), m);
    }

    @Test
    void aPayloadFdOpenedWithoutODsyncIsCaughtThoughTheWriteCountIsRight() {
        List<String> trace = new ArrayList<>(CapturedRun.traceLines(JDK));
        int open = firstLine(trace, l -> l.contains("durabench-o_dsync-") && l.contains("O_RDWR|O_CREAT|O_DSYNC"));
        trace.set(open, trace.get(open).replace("|O_DSYNC", ""));
        String log = logOf(trace, "o_dsync");
        List<String> m = mismatches(trace, CapturedRun.stdoutLines(JDK), 1);
        assertEquals(3, m.size(), m.toString());
        assertEquals("counters say 6 pwrite64 on " + log + " (O_DSYNC fd; writes 6), the kernel saw 0", m.get(0));
        assertEquals("counters say 0 pwrite64 on " + log + " (plain fd; nothing counted), the kernel saw 6 (the first at trace line "
                + (firstLineInWindow(trace, 1, l -> l.contains("pwrite64(") && l.contains(log)) + 1) + ")", m.get(1));
        assertEquals("counters say 6 synchronous writes (syncedWrites), the kernel saw 0 writes through an O_DSYNC or O_SYNC fd or with RWF_DSYNC or RWF_SYNC", m.get(2));
    }

    @Test
    void aFailedSyncIsNeverADurableOne() {
        List<String> trace = new ArrayList<>(CapturedRun.traceLines(JDK));
        int i = firstLineInWindow(trace, 0, l -> l.matches("\\d+ +fdatasync\\(.*\\) = 0"));
        trace.set(i, trace.get(i).replaceFirst("= 0$", "= -1 EIO (Input/output error)"));
        List<String> m = mismatches(trace, CapturedRun.stdoutLines(JDK), 0);
        String log = logOf(trace, "fdatasync");
        assertEquals(List.of("counters say 6 fdatasync on " + log + " (plain fd; syncCalls 3 + preallocSyncs 3), the kernel saw 5",
                "the kernel failed fdatasync on " + log + " with EIO (trace line " + (i + 1) + "): a failed call is not a durable one"), m);
    }

    @Test
    void aCounterOneTooHighIsCaughtOnTheJdkMappedPath() {
        List<String> stdout = CapturedRun.stdoutLines(JDK).stream()
                .map(l -> l.contains("\"cell\":2") ? l.replace("\"syncCalls\":2", "\"syncCalls\":3") : l).toList();
        List<String> trace = CapturedRun.traceLines(JDK);
        assertEquals(List.of("counters say 3 msync on " + logOf(trace, "mmap_force") + " (MS_SYNC; syncCalls 3), the kernel saw 2"),
                mismatches(trace, stdout, 2));
    }

    @Test
    void anMsyncOnNoKnownMappingIsUnexplainedNotIgnored() {
        List<String> trace = new ArrayList<>(CapturedRun.traceLines(JDK));
        trace.remove(firstLine(trace, l -> l.contains("mmap(") && l.contains("durabench-mmap_force-")));
        List<String> m = mismatches(trace, CapturedRun.stdoutLines(JDK), 2);
        assertEquals(3, m.size(), m.toString());
        assertEquals("counters say 2 msync on " + logOf(trace, "mmap_force") + " (MS_SYNC; syncCalls 2), the kernel saw 0", m.get(0));
        assertTrue(m.get(1).startsWith("the kernel saw msync(0x"), m.get(1));
        assertTrue(m.get(1).endsWith("on no file the trace explains (no traced open or file mapping)"), m.get(1));
    }

    @Test
    void aMissingDirectoryFsyncIsCaught() {
        List<String> trace = new ArrayList<>(CapturedRun.traceLines(JDK));
        removeFirstInWindow(trace, 3, l -> l.matches("\\d+ +fsync\\(\\d+<" + Pattern.quote(CapturedRun.DIR) + ">\\) = 0"));
        List<String> m = mismatches(trace, CapturedRun.stdoutLines(JDK), 3);
        assertEquals(List.of("counters say 6 fsync on the directory " + CapturedRun.DIR
                + " (plain fd; syncCalls - writes 6), the kernel saw 5"), m);
    }

    /** Each new file must be fsynced and closed exactly once: one of either taken away is named with its file. */
    @ParameterizedTest
    @ValueSource(strings = {"fsync", "close"})
    void aNewFileWithoutItsFsyncOrItsCloseIsNamed(String call) {
        List<String> trace = new ArrayList<>(CapturedRun.traceLines(JDK));
        int i = firstLineInWindow(trace, 3, l -> l.matches("\\d+ +" + call + "\\(\\d+<.*/durabench-create-.*>\\) = 0"));
        Matcher file = Pattern.compile("<(.*/durabench-create-[^>]*)>").matcher(trace.get(i));
        assertTrue(file.find());
        trace.remove(i);
        List<String> m = mismatches(trace, CapturedRun.stdoutLines(JDK), 3);
        assertEquals(List.of("new file " + file.group(1) + ": the kernel saw 0 " + call + " (plain fd, 0 bytes), each new file must have 1"), m);
    }

    @Test
    void aCellWithoutItsBeginMarkerIsNotWitnessedRatherThanPassed() {
        List<String> trace = new ArrayList<>(CapturedRun.traceLines(JDK));
        trace.remove(firstLine(trace, l -> l.contains("/cell-1/begin")));
        CellVerdict v = judge(JDK, trace, CapturedRun.stdoutLines(JDK)).get(1);
        assertEquals("the trace does not hold exactly one BEGIN and then one END marker for it", v.error());
        assertTrue(!v.passed());
    }

    @Test
    void anOperationCountThatIsNotTheOneRunIsCaught() {
        List<String> stdout = CapturedRun.stdoutLines(JDK).stream()
                .map(l -> l.contains("\"cell\":1") ? l.replace("\"writes\":6", "\"writes\":7") : l).toList();
        List<String> m = mismatches(CapturedRun.traceLines(JDK), stdout, 1);
        assertTrue(m.contains("counters say 7 writes, but the witness ran 6 operations"), m.toString());
        assertTrue(m.contains("counters say 7 pwrite64 on " + logOf(CapturedRun.traceLines(JDK), "o_dsync")
                + " (O_DSYNC fd; writes 7), the kernel saw 6"), m.toString());
    }

    // --- helpers ---

    private static List<CellVerdict> judge(String jdk, List<String> trace, List<String> stdout) {
        List<SizedCell> cells = new ArrayList<>();
        for (String line : stdout) {
            Matcher spec = Pattern.compile("\"spec\":\"([^\"]*)\"").matcher(line);
            if (spec.find()) cells.add(new SizedCell(CellSpec.parse(spec.group(1).replace("\\u003d", "=")), CapturedRun.SIZE));
        }
        return new WitnessJudge(FileCalls.of(StraceTrace.parse(trace)), CapturedRun.token(jdk), CapturedRun.DIR, CapturedRun.OPS)
                .judge(cells, WitnessProcessOutput.results(stdout, cells.size()));
    }

    private static List<String> mismatches(List<String> trace, List<String> stdout, int cell) {
        List<CellVerdict> verdicts = judge(JDK, trace, stdout);
        for (int i = 0; i < verdicts.size(); i++) {
            if (i != cell) assertTrue(verdicts.get(i).passed(), "an edit of cell " + cell + " must not touch " + verdicts.get(i).describe());
        }
        assertEquals(null, verdicts.get(cell).error());
        return verdicts.get(cell).mismatches();
    }

    /** The log file of a cell, by the method name in its file name, as the trace shows it. */
    private static String logOf(List<String> trace, String method) {
        Matcher m = Pattern.compile("<(" + Pattern.quote(CapturedRun.DIR) + "/durabench-" + method + "-\\d+\\.log)>")
                .matcher(trace.get(firstLine(trace, l -> l.contains("/durabench-" + method + "-"))));
        assertTrue(m.find());
        return m.group(1);
    }

    private static int firstLine(List<String> lines, Predicate<String> p) {
        for (int i = 0; i < lines.size(); i++) {
            if (p.test(lines.get(i))) return i;
        }
        throw new AssertionError("no such line in the captured trace");
    }

    private static int firstLineInWindow(List<String> lines, int cell, Predicate<String> p) {
        int begin = firstLine(lines, l -> l.contains("/cell-" + cell + "/begin"));
        int end = firstLine(lines, l -> l.contains("/cell-" + cell + "/end"));
        for (int i = begin + 1; i < end; i++) {
            if (p.test(lines.get(i))) return i;
        }
        throw new AssertionError("no such line between the markers of cell " + cell);
    }

    private static void removeFirstInWindow(List<String> lines, int cell, Predicate<String> p) {
        lines.remove(firstLineInWindow(lines, cell, p));
    }
}
