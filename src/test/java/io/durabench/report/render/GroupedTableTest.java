package io.durabench.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The grouped text table: heading lines, columns left out where empty or too wide, rows without figures on their own line. */
class GroupedTableTest {
    record Row(String name, String mean, String ci, String p99, String why) {
    }

    private static GroupedTable<Row> table() {
        return new GroupedTable<>(List.of(
                Column.text("method", "Method", Row::name),
                Column.number("µs [99.9% CI]", "Mean", Row::mean),
                Column.joined("CI", Row::ci),
                Column.<Row>number("p99", "p99", Row::p99).hiddenWhenEmpty(),
                Column.text("durable", "Durable", r -> "yes")), Row::why);
    }

    @Test
    void headingsInsteadOfAGroupColumnAndEmptyColumnsLeftOut() {
        GroupedTable<Row> t = table();
        t.add("Group A, 8 KiB", "bench", List.of(new Row("FSYNC", "300.0", "[280.0, 320.0]", "", null)), List.of("a note"));
        t.add("Group B, 8 KiB", "bench", List.of(new Row("FSYNC", "300.0", "[280.0, 320.0]", "900.0", null)), List.of());
        List<String> lines = t.text().lines().toList();
        assertEquals("Group A, 8 KiB", lines.get(2), lines.toString());
        assertTrue(lines.get(0).contains("µs [99.9% CI]") && !lines.get(0).contains("p99"), "no p99 where it is empty: " + lines);
        assertEquals("  a note", lines.get(4));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  method") && l.contains("p99")), "group B has its own header with p99");
        assertTrue(t.markdown().contains("| Method | Mean | CI | p99 | Durable |"), "Markdown keeps every column");
    }

    @Test
    void aTableTooWideGivesUpItsOptionalColumnsNeverTheIntervals() {
        GroupedTable<Row> t = table();
        String longName = "M".repeat(85);
        t.add("Group", "bench", List.of(new Row(longName, "300.0", "[280.0, 320.0]", "900.0", null)), List.of());
        List<String> lines = t.text().lines().toList();
        assertTrue(lines.stream().allMatch(l -> l.length() <= Wrap.WIDTH), lines.toString());
        assertFalse(lines.get(0).contains("p99"), lines.get(0));
        assertTrue(lines.get(2).startsWith("  (p99 left out to keep 120 columns"), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("[280.0, 320.0]")), "the interval stays");
    }

    @Test
    void rowsWithoutFiguresAreLinesOfTheirOwnAndFailedIsNeverWrapped() {
        GroupedTable<Row> t = table();
        String reason = "n/a: " + "no block device behind tmpfs ".repeat(6);
        String error = "FAILED: EIO: fsync failed: EIO (I/O error) on /" + "very-long-directory-name/".repeat(6) + "log";
        t.add("Group", "bench", List.of(new Row("NONE", "3.00", "[2.00, 4.00]", "", null), new Row("O_DIRECT", "", "", "", reason),
                new Row("O_DIRECT_DSYNC", "", "", "", reason), new Row("FSYNC", "", "", "", error)), List.of());
        List<String> lines = t.text().lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  O_DIRECT, O_DIRECT_DSYNC  n/a: no block device")), lines.toString());
        assertTrue(lines.stream().filter(l -> l.contains("n/a") || l.startsWith("     ")).allMatch(l -> l.length() <= Wrap.WIDTH), "n/a wraps");
        assertTrue(lines.stream().anyMatch(l -> l.matches("  FSYNC\\s+" + java.util.regex.Pattern.quote(error))), "FAILED whole: " + lines);
        assertEquals(1, lines.stream().filter(l -> l.contains("NONE")).count());
    }
}
