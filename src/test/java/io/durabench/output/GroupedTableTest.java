package io.durabench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The grouped table: heading lines, columns left out where empty, long names shortened into a note
 * where a table would not fit, rows without figures on their own line (text) or a mark and a note (Markdown).
 */
class GroupedTableTest {
    record Row(String name, String mean, String ci, String p99, String why) {
    }

    private static List<Column<Row>> columns() {
        return List.of(
                Column.text("method", "Method", Row::name),
                Column.number("µs [99.9% CI]", "Mean", Row::mean),
                Column.joined("CI", Row::ci),
                Column.<Row>number("p99", "p99", Row::p99).hiddenWhenEmpty(),
                Column.text("durable", "Durable", r -> "yes"));
    }

    private static GroupedTable<Row> table() {
        return new GroupedTable<>(columns(), Row::why);
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
        String md = t.markdown();
        assertTrue(md.contains("| Method | Mean | Durable |") && md.contains("| Method | Mean | p99 | Durable |"), md);
        assertTrue(md.contains("| FSYNC | 300.0 [280.0, 320.0] | 900.0 | yes |"), "a value and its interval in one cell: " + md);
    }

    @Test
    void aTableTooWideShortensItsLongNamesIntoANoteAndKeepsEveryColumn() {
        GroupedTable<Row> t = table();
        String longName = "M".repeat(85);
        t.add("Group", "bench", List.of(new Row(longName, "300.0", "[280.0, 320.0]", "900.0", null),
                new Row("FSYNC", "310.0", "[290.0, 330.0]", "950.0", null)), List.of());
        List<String> lines = t.text().lines().toList();
        assertTrue(lines.stream().allMatch(l -> l.length() <= Wrap.WIDTH), lines.toString());
        assertTrue(lines.get(0).contains("p99"), "a chosen column stays: " + lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  " + "M".repeat(GroupedTable.LONG_NAME - 1) + "…¹ ")), lines.toString());
        assertTrue(lines.contains("  ¹ " + longName), "the note holds the name whole: " + lines);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  FSYNC ")), "a short name stays as it is");
        List<String> md = t.markdown().lines().toList();
        assertTrue(md.stream().filter(l -> l.startsWith("|")).allMatch(l -> l.length() <= Wrap.WIDTH), md.toString());
        assertTrue(md.contains("* ¹ " + longName), md.toString());
    }

    @Test
    void aShortFormIsTriedBeforeANameIsCut() {
        GroupedTable<Row> t = new GroupedTable<>(columns(), Row::why, r -> r.name().startsWith("NONE") ? "NONE (baseline)" : null);
        String label = "NONE (baseline, from 1 write per sync)";
        String wide = "[" + "9".repeat(40) + ", " + "9".repeat(40) + "]";
        t.add("Group", "bench", List.of(new Row(label, "3.00", wide, "", null)), List.of());
        List<String> lines = t.text().lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  NONE (baseline)¹ ")), lines.toString());
        assertTrue(lines.contains("  ¹ " + label), lines.toString());
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
        // Markdown: a mark where the figures would be, each reason once in a note under the table.
        String md = t.markdown();
        assertTrue(md.contains("| O_DIRECT | n/a¹ |  |\n| O_DIRECT_DSYNC | n/a¹ |  |\n| FSYNC | FAILED² |  |"), md);
        assertTrue(md.contains("* ¹ " + reason + "\n* ² " + error + "\n"), md);
    }
}
