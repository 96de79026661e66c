package io.durabench.report.render;

import io.durabench.output.CsvRenderer;
import io.durabench.output.Field;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.BenchmarkFamily;
import io.durabench.catalogue.Catalogue;
import io.durabench.report.Rendered;
import io.durabench.report.Report;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's CSV is tidy: one file per kind of table, one header each, a column per parameter,
 * plain numbers; every file reads back with Python's csv.DictReader and with a Java RFC 4180 parser
 * into rows whose keys are the header, the right number of them, and none of another table's.
 */
class CsvTablesTest {
    /**
     * SyncWriteCost, the pg_test_fsync family, FileCreateCost (xfs-quick), group commit, foreign JMH with @Params, a FAILED cell,
     * and a target with lock-step pairs against its reference (reference-pairs: a real run's, made on a busy machine).
     */
    static final List<String> EVERY_KIND = List.of("xfs-quick", "group-commit", "jmh-samples/sample27-params-avgt.json", "failed-cell",
            "reference-pairs");
    private static final Pattern PLAIN_NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");

    @TempDir
    Path dir;

    static Report report(List<String> fixtures) {
        List<Path> paths = fixtures.stream().map(f -> {
            try {
                return Path.of(CsvTablesTest.class.getResource("/report/" + f).toURI());
            } catch (java.net.URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }).toList();
        return ReportBuilder.build(ResultsLoader.load(paths), SyncMethod.NONE);
    }

    @Test
    void everyFamilyWithAMethodAxisHasExactlyOneTable() {
        for (BenchmarkFamily f : Catalogue.families()) {
            long tables = Arrays.stream(CsvTable.values()).filter(t -> t.families().contains(f)).count();
            // No method axis: the report shows it as JMH did (NativeCallCost), so it is an "other" row.
            assertEquals(f.methodAxis() == null ? 0 : 1, tables, f.simpleName());
        }
    }

    @Test
    void syncWriteHeaderHasAColumnPerParameterAndUnitsInItsNames() {
        String header = CsvTables.render(report(List.of("odirect")), CsvTable.SYNC_WRITE).lines().findFirst().orElseThrow();
        assertEquals("id,benchmark,context,filesystem,jdk,targetDir,syncMethod,blockSizeBytes,writesPerSync,preallocation,method,"
                + "isBaseline,meanUs,ciLowUs,ciHighUs,n,stalledIterations,worstStallUs,meanWithStallsUs,opsPerSec,p50Us,p99Us,p999Us,p50LowUs,p50HighUs,p99LowUs,p99HighUs,"
                + "p999LowUs,p999HighUs,baselineUs,ratio,ratioLow,ratioHigh,durabilityCostUs,durabilityCostLowUs,"
                + "durabilityCostHighUs,syncsPerWrite,syncP50Us,syncP99Us,syncP999Us,syncMaxUs,syncP99LowUs,syncP99HighUs,deviceName,deviceFlushesPerOp,deviceFuaWritesPerOp,deviceBytesPerOp,deviceChain,deviceVerdict,deviceNotCounted,durable,notDurableBecause,na,failed", header);
    }

    @Test
    void everyTableAParameterColumnOfTheCataloguesNamesAndNoPackedParams() {
        Report report = report(EVERY_KIND);
        assertEquals(List.of(CsvTable.values()), CsvTables.present(report), "the fixtures hold every kind");
        for (CsvTable t : CsvTable.values()) {
            List<String> header = CsvText.parse(CsvTables.render(report, t)).get(0);
            assertFalse(header.contains("params"), t + ": " + header);
            assertEquals(header.size(), Set.copyOf(header).size(), t + ": one column per name " + header);
            if (t == CsvTable.OTHER) {
                assertTrue(header.containsAll(List.of("certainty", "context", "score", "unit")), header.toString());
                continue;
            }
            for (var p : CsvTables.parameters(t)) assertTrue(header.contains(p.name()), t + " lacks " + p.name());
        }
    }

    @Test
    void everyFileWrittenReadsBackWithPythonsDictReader() throws Exception {
        Report report = report(EVERY_KIND);
        List<Path> files = new ArrayList<>();
        for (Path p : Rendered.writeAll(report, dir)) {
            if (p.getFileName().toString().endsWith(".csv")) files.add(p);
        }
        assertEquals(CsvTable.values().length, files.size(), files.toString());
        assertFalse(Files.exists(dir.resolve("report.csv")), "no table of mixed kinds");
        List<PythonCsv.Read> reads = PythonCsv.read(files);
        for (int i = 0; i < files.size(); i++) {
            CsvTable t = tableOf(files.get(i));
            PythonCsv.Read read = reads.get(i);
            List<List<String>> java = CsvText.parse(Files.readString(files.get(i)));
            assertEquals(java.get(0), read.header(), t + ": Python and Java read the same header");
            assertEquals(expectedRows(report, t), read.keys().size(), t + ": one row per report row");
            assertEquals(expectedRows(report, t) + 1, java.size(), t + ": Java, one record per row after the header");
            int benchmark = read.header().indexOf("benchmark");
            for (int r = 0; r < read.keys().size(); r++) {
                assertEquals(read.header(), read.keys().get(r), t + " row " + r + ": keys are the header (no extra or missing cell)");
                assertFalse(read.values().get(r).contains(null), t + " row " + r + ": every cell present");
                assertEquals(read.values().get(r), java.get(r + 1), t + " row " + r + ": Java reads what Python reads");
                // A lock-step row names the SyncWriteCost cell it paired: its table is its own kind all the same.
                if (t != CsvTable.LOCK_STEP) assertEquals(t, tableOfBenchmark(read.values().get(r).get(benchmark)), t + " row " + r + ": no row of another table");
            }
        }
    }

    @Test
    void numbersArePlainAndAbsentFiguresEmpty() {
        Report report = report(EVERY_KIND);
        List<Field<io.durabench.report.ReportRow>> fields = CsvTables.perWriteFields(CsvTable.SYNC_WRITE);
        List<List<String>> table = CsvText.parse(CsvTables.render(report, CsvTable.SYNC_WRITE));
        boolean sawEmpty = false;
        for (int c = 0; c < fields.size(); c++) {
            Field.Kind kind = fields.get(c).kind();
            if (kind != Field.Kind.NUMBER && kind != Field.Kind.WHOLE) continue;
            for (List<String> row : table.subList(1, table.size())) {
                String cell = row.get(c);
                sawEmpty |= cell.isEmpty();
                assertTrue(cell.isEmpty() || PLAIN_NUMBER.matcher(cell).matches(), fields.get(c).key() + ": " + cell);
            }
        }
        assertTrue(sawEmpty, "a FAILED row leaves its figures empty");
        assertEquals("0.0001", CsvRenderer.plain(1e-4));
        assertEquals("12345678901", CsvRenderer.plain(12345678901.0));
        assertEquals("", CsvRenderer.plain(Double.NaN));
    }

    @Test
    void quotingSurvivesCommasQuotesAndLineBreaks() throws Exception {
        List<Field<String[]>> fields = List.of(Field.text("a", r -> r[0]), Field.text("b, with comma", r -> r[1]));
        List<String[]> rows = List.of(new String[] {"x,y", "say \"hi\""}, new String[] {"line 1\nline 2", "plain"});
        Path f = Files.writeString(dir.resolve("q.csv"), CsvRenderer.csv(fields, rows));
        PythonCsv.Read read = PythonCsv.read(List.of(f)).get(0);
        assertEquals(List.of("a", "b, with comma"), read.header());
        assertEquals(List.of(List.of("x,y", "say \"hi\""), List.of("line 1\nline 2", "plain")), read.values());
        assertEquals(read.values(), CsvText.parse(Files.readString(f)).subList(1, 3));
    }

    @Test
    void stdoutTakesTheOnlyTableOrTheOneAskedFor() {
        Report one = report(List.of("odirect"));
        assertEquals(CsvTable.SYNC_WRITE, CsvTables.chosen(one, null));
        Report all = report(EVERY_KIND);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CsvTables.chosen(all, null));
        assertEquals("several tables: pick one with --table sync-write|pg|file-create|group-commit|other|lock-step (--out DIR writes each "
                + "to its own report-KIND.csv)", e.getMessage());
        assertEquals(CsvTable.PG, CsvTables.chosen(all, "pg"));
        e = assertThrows(IllegalArgumentException.class, () -> CsvTables.chosen(all, "fsync"));
        assertEquals("--table fsync: no such table; use one of sync-write, pg, file-create, group-commit, other, lock-step", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> CsvTables.chosen(one, "group-commit"));
        assertEquals("--table group-commit: these results have no group-commit rows; pick one of sync-write", e.getMessage());
    }

    private static CsvTable tableOf(Path file) {
        return Arrays.stream(CsvTable.values()).filter(k -> k.fileName().equals(file.getFileName().toString())).findFirst().orElseThrow();
    }

    /** The table a row of this JMH benchmark belongs in: its family's, or "other" for anything not durabench's. */
    private static CsvTable tableOfBenchmark(String jmhName) {
        return Catalogue.benchmark(jmhName).filter(b -> b.family().methodAxis() != null)
                .map(b -> CsvTable.of(b.family())).orElse(CsvTable.OTHER);
    }

    private static int expectedRows(Report report, CsvTable t) {
        return switch (t) {
            case GROUP_COMMIT -> report.groupCommitRows().size();
            case OTHER -> report.plainRows().size();
            case LOCK_STEP -> report.references().stream().mapToInt(rc -> rc.entries().size()).sum();
            default -> (int) report.rows().stream().filter(r -> CsvTable.of(r.cell().family()) == t).count();
        };
    }
}
