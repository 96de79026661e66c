package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.catalogue.Catalogue;
import io.durabench.report.render.CsvTable;
import io.durabench.report.render.CsvTables;
import io.durabench.report.render.JsonRenderer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The CSV tables and report.json say the same thing, read back from the RENDERED text (not from
 * the field list both are written from): each table's rows are the JSON rows of its kind, in order;
 * every JSON field is a CSV column and holds the same value, and JSON's "params" object is spread
 * into one column per parameter (empty where the row does not fix it, the JSON's value where it does).
 */
class CsvAndJsonAgreeTest {

    @Test
    void perWriteRowsAgree() {
        assertEveryTableAgrees(Fixtures.report("real-run", "failed-cell", "tmpfs", "xfs-quick"));
    }

    @Test
    void groupCommitAndOtherRowsAgree() {
        assertEveryTableAgrees(Fixtures.report("group-commit", "jmh-samples/sample27-params-avgt.json"));
    }

    private static void assertEveryTableAgrees(Report report) {
        JsonObject json = JsonParser.parseString(JsonRenderer.render(report)).getAsJsonObject();
        List<CsvTable> present = CsvTables.present(report);
        assertTrue(present.size() >= 2, present.toString());
        for (CsvTable t : present) assertAgree(t, CsvTables.render(report, t), jsonRows(json, t));
    }

    /** The JSON rows a table holds: "rows" of its families, "groupCommit", or "otherResults". */
    private static List<JsonObject> jsonRows(JsonObject json, CsvTable t) {
        List<JsonObject> out = new ArrayList<>();
        String array = switch (t) {
            case GROUP_COMMIT -> "groupCommit";
            case OTHER -> "otherResults";
            default -> "rows";
        };
        for (JsonElement e : json.getAsJsonArray(array)) {
            JsonObject o = e.getAsJsonObject();
            boolean mine = array.equals("rows")
                    ? Catalogue.benchmark(o.get("benchmark").getAsString()).map(b -> CsvTable.of(b.family()) == t).orElse(false)
                    : true;
            if (mine) out.add(o);
        }
        return out;
    }

    private static void assertAgree(CsvTable t, String csv, List<JsonObject> rows) {
        List<List<String>> table = parseCsv(csv);
        assertFalse(rows.isEmpty(), t + ": fixture has rows");
        assertEquals(rows.size() + 1, table.size(), t + ": one CSV line per JSON row");
        List<String> header = table.get(0);
        for (String key : rows.get(0).keySet()) {
            if (!key.equals("params")) assertTrue(header.contains(key), t + ": JSON field " + key + " is a CSV column");
        }
        for (int i = 0; i < rows.size(); i++) {
            JsonObject row = rows.get(i);
            JsonObject params = row.getAsJsonObject("params");
            for (String p : params.keySet()) assertTrue(header.contains(p) || header.contains("param_" + p), t + ": parameter " + p);
            for (int c = 0; c < header.size(); c++) {
                String key = header.get(c), cell = table.get(i + 1).get(c);
                JsonElement expected = row.has(key) ? row.get(key) : params.get(key.startsWith("param_") ? key.substring(6) : key);
                assertSame(expected, cell, t + " row " + i + " field " + key);
            }
        }
    }

    /** A JSON value as the CSV holds it: absent or null empty, numbers equal by value (the CSV never writes an exponent). */
    private static void assertSame(JsonElement e, String cell, String what) {
        if (e == null || e.isJsonNull()) {
            assertEquals("", cell, what);
        } else if (e.getAsJsonPrimitive().isNumber()) {
            assertEquals(e.getAsDouble(), Double.parseDouble(cell), 0.0, what);
        } else {
            assertEquals(e.getAsString(), cell, what);
        }
    }

    /** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
    private static List<List<String>> parseCsv(String text) {
        List<List<String>> lines = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (quoted && ch == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                f.append('"');
                i++;
            } else if (ch == '"') {
                quoted = !quoted;
            } else if (ch == ',' && !quoted) {
                fields.add(f.toString());
                f.setLength(0);
            } else if (ch == '\n' && !quoted) {
                fields.add(f.toString());
                f.setLength(0);
                lines.add(fields);
                fields = new ArrayList<>();
            } else {
                f.append(ch);
            }
        }
        return lines;
    }
}
