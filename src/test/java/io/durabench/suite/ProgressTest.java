package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import io.durabench.format.Fmt;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.JmhJsonReader;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The progress line counts the whole run (every target and JVM), not the target it is on, and a
 * resumed run does not count what it had already done.
 */
class ProgressTest {
    /**
     * A real run's target in the order it ran: results/design-review-quick on lab ext4, its SyncWriteCost cells at 8 KiB,
     * batch 1, no preallocation, and getppid, 3 rounds of one fork each (the fixture keeps those cells' entries only).
     */
    private static final Path RUN = Path.of("src/test/resources/report/design-review-ext4-centre");
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

    /**
     * A fork's line printed JMH's own error beside its mean, "avgt 641.99 ± 3,451 us/op": the 99.9% half-width over that
     * fork's 3 iterations (t(2) = 31.6), which a reader takes for the cell's uncertainty. It prints the fork's own mean.
     * FDATASYNC's first fork in the committed design-review-quick run on lab ext4 ({@link #RUN}).
     */
    @Test
    void aForksLineShowsItsOwnMeanWithoutJmhsErrorWithinTheFork() throws java.io.IOException {
        com.google.gson.JsonArray entries = com.google.gson.JsonParser.parseString(Files.readString(
                RUN.resolve("jmh-result.json"))).getAsJsonArray();
        com.google.gson.JsonArray first = new com.google.gson.JsonArray();
        for (com.google.gson.JsonElement e : entries) {
            com.google.gson.JsonObject params = e.getAsJsonObject().getAsJsonObject("params");
            if (params != null && CELL.jmhParams().entrySet().stream().allMatch(p -> params.has(p.getKey())
                    && p.getValue().equals(params.get(p.getKey()).getAsString()))) {
                first.add(e);
                break;
            }
        }
        StringWriter text = new StringWriter();
        Progress p = new Progress(new PrintWriter(text, true), 3, 3);
        List<BenchmarkResult> fork = JmhJsonReader.read(first, Path.of("."));
        p.measured(CELL, null, 0, 1, fork, fork, "durable");
        String line = text.toString().strip();
        assertTrue(line.contains("avgt 641.99 us/op") && !line.contains("±") && !line.contains("3,451"), line);
    }

    /**
     * From a cell's second fork on, its line shows the cell's interval between forks as the report computes it: the
     * committed design-review-quick run on lab ext4 ({@link #RUN}: 22 of its cells, 3 rounds) replayed fork by fork in the
     * order it ran, each line held against the report of the folder as it was after that fork (the run rewrites it after
     * every fork). The run's last fork shows what the run's final report prints for its cell. (Another cell's last fork
     * may differ from the final report: its interval borrows from the other rows' variances, and the forks still to come
     * move them: docs/run.md says by how much on the whole run.)
     */
    @Test
    void fromItsSecondForkACellsLineShowsItsIntervalAsTheReportPrintsIt() throws java.io.IOException {
        Path folder = RUN;
        JsonArray entries = JsonParser.parseString(Files.readString(folder.resolve("jmh-result.json"))).getAsJsonArray();
        StringWriter text = new StringWriter();
        Progress p = new Progress(new PrintWriter(text, true), entries.size(), entries.size());
        JsonArray soFar = new JsonArray();
        Map<Cell, Integer> rounds = new java.util.HashMap<>();
        String line = null, printed = null;
        for (JsonElement e : entries) {
            soFar.add(e);
            JsonArray one = new JsonArray();
            one.add(e);
            List<BenchmarkResult> fork = JmhJsonReader.read(one, folder), all = JmhJsonReader.read(soFar, folder);
            Cell cell = Catalogue.cell(fork.get(0).benchmark(), fork.get(0).params().asMap()).orElseThrow();
            int round = rounds.merge(cell, 1, Integer::sum) - 1;
            int before = text.getBuffer().length();
            p.measured(cell, null, round, 1, fork, all, "durable");
            line = text.getBuffer().substring(before).strip();
            assertFalse(line.contains("±"), line);
            // NativeCallCost's getppid has no method: the report shows JMH's figure for it, and so no interval of its own.
            boolean interval = round > 0 && cell.methodValue() != null;
            assertTrue(line.contains(" this fork") && line.contains("; cell ") == interval, line);
            if (!interval) continue;
            printed = printed(ReportBuilder.build(List.of(new ResultSet(NOWHERE, null, all, List.of())), SyncMethod.NONE), cell);
            assertTrue(line.contains("; cell " + printed + " over " + (round + 1) + " forks, w/o stalls"), line + "\nthe report then: " + printed);
        }
        String last = printed(ReportBuilder.build(ResultsLoader.load(List.of(folder)), SyncMethod.NONE), Catalogue.cell(
                JmhJsonReader.read(singleton(entries.get(entries.size() - 1)), folder).get(0).benchmark(),
                JmhJsonReader.read(singleton(entries.get(entries.size() - 1)), folder).get(0).params().asMap()).orElseThrow());
        assertTrue(line.contains("; cell " + last + " over 3 forks"), "the run's last fork, as the run's report prints it: " + line + " / " + last);
    }

