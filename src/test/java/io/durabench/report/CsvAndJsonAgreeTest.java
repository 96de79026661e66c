package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.report.render.CsvRenderer;
import io.durabench.report.render.JsonRenderer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * report.csv and report.json say the same thing: read back from the RENDERED text (not from the
 * field list they are written from), the CSV header is the JSON rows' keys in order, and every
 * cell holds the same value as the JSON field.
 */
class CsvAndJsonAgreeTest {

    @Test
    void perWriteRowsAgree() {
        Report report = Fixtures.report("real-run", "failed-cell", "tmpfs");
        JsonObject json = JsonParser.parseString(JsonRenderer.render(report)).getAsJsonObject();
        assertAgree(CsvRenderer.render(report), json.getAsJsonArray("rows"));
    }

    @Test
    void groupCommitRowsAgree() {
        Report report = Fixtures.report("group-commit");
        JsonObject json = JsonParser.parseString(JsonRenderer.render(report)).getAsJsonObject();
        assertAgree(CsvRenderer.renderGroupCommit(report), json.getAsJsonArray("groupCommit"));
    }

    private static void assertAgree(String csv, JsonArray rows) {
        List<List<String>> table = parseCsv(csv);
        assertTrue(rows.size() > 0, "fixture has rows");
        assertEquals(rows.size() + 1, table.size(), "one CSV line per JSON row");
        List<String> header = table.get(0);
        assertEquals(new ArrayList<>(rows.get(0).getAsJsonObject().keySet()), header, "CSV header = JSON keys, in order");
        for (int i = 0; i < rows.size(); i++) {
            JsonObject row = rows.get(i).getAsJsonObject();
            for (int c = 0; c < header.size(); c++) {
                String key = header.get(c), cell = table.get(i + 1).get(c);
                assertEquals(asCsv(row.get(key)), cell, "row " + i + " field " + key);
            }
        }
    }

    /** How a JSON value reads in the CSV: null empty, params as "k=v, k=v", numbers by value. */
    private static String asCsv(JsonElement e) {
        if (e.isJsonNull()) return "";
        if (e.isJsonObject()) {
            List<String> parts = new ArrayList<>();
            for (Map.Entry<String, JsonElement> kv : e.getAsJsonObject().entrySet()) parts.add(kv.getKey() + "=" + kv.getValue().getAsString());
            return String.join(", ", parts);
        }
        return e.getAsString();
    }

    /** RFC 4180: quoted fields may hold commas and doubled quotes. */
    private static List<List<String>> parseCsv(String text) {
        List<List<String>> lines = new ArrayList<>();
        for (String line : text.split("\n")) {
            List<String> fields = new ArrayList<>();
            StringBuilder f = new StringBuilder();
            boolean quoted = false;
            for (int i = 0; i < line.length(); i++) {
                char ch = line.charAt(i);
                if (quoted && ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    f.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = !quoted;
                } else if (ch == ',' && !quoted) {
                    fields.add(f.toString());
                    f.setLength(0);
                } else {
                    f.append(ch);
                }
            }
            fields.add(f.toString());
            lines.add(fields);
        }
        return lines;
    }
}
