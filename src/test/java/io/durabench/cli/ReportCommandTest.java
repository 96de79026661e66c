package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = DurabenchMain.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    private static String fixture(String name) throws URISyntaxException {
        return Path.of(ReportCommandTest.class.getResource("/report/" + name).toURI()).toString();
    }

    private void assertOneLineUsageError(int code, String... fragments) {
        assertEquals(2, code, err.toString());
        String e = err.toString();
        assertEquals(1, e.lines().count(), e);
        assertFalse(e.contains("Exception") || e.contains("\tat "), e);
        for (String f : fragments) assertTrue(e.contains(f), e);
    }

    @Test
    void emptyFile() throws IOException {
        Path f = Files.createFile(dir.resolve("empty.json"));
        assertOneLineUsageError(run("report", f.toString()), f.toString(), "empty file");
    }

    @Test
    void truncatedJson() throws IOException {
        Path f = Files.writeString(dir.resolve("cut.json"), "[ { \"benchmark\": \"x\", \"mode\": \"avgt\", \"primaryMetric\": { \"score\": 1.");
        assertOneLineUsageError(run("report", f.toString()), f.toString(), "truncated or malformed JSON");
    }

    @Test
    void jsonThatIsNotJmh() throws IOException {
        Path f = Files.writeString(dir.resolve("other.json"), "{\"name\": \"not jmh\"}");
        assertOneLineUsageError(run("report", f.toString()), f.toString(), "not a JMH result");
        Path g = Files.writeString(dir.resolve("array.json"), "[{\"name\": 1}]");
        err.getBuffer().setLength(0);
        assertOneLineUsageError(run("report", g.toString()), g.toString(), "entry 0: has no \"benchmark\"", "-rf json");
    }

    @Test
    void missingPathWritesNothing() {
        Path missing = dir.resolve("nope");
        Path outDir = dir.resolve("out");
        assertOneLineUsageError(run("report", missing.toString(), "--out", outDir.toString()), missing.toString(), "no such file");
        assertFalse(Files.exists(outDir), "no stray output for bad input");
    }

    @Test
    void unknownBaseline() throws URISyntaxException {
        assertOneLineUsageError(run("report", fixture("seed004"), "--cost-baseline", "FASTEST"), "--cost-baseline FASTEST", "FDATASYNC");
    }

    @Test
    void textReportOfSeed004() throws URISyntaxException {
        assertEquals(0, run("report", fixture("seed004")), err.toString());
        // One summary line up front; the full warning with --all-warnings.
        assertTrue(out.toString().contains("[ratio-misleads] across contexts: FDATASYNC: 1,312x NONE on overlay, 4.2x on fuseblk, "
                + "but costs 518 vs 94 µs"), out.toString());
        assertFalse(out.toString().contains("FDATASYNC is 1,312x NONE"), out.toString());
        assertTrue(out.toString().contains("CI: 99.9%, between forks: each fork's mean is a replicate"), out.toString());
        out.getBuffer().setLength(0);
        assertEquals(0, run("report", fixture("seed004"), "--all-warnings"), err.toString());
        assertTrue(out.toString().contains("[ratio-misleads] FDATASYNC is 1,312x NONE"), out.toString());
    }

    @Test
    void everyFormat() throws URISyntaxException {
        for (String format : new String[] {"markdown", "html", "csv", "json"}) {
            out.getBuffer().setLength(0);
            assertEquals(0, run("report", "--format", format, fixture("odirect")), err.toString());
            assertTrue(out.toString().contains("O_DIRECT"), format);
        }
        assertTrue(out.toString().contains("\"durabilityCostUs\""));
    }

    @Test
    void htmlOnStdoutAndBesideReportMd() throws URISyntaxException, IOException {
        assertEquals(0, run("report", "--format", "html", fixture("real-run")), err.toString());
        String page = out.toString();
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.strip().endsWith("</html>"), page);
        assertTrue(page.contains("<table class=\"sortable\">") && page.contains("<figure class=\"chart\"><svg"), "tables and charts inline");
        Path outDir = dir.resolve("out");
        out.getBuffer().setLength(0);
        assertEquals(0, run("report", fixture("real-run"), "--out", outDir.toString()), err.toString());
        assertTrue(out.toString().contains("report.html"), out.toString());
        String written = Files.readString(outDir.resolve("report.html"));
        assertTrue(written.contains("<h1 id=\"durabench-report\">") && written.contains("<figure class=\"chart\"><svg"), "report.html");
    }

    @Test
    void filtersNarrowWhatIsShown() throws URISyntaxException {
        assertEquals(0, run("report", fixture("real-run"), "--method", "NONE,FDATASYNC", "--benchmark", "SyncWriteCost",
                "--context", "ext4", "--format", "markdown"), err.toString());
        String md = out.toString();
        assertTrue(md.contains("| FDATASYNC |") && md.contains("| NONE (baseline) |"), md);
        assertFalse(md.contains("| FSYNC |") || md.contains("tmpfs /dev/shm, JDK"), md);
        out.getBuffer().setLength(0);
        assertEquals(0, run("report", fixture("real-run"), "--method", "fdatasync", "--format", "csv"), err.toString());
        assertTrue(out.toString().lines().skip(1).allMatch(l -> l.contains(",FDATASYNC,")), out.toString());
    }

    /** Default tables fit 120 characters; --columns adds what it names, in text and Markdown, and report.md with --out. */
    @Test
    void columnsAddTheOptionalColumnsTheyName() throws URISyntaxException, IOException {
        assertEquals(0, run("report", fixture("real-run"), "--format", "markdown"), err.toString());
        String plain = out.toString();
        assertTrue(plain.contains("| Method | µs/op w/o stalls [95% CI] | ops/s | Durability cost µs [99.9% CI] | Ratio | Syncs/op | Durable |"), plain);
        assertFalse(plain.contains("p99 µs") || plain.contains("Ratio [99.9% CI]"), plain);
        assertTrue(plain.lines().filter(l -> l.startsWith("|")).allMatch(l -> l.length() <= 120), plain);

        out.getBuffer().setLength(0);
        assertEquals(0, run("report", fixture("real-run"), "--format", "markdown", "--columns", "p99,ratio-ci"), err.toString());
        String some = out.toString();
        assertTrue(some.contains("| ops/s | p99 µs | Durability cost µs [99.9% CI] | Ratio [99.9% CI] |"), some);
        assertFalse(some.contains("p50 µs"), some);

        out.getBuffer().setLength(0);
        assertEquals(0, run("report", fixture("real-run"), "--columns", "ALL"), err.toString());
        assertTrue(out.toString().lines().anyMatch(l -> l.startsWith("  method ") && l.contains("p50") && l.contains("p99.9")
                && l.contains("ratio [99.9% CI]")), out.toString());

        Path outDir = dir.resolve("with-columns");
        assertEquals(0, run("report", fixture("real-run"), "--columns", "p50", "--out", outDir.toString()), err.toString());
        assertTrue(Files.readString(outDir.resolve("report.md")).contains("| p50 µs |"));
    }

    @Test
    void anUnknownColumnIsOneLineListingTheValidOnes() throws URISyntaxException {
        Path outDir = dir.resolve("never");
        assertOneLineUsageError(run("report", fixture("real-run"), "--columns", "p99,p98", "--out", outDir.toString()),
                "--columns p99,p98: unknown column 'p98'", "valid: p50, p99, p99.9, ratio-ci, sync-p99, all, default");
        assertFalse(Files.exists(outDir), "nothing written");
        assertEquals("", out.toString(), "nothing on stdout");
    }

    @Test
    void csvOnStdoutIsOneTable() throws URISyntaxException {
        assertOneLineUsageError(run("report", fixture("xfs-quick"), "--format", "csv"),
                "several tables: pick one with --table sync-write|pg|file-create");
        assertEquals("", out.toString(), "nothing on stdout");
        err.getBuffer().setLength(0);
        assertEquals(0, run("report", fixture("xfs-quick"), "--format", "csv", "--table", "file-create"), err.toString());
        String csv = out.toString();
        assertTrue(csv.startsWith("id,benchmark,context,filesystem,jdk,targetDir,blockSizeBytes,syncDirectory,method,"), csv);
        assertTrue(csv.lines().skip(1).allMatch(l -> l.contains("FileCreateCost")), csv);
        assertEquals(3, csv.lines().count(), csv);
        out.getBuffer().setLength(0);
        assertOneLineUsageError(run("report", fixture("xfs-quick"), "--format", "csv", "--table", "group-commit"),
                "no group-commit rows", "pick one of sync-write|pg|file-create");
        err.getBuffer().setLength(0);
        Path outDir = dir.resolve("tables");
        assertOneLineUsageError(run("report", fixture("xfs-quick"), "--table", "pg", "--out", outDir.toString()),
                "--table pg picks the CSV table printed on stdout");
        assertFalse(Files.exists(outDir), "nothing written");
        assertEquals("", out.toString());
    }

    @Test
    void whereFiltersOnAnyParameter() throws URISyntaxException {
        // pg_test_fsync and FileCreateCost have no writesPerSync: only sync-write is left, so no --table is needed.
        assertEquals(0, run("report", fixture("xfs-quick"), "--where", "writesPerSync=100", "--where", "preallocation=NONE|ZERO_FILL",
                "--method", "FDATASYNC,NONE", "--format", "csv"), err.toString());
        List<String> lines = out.toString().lines().toList();
        int batch = List.of(lines.get(0).split(",")).indexOf("writesPerSync");
        assertTrue(batch > 0, lines.get(0));
        assertEquals(2, lines.size() - 1, "FDATASYNC at NONE and ZERO_FILL (NONE is not batched): " + out);
        assertTrue(lines.stream().skip(1).allMatch(l -> l.contains(",100,") && l.contains(",FDATASYNC,")), out.toString());
        err.getBuffer().setLength(0);
        Path outDir = dir.resolve("p");
        assertOneLineUsageError(run("plot", fixture("xfs-quick"), "--where", "writesPerSync=1..10,blockSizeBytes=4096", "--out", outDir.toString()),
                "no row has blockSizeBytes 4096; its values here: 8192");
        assertFalse(Files.exists(outDir), "nothing written");
    }

    @Test
    void outWritesOneCsvPerTable() throws URISyntaxException {
        Path outDir = dir.resolve("all");
        assertEquals(0, run("report", fixture("xfs-quick"), "--out", outDir.toString()), err.toString());
        for (String f : new String[] {"report-sync-write.csv", "report-pg.csv", "report-file-create.csv"}) {
            assertTrue(Files.exists(outDir.resolve(f)), f);
        }
        assertFalse(Files.exists(outDir.resolve("report.csv")) || Files.exists(outDir.resolve("report-group-commit.csv")));
    }

    @Test
    void aFilterThatMatchesNothingIsBadInput() throws URISyntaxException {
        Path outDir = dir.resolve("nothing");
        assertOneLineUsageError(run("report", fixture("real-run"), "--method", "FSYNCC", "--out", outDir.toString()),
                "--method FSYNCC matches nothing", "try one of");
        assertFalse(Files.exists(outDir), "nothing written");
        err.getBuffer().setLength(0);
        assertOneLineUsageError(run("plot", fixture("real-run"), "--context", "zfs", "--out", outDir.toString()), "--context zfs");
        assertFalse(Files.exists(outDir), "nothing written");
    }

    @Test
    void plotWritesCharts() throws URISyntaxException {
        Path outDir = dir.resolve("plots");
        assertEquals(0, run("plot", fixture("real-run"), "--out", outDir.toString()), err.toString());
        assertTrue(Files.exists(outDir.resolve("chart-durability-cost.png")));
        assertTrue(Files.exists(outDir.resolve("chart-preallocation.svg")));
    }

    @Test
    void plotSaysWhichChartsHaveNoData() throws URISyntaxException {
        assertEquals(0, run("plot", fixture("seed004"), "--out", dir.resolve("p").toString()), err.toString());
        assertTrue(out.toString().contains("Time per write vs batch size: not drawn, the results hold only one batch size"), out.toString());
    }
}
