package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.cli.DurabenchMain;
import io.durabench.nativeio.CountingSyscalls;
import io.durabench.nativeio.FailingSyscalls;
import io.durabench.report.Rendered;
import io.durabench.report.Report;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.render.CsvTable;
import io.durabench.report.render.CsvTables;
import io.durabench.report.render.JsonRenderer;
import io.durabench.results.NotMeasured;
import io.durabench.results.NotMeasuredFile;
import io.durabench.results.ResultsLoader;
import io.durabench.testing.TimingFree;
import io.durabench.workload.SyncMethod;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A cell that fails is FAILED, with its errno and path, in the run's summary, in not-applicable.json's
 * "failed" list and in every report format — never n/a — and the run says so and exits non-zero.
 */
@TimingFree
class FailedCellIT {
    private static final List<String> SHORT = List.of("SyncWriteCost", "-p", "syncMethod=NONE,FDATASYNC", "-p", "preallocation=NONE",
            "-p", "writesPerSync=1", "-f", "1", "-wi", "0", "-i", "1", "-r", "50ms");

    @BeforeAll
    static void allowConcurrentJmh() {
        System.setProperty("jmh.ignoreLock", "true"); // a functional test: behaviour, not speed
    }

    @Test
    void aSyncThatFailsWithEioIsFailedEverywhere() throws Exception {
        Path dir = Files.createDirectories(Path.of("target/failed-cell-it/data"));
        Path out = Files.createTempDirectory(Path.of("target/failed-cell-it"), "out-");
        StringWriter text = new StringWriter(), err = new StringWriter();
        // The first fdatasync the feasibility probe makes returns EIO, as a dying disk's would.
        FailingSyscalls eio = new FailingSyscalls(CountingSyscalls.Call.FDATASYNC, 1);
        SuiteRun run = new SuiteRun(Profile.QUICK, JmhSettings.of(Profile.QUICK, SHORT), SHORT, eio,
                new PrintWriter(text, true), new PrintWriter(err, true));
        boolean failed = run.run(List.of(RunTarget.directory(dir.toAbsolutePath())), out, List.of());

        assertTrue(failed, "a failed cell must fail the run");
        assertEquals(1, eio.injected());
        String summary = text.toString();
        assertTrue(summary.lines().anyMatch(l -> l.startsWith("FAILED SyncWriteCost.writeBlock syncMethod=FDATASYNC")
                && l.contains("fdatasync failed: EIO") && l.contains(dir.toAbsolutePath().toString())), summary);
        assertTrue(err.toString().contains("some cells FAILED"), err.toString());

        List<NotMeasured> notMeasured = NotMeasuredFile.read(
                out.resolve(io.durabench.env.TargetLabel.label(dir.toAbsolutePath())).resolve("not-applicable.json"));
        assertEquals(1, notMeasured.size());
        assertEquals(NotMeasured.Kind.FAILED, notMeasured.get(0).kind());

        Report report = ReportBuilder.build(ResultsLoader.load(List.of(out)), SyncMethod.NONE);
        String error = notMeasured.get(0).reason();
        assertTrue(error.startsWith("fdatasync failed: EIO"), error);
        assertTrue(Rendered.text(report).contains("FAILED: " + error));
        assertTrue(Rendered.markdown(report, List.of()).contains("FAILED: " + error));
        assertTrue(CsvTables.render(report, CsvTable.SYNC_WRITE).contains(",," + error), "csv: na empty, failed = the error");
        assertTrue(JsonRenderer.render(report).contains("\"failed\": \"" + error.replace("\\", "\\\\") + "\""));
        assertTrue(report.rows().stream().noneMatch(r -> r.na() != null), "a failure is never shown as n/a");
        assertTrue(report.rows().stream().anyMatch(r -> r.method().equals("NONE") && r.measured()), "the other cell still measured");
    }

    @Test
    void theCommandLineExitsNonZeroWhenACellFails() throws Exception {
        Path dir = Files.createDirectories(Path.of("target/failed-cell-it/data"));
        Path out = Files.createTempDirectory(Path.of("target/failed-cell-it"), "cli-").resolve("out");
        StringWriter text = new StringWriter(), err = new StringWriter();
        CommandLine cl = DurabenchMain.commandLine();
        cl.setOut(new PrintWriter(text, true));
        cl.setErr(new PrintWriter(err, true));
        List<String> all = new java.util.ArrayList<>(List.of("run", "--dir", dir.toString(), "--out", out.toString(), "--"));
        all.addAll(SHORT);
        all.addAll(List.of("-jvm", "/bin/false")); // no JVM can fork: every cell's JMH run fails
        int rc = cl.execute(all.toArray(String[]::new));
        assertEquals(1, rc, text.toString());
        assertTrue(text.toString().contains("FAILED SyncWriteCost.writeBlock syncMethod=NONE"), text.toString());
        assertEquals(2, NotMeasuredFile.read(out.resolve(io.durabench.env.TargetLabel.label(dir.toAbsolutePath()))
                .resolve("not-applicable.json")).stream().filter(NotMeasured::failed).count());
    }
}