    @Test
    void afterTheLastRoundEveryCellsLastLineShowsTheFinalReportsFigure() throws java.io.IOException {
        Path folder = RUN;
        JsonArray entries = JsonParser.parseString(Files.readString(folder.resolve("jmh-result.json"))).getAsJsonArray();
        StringWriter text = new StringWriter();
        Progress p = new Progress(new PrintWriter(text, true), entries.size(), entries.size());
        JsonArray soFar = new JsonArray();
        Map<Cell, Integer> rounds = new java.util.HashMap<>();
        for (JsonElement e : entries) {
            soFar.add(e);
            List<BenchmarkResult> fork = JmhJsonReader.read(singleton(e), folder), all = JmhJsonReader.read(soFar, folder);
            Cell cell = Catalogue.cell(fork.get(0).benchmark(), fork.get(0).params().asMap()).orElseThrow();
            p.measured(cell, null, rounds.merge(cell, 1, Integer::sum) - 1, 1, fork, all, "durable");
        }
        int before = text.getBuffer().length();
        p.closing(null, JmhJsonReader.read(soFar, folder));
        assertTrue(text.getBuffer().length() > before, "on this run, other cells' forks moved some cell's interval after its last line");
        Report report = ReportBuilder.build(ResultsLoader.load(List.of(folder)), SyncMethod.NONE);
        Map<String, String> lastLine = new java.util.HashMap<>();
        text.toString().lines().filter(l -> l.contains("; cell ") || l.startsWith("[final] ")).forEach(l -> {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(?:\\[final\\] |\\[[^]]*\\] r\\d+ )(.*?)  (?:cell|avgt) ").matcher(l);
            assertTrue(m.find(), l);
            lastLine.put(m.group(1), l);
        });
        int checked = 0;
        for (Cell cell : rounds.keySet()) {
            if (cell.methodValue() == null) continue; // getppid: the report shows JMH's figure, no interval of its own
            String line = lastLine.get(cell.toString());
            assertTrue(line != null && line.contains(printed(report, cell) + " over 3 forks"), cell + ": " + line + " / " + printed(report, cell));
            checked++;
        }
        assertTrue(checked > 10, "checked " + checked);
    }

    /** A folder without a call-latency log: the report of results held in memory. */
    private static final Path NOWHERE = Path.of("target/no-such-folder/jmh-result.json");

    private static JsonArray singleton(JsonElement e) {
        JsonArray a = new JsonArray();
        a.add(e);
        return a;
    }

    /** The cell's figure as the report's tables print it, with the unit the progress line gives it. */
    private static String printed(Report report, Cell cell) {
        ReportRow r = report.rows().stream().filter(x -> x.cell().equals(cell)).findFirst().orElseThrow(() -> new AssertionError(cell.toString()));
        return Fmt.usCompact(r.meanUs()) + " " + Fmt.usCompactInterval(r.figure()) + " µs/op";
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
