package io.durabench.child;

import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * How a child tells its parent what it measured: one line per result on stdout, the prefix
 * {@value #PREFIX} then one JSON object. A JVM may print its own warnings on stdout too; the prefix
 * keeps them apart, and a line that does not parse is the child's bug, named with the line.
 */
public final class ResultLines {
    public static final String PREFIX = "durabench-result ";

    private ResultLines() {
    }

    /** Prints one result and flushes, so a child killed later has still said it. */
    public static void print(PrintStream out, JsonObject result) {
        out.println(PREFIX + result);
        out.flush();
    }

    /** Every result among {@code lines}, in order. */
    public static List<JsonObject> parse(List<String> lines) {
        List<JsonObject> out = new ArrayList<>();
        for (String l : lines) {
            if (!l.startsWith(PREFIX)) continue;
            try {
                out.add(JsonParser.parseString(l.substring(PREFIX.length())).getAsJsonObject());
            } catch (JsonParseException | IllegalStateException e) {
                throw new IllegalStateException("a child printed a result line that is not a JSON object: " + l, e);
            }
        }
        return out;
    }

    /** The message of {@code e} on one line (a result's "error" field). */
    public static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replace('\n', ' ').replace('\t', ' ');
    }
}
