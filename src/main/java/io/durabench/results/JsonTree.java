package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.EOFException;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;

/**
 * Reads one JSON document into Gson's tree, refusing what Gson's own parser lets through silently:
 * a key twice in one object (Gson keeps the last value, so a file holding two different scores for
 * one entry would be read as one of them without a word), nesting deeper than any results file
 * goes (a stack overflow is not an error message), and anything after the document. Otherwise as
 * lenient as Gson's parser, because other tools write JMH-style JSON with bare NaN and the like.
 */
final class JsonTree {
    /** JMH's deepest structure (rawDataHistogram: entry, metric, forks, iterations, pairs) is 7 levels. */
    static final int MAX_DEPTH = 64;

    private JsonTree() {
    }

    /** The problem and where it is (Gson's path, e.g. {@code $[0].primaryMetric.score}). */
    static final class Malformed extends Exception {
        Malformed(String message) {
            super(message);
        }
    }

    /** The document in {@code reader}, or null for an empty one. */
    static JsonElement read(Reader reader) throws IOException, Malformed {
        JsonReader in = new JsonReader(reader);
        in.setStrictness(Strictness.LENIENT);
        try {
            if (in.peek() == JsonToken.END_DOCUMENT) return null;
        } catch (EOFException onlyWhitespace) {
            return null;
        }
        JsonElement root = value(in, 0);
        if (in.peek() != JsonToken.END_DOCUMENT) {
            throw new Malformed("more after the end of the JSON document at " + in.getPath());
        }
        return root;
    }

    private static JsonElement value(JsonReader in, int depth) throws IOException, Malformed {
        if (depth > MAX_DEPTH) throw new Malformed("nested deeper than " + MAX_DEPTH + " levels, deeper than any results file");
        switch (in.peek()) {
            case BEGIN_ARRAY -> {
                JsonArray array = new JsonArray();
                in.beginArray();
                while (in.hasNext()) array.add(value(in, depth + 1));
                in.endArray();
                return array;
            }
            case BEGIN_OBJECT -> {
                JsonObject object = new JsonObject();
                in.beginObject();
                while (in.hasNext()) {
                    String name = in.nextName();
                    if (object.has(name)) throw new Malformed("key \"" + name + "\" appears twice at " + in.getPath());
                    object.add(name, value(in, depth + 1));
                }
                in.endObject();
                return object;
            }
            case STRING -> {
                return new JsonPrimitive(in.nextString());
            }
            case NUMBER -> {
                String text = in.nextString();
                try {
                    return new JsonPrimitive(new BigDecimal(text));
                } catch (NumberFormatException | ArithmeticException e) {
                    // Lenient JSON reads NaN and Infinity as numbers; the readers treat them as JMH's "NaN" strings.
                    return new JsonPrimitive(text);
                }
            }
            case BOOLEAN -> {
                return new JsonPrimitive(in.nextBoolean());
            }
            case NULL -> {
                in.nextNull();
                return JsonNull.INSTANCE;
            }
            default -> throw new Malformed("unexpected " + in.peek() + " at " + in.getPath());
        }
    }
}
