package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.math.BigDecimal;
import java.nio.file.Path;

/**
 * The typed fields of one entry of a JMH JSON file, each checked against what JMH writes: a field
 * of the wrong type (a number where JMH writes text, an object as a param value, "NaN" where JMH
 * writes a count) is a {@link ResultsFileException} naming the file, the entry and the field, never
 * a ClassCastException and never a value quietly read as something else. An absent field is null,
 * because JMH versions differ in what they write.
 */
final class JmhFields {
    private final Path file;
    private final String entry;

    /** @param entry where in the file, e.g. "entry 3" */
    JmhFields(Path file, String entry) {
        this.file = file;
        this.entry = entry;
    }

    /** The same checks one level down, e.g. in "entry 3, primaryMetric". */
    JmhFields in(String name) {
        return new JmhFields(file, entry + ", " + name);
    }

    /** Text: a JSON string. */
    String text(JsonObject o, String name) {
        JsonElement e = present(o, name);
        if (e == null) return null;
        if (!(e instanceof JsonPrimitive p) || !p.isString()) throw wrong(name, "text", e);
        return p.getAsString();
    }

    String requiredText(JsonObject o, String name) {
        String s = text(o, name);
        if (s == null || s.isBlank()) throw missing(name);
        return s;
    }

    JsonObject object(JsonObject o, String name) {
        JsonElement e = present(o, name);
        if (e == null) return null;
        if (!e.isJsonObject()) throw wrong(name, "an object", e);
        return e.getAsJsonObject();
    }

    JsonObject requiredObject(JsonObject o, String name) {
        JsonObject v = object(o, name);
        if (v == null) throw missing(name);
        return v;
    }

    JsonArray array(JsonObject o, String name) {
        JsonElement e = present(o, name);
        if (e == null) return null;
        if (!e.isJsonArray()) throw wrong(name, "an array", e);
        return e.getAsJsonArray();
    }

    /** A count such as threads or forks: a whole JSON number from 0 to Integer.MAX_VALUE. */
    Integer count(JsonObject o, String name) {
        JsonElement e = present(o, name);
        if (e == null) return null;
        long v = whole(name, e);
        if (v > Integer.MAX_VALUE) throw wrong(name, "a count up to " + Integer.MAX_VALUE, e);
        return (int) v;
    }

    /** A whole JSON number ≥ 0 (a count of samples in a histogram can exceed an int). */
    long whole(String name, JsonElement e) {
        if (e instanceof JsonPrimitive p && p.isNumber()) {
            try {
                long v = new BigDecimal(p.getAsString()).longValueExact();
                if (v >= 0) return v;
            } catch (NumberFormatException | ArithmeticException notWhole) {
                // falls through to the error below
            }
        }
        throw wrong(name, "a whole number of at least 0", e);
    }

    /** A score: a JSON number, or the strings "NaN", "+INF" and "-INF" JMH writes for non-finite ones. */
    double number(String name, JsonElement e) {
        if (e instanceof JsonPrimitive p) {
            if (p.isNumber()) return new BigDecimal(p.getAsString()).doubleValue();
            if (p.isString()) {
                switch (p.getAsString().trim()) {
                    case "NaN":
                        return Double.NaN;
                    case "+INF", "INF", "Infinity", "+Infinity":
                        return Double.POSITIVE_INFINITY;
                    case "-INF", "-Infinity":
                        return Double.NEGATIVE_INFINITY;
                    default:
                        break;
                }
            }
        }
        throw wrong(name, "a number (or \"NaN\", \"+INF\", \"-INF\" as JMH writes them)", e);
    }

    /** A field that must be there and is not. */
    ResultsFileException missing(String name) {
        return problem("has no \"" + name + "\"");
    }

    ResultsFileException wrong(String name, String expected, JsonElement got) {
        String shown = got.toString();
        if (shown.length() > 40) shown = shown.substring(0, 40) + "...";
        return problem("\"" + name + "\" should be " + expected + ", not " + shown);
    }

    /** One line: the file, where in it, what is wrong, and the two ways out. */
    ResultsFileException problem(String what) {
        return new ResultsFileException(file + ": " + entry + ": " + what
                + "; JMH does not write that: re-create the file with JMH's -rf json, or correct that field");
    }

    private static JsonElement present(JsonObject o, String name) {
        JsonElement e = o.get(name);
        return e == null || e.isJsonNull() ? null : e;
    }
}
