package io.durabench.env;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * Reading typed fields of durabench's own JSON records: a missing or null field is null (older or
 * partial files stay readable); a field of the wrong type is an error naming the field, never a
 * ClassCastException or a silently wrong value. And writing a list as an array ({@link #arrayOf}).
 */
public final class JsonFields {
    private JsonFields() {
    }

    /** Strings, numbers, booleans and JSON elements (null as JSON's null) as an array, in their order. */
    public static JsonArray arrayOf(Iterable<?> values) {
        JsonArray a = new JsonArray();
        for (Object v : values) {
            if (v instanceof JsonElement e) a.add(e);
            else if (v instanceof Number n) a.add(n);
            else if (v instanceof Boolean b) a.add(b);
            else a.add((String) v);
        }
        return a;
    }

    public static JsonObject object(JsonObject o, String name) {
        JsonElement e = field(o, name);
        if (e == null) return null;
        if (!e.isJsonObject()) throw wrongType(name, "an object", e);
        return e.getAsJsonObject();
    }

    public static JsonArray array(JsonObject o, String name) {
        JsonElement e = field(o, name);
        if (e == null) return null;
        if (!e.isJsonArray()) throw wrongType(name, "a list", e);
        return e.getAsJsonArray();
    }

    /** Text: a JSON string (a number or true/false where text belongs is a wrong type, not text). */
    public static String string(JsonObject o, String name) {
        JsonElement e = field(o, name);
        if (e == null) return null;
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) throw wrongType(name, "a string", e);
        return e.getAsString();
    }

    /** A whole number that may exceed an int (sizes in bytes). */
    public static Long whole(JsonObject o, String name) {
        JsonElement e = field(o, name);
        if (e == null) return null;
        if (e.isJsonPrimitive()) {
            try {
                return Long.parseLong(e.getAsString().trim());
            } catch (NumberFormatException ignored) {
                // falls through to the error below
            }
        }
        throw wrongType(name, "a whole number", e);
    }

    /** A whole number, written as a JSON number or a numeric string ("NaN" or 1.5 is a wrong type). */
    public static Integer integer(JsonObject o, String name) {
        Long v = whole(o, name);
        if (v == null || v == v.intValue()) return v == null ? null : v.intValue();
        throw wrongType(name, "a whole number", field(o, name));
    }

    /** A finite JSON number (a string, or NaN written as one, is a wrong type). */
    public static Double number(JsonObject o, String name) {
        JsonElement e = field(o, name);
        if (e == null) return null;
        if (e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber() && Double.isFinite(e.getAsDouble())) return e.getAsDouble();
        throw wrongType(name, "a number", e);
    }

    public static Boolean bool(JsonObject o, String name) {
        JsonElement e = field(o, name);
        if (e == null) return null;
        if (e.isJsonPrimitive() && e.getAsJsonPrimitive().isBoolean()) return e.getAsBoolean();
        throw wrongType(name, "true or false", e);
    }

    private static JsonElement field(JsonObject o, String name) {
        if (o == null) return null;
        JsonElement e = o.get(name);
        return e == null || e.isJsonNull() ? null : e;
    }

    private static IllegalArgumentException wrongType(String name, String expected, JsonElement got) {
        return new IllegalArgumentException("field \"" + name + "\" should be " + expected + ", not " + shown(got));
    }

    /** A value as it reads in the file, cut at 40 characters: enough to recognise it in a one-line message. */
    public static String shown(JsonElement value) {
        String shown = value.toString();
        return shown.length() > 40 ? shown.substring(0, 40) + "..." : shown;
    }
}
