package io.durabench.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import io.durabench.testing.Requires;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Reads CSV files with Python's csv.DictReader, as a reader of the report would (pandas and R read
 * the same dialect): per file its header and, per row, the keys DictReader made (an extra cell
 * shows as a null key, a missing one as a null value) and the values. Skips, saying why, where
 * python3 is missing.
 */
final class PythonCsv {
    private static final String SCRIPT = String.join("\n",
            "import csv, json, sys",
            "out = []",
            "for path in sys.argv[1:]:",
            "    with open(path, newline='', encoding='utf-8') as f:",
            "        r = csv.DictReader(f)",
            "        rows = [{'keys': list(row.keys()), 'values': list(row.values())} for row in r]",
            "        out.append({'header': r.fieldnames, 'rows': rows})",
            "print(json.dumps(out))");

    /** One file as DictReader saw it. */
    record Read(List<String> header, List<List<String>> keys, List<List<String>> values) {
    }

    private PythonCsv() {
    }

    static List<Read> read(List<Path> files) throws IOException, InterruptedException {
        Requires.command("python3", "python3");
        List<String> command = new ArrayList<>(List.of("python3", "-c", SCRIPT));
        files.forEach(f -> command.add(f.toString()));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String json = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) p.destroyForcibly();
        assertEquals(0, p.exitValue(), "python3 read " + files + ": " + json);
        List<Read> out = new ArrayList<>();
        for (var e : JsonParser.parseString(json).getAsJsonArray()) {
            var o = e.getAsJsonObject();
            List<List<String>> keys = new ArrayList<>(), values = new ArrayList<>();
            for (var row : o.getAsJsonArray("rows")) {
                keys.add(strings(row.getAsJsonObject().getAsJsonArray("keys")));
                values.add(strings(row.getAsJsonObject().getAsJsonArray("values")));
            }
            out.add(new Read(o.get("header").isJsonNull() ? List.of() : strings(o.getAsJsonArray("header")), keys, values));
        }
        return out;
    }

    private static List<String> strings(JsonArray a) {
        List<String> out = new ArrayList<>();
        a.forEach(x -> out.add(x.isJsonNull() ? null : x.isJsonArray() ? x.toString() : x.getAsString()));
        return out;
    }
}
