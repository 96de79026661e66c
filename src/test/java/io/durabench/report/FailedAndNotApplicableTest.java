package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.report.render.CsvTable;
import io.durabench.report.render.CsvTables;
import io.durabench.report.render.JsonRenderer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A cell that FAILED is shown as FAILED with its error in every format, never as n/a; an n/a stays n/a. */
class FailedAndNotApplicableTest {
    private static final String ERROR = "EIO: fsync failed: EIO (I/O error) on /data/durabench-fsync-1.log";

    @Test
    void theFailedCellIsFailedAndTheRefusedOneIsNotApplicable() {
        Report report = Fixtures.report("failed-cell");
        ReportRow fsync = row(report, "FSYNC");
        assertEquals(ERROR, fsync.failed());
        assertNull(fsync.na());
        assertFalse(fsync.measured());
        ReportRow direct = row(report, "O_DIRECT");
        assertNull(direct.failed());
        assertTrue(direct.na().startsWith("EINVAL: O_DIRECT needs"), direct.na());
    }

    @Test
    void everyFormatSaysFailedWithTheError() {
        Report report = Fixtures.report("failed-cell");
        String text = Rendered.text(report);
        assertTrue(text.lines().anyMatch(l -> l.matches(".*\\bFSYNC\\s+FAILED: " + java.util.regex.Pattern.quote(ERROR) + "\\s*")), text);
        // Markdown: a mark in the row, the error whole in the note under its table.
        String md = Rendered.markdown(report, List.of());
        java.util.regex.Matcher mark = java.util.regex.Pattern.compile("\\| FSYNC \\| FAILED(\\p{No}+) \\|").matcher(md);
        assertTrue(mark.find(), md);
        assertTrue(md.contains("* " + mark.group(1) + " FAILED: " + ERROR + "\n"), md);
        assertFalse(md.contains("n/a: " + ERROR), md);
        assertFalse(Rendered.text(report).contains("n/a: " + ERROR));

        List<String> csv = CsvTables.render(report, CsvTable.SYNC_WRITE).lines().toList();
        List<String> header = List.of(csv.get(0).split(","));
        String fsyncLine = csv.stream().filter(l -> l.contains(",FSYNC,")).findFirst().orElseThrow();
        assertTrue(fsyncLine.endsWith(",," + ERROR), fsyncLine);
        assertEquals("failed", header.get(header.size() - 1));

        JsonObject json = JsonParser.parseString(JsonRenderer.render(report)).getAsJsonObject();
        JsonObject fsync = json.getAsJsonArray("rows").asList().stream().map(e -> e.getAsJsonObject())
                .filter(o -> o.get("method").getAsString().equals("FSYNC")).findFirst().orElseThrow();
        assertEquals(ERROR, fsync.get("failed").getAsString());
        assertTrue(fsync.get("na").isJsonNull());
        assertTrue(fsync.get("meanUs").isJsonNull());
    }

    private static ReportRow row(Report report, String method) {
        return report.rows().stream().filter(r -> r.method().equals(method)).findFirst().orElseThrow();
    }
}
