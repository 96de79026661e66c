package io.durabench.cli;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Random damage to a real JSON file, the kinds a hand edit, a bug, a full disk or a different tool
 * does: a field deleted, a value of another type (text for a number, an object for a param, "NaN"
 * for a count, a huge or negative number), members reordered, array entries dropped or doubled, a key
 * written twice, the text cut short, a byte changed. Deterministic for a given {@link Random}.
 */
final class JsonMutator {
    private final Random random;
    private final List<String> done = new ArrayList<>();

    JsonMutator(Random random) {
        this.random = random;
    }

    /** What the mutations did, in order, for the failure message. */
    List<String> done() {
        return done;
    }

    /** The bytes of {@code original} after one to three mutations: first of the tree, then (once the text is damaged) of the bytes. */
    byte[] mutate(String original) {
        JsonElement root = JsonParser.parseString(original);
        int count = 1 + random.nextInt(3);
        int i = 0;
        for (; i < count && random.nextInt(100) < 75; i++) treeMutation(root);
        byte[] bytes = print(root).getBytes(StandardCharsets.UTF_8);
        for (; i < count; i++) bytes = textMutation(bytes);
        return bytes;
    }

    private String print(JsonElement root) {
        return new GsonBuilder().serializeNulls().disableHtmlEscaping().create().toJson(root);
    }

    /** A place in the tree: a member of an object or an element of an array. */
    private record Slot(JsonElement parent, String key, int index, String path) {
        JsonElement get() {
            return parent.isJsonObject() ? parent.getAsJsonObject().get(key) : parent.getAsJsonArray().get(index);
        }

        void set(JsonElement value) {
            if (parent.isJsonObject()) parent.getAsJsonObject().add(key, value);
            else parent.getAsJsonArray().set(index, value);
        }

        void remove() {
            if (parent.isJsonObject()) parent.getAsJsonObject().remove(key);
            else parent.getAsJsonArray().remove(index);
        }
    }

    /** The members of an object or the elements of an array, as slots. */
    private static List<Slot> children(JsonElement e, String path) {
        List<Slot> slots = new ArrayList<>();
        if (e.isJsonObject()) {
            for (String key : e.getAsJsonObject().keySet()) slots.add(new Slot(e, key, -1, path + "." + key));
        } else if (e.isJsonArray()) {
            for (int i = 0; i < e.getAsJsonArray().size(); i++) slots.add(new Slot(e, null, i, path + "[" + i + "]"));
        }
        return slots;
    }

    /**
     * A random place found by walking down from the root and stopping at each level with chance
     * 1/3: the named fields near the top (benchmark, params, score) are hit as often as the
     * thousands of raw numbers below them, and a huge file costs no more than a small one.
     */
    private Slot randomSlot(JsonElement root) {
        List<Slot> level = children(root, "$");
        if (level.isEmpty()) return null;
        while (true) {
            Slot s = level.get(random.nextInt(level.size()));
            List<Slot> below = children(s.get(), s.path());
            if (below.isEmpty() || random.nextInt(3) == 0) return s;
            level = below;
        }
    }

    private void treeMutation(JsonElement root) {
        Slot s = randomSlot(root);
        if (s == null) {
            done.add("nothing to change in " + root);
            return;
        }
        JsonElement old = s.get();
        switch (random.nextInt(6)) {
            case 0 -> {
                s.remove();
                done.add("deleted " + s.path());
            }
            case 1, 2 -> {
                JsonElement v = otherValue(old);
                s.set(v);
                done.add("set " + s.path() + " from " + shorten(old) + " to " + shorten(v));
            }
            case 3 -> {
                if (old.isJsonObject()) {
                    JsonObject o = old.getAsJsonObject();
                    List<String> keys = new ArrayList<>(o.keySet());
                    Collections.shuffle(keys, random);
                    JsonObject shuffled = new JsonObject();
                    for (String k : keys) shuffled.add(k, o.get(k));
                    s.set(shuffled);
                    done.add("reordered the members of " + s.path());
                } else if (old.isJsonArray()) {
                    List<JsonElement> items = new ArrayList<>(old.getAsJsonArray().asList());
                    Collections.shuffle(items, random);
                    JsonArray shuffled = new JsonArray();
                    items.forEach(shuffled::add);
                    s.set(shuffled);
                    done.add("reordered the elements of " + s.path());
                } else {
                    s.set(otherValue(old));
                    done.add("replaced " + s.path());
                }
            }
            case 4 -> {
                if (old.isJsonArray() && !old.getAsJsonArray().isEmpty()) {
                    JsonArray a = old.getAsJsonArray();
                    if (random.nextBoolean()) {
                        a.remove(random.nextInt(a.size()));
                        done.add("dropped an element of " + s.path());
                    } else {
                        a.add(a.get(random.nextInt(a.size())).deepCopy());
                        done.add("doubled an element of " + s.path());
                    }
                } else {
                    s.set(JsonNull.INSTANCE);
                    done.add("set " + s.path() + " to null");
                }
            }
            default -> {
                s.set(old.isJsonPrimitive() && old.getAsJsonPrimitive().isNumber() ? numberLike() : otherValue(old));
                done.add("changed " + s.path() + " to " + shorten(s.get()));
            }
        }
    }

    /** A value of a different kind than {@code old}, from the ones real damage produces. */
    private JsonElement otherValue(JsonElement old) {
        return switch (random.nextInt(9)) {
            case 0 -> new JsonPrimitive("abc");
            case 1 -> new JsonPrimitive("NaN");
            case 2 -> numberLike();
            case 3 -> new JsonObject();
            case 4 -> {
                JsonObject o = new JsonObject();
                o.addProperty("x", 1);
                yield o;
            }
            case 5 -> new JsonArray();
            case 6 -> new JsonPrimitive(random.nextBoolean());
            case 7 -> old.isJsonPrimitive() ? new JsonPrimitive(old.getAsString() + "x") : JsonNull.INSTANCE;
            default -> new JsonPrimitive("");
        };
    }

    /** Numbers at the edges: zero, negative, huge, beyond double, non-whole, and the JMH strings. */
    private JsonElement numberLike() {
        return switch (random.nextInt(10)) {
            case 0 -> new JsonPrimitive(0);
            case 1 -> new JsonPrimitive(-1);
            case 2 -> new JsonPrimitive(1e308);
            case 3 -> new JsonPrimitive(new java.math.BigDecimal("1e400"));
            case 4 -> new JsonPrimitive(new java.math.BigInteger("99999999999999999999999"));
            case 5 -> new JsonPrimitive(0.5);
            case 6 -> new JsonPrimitive("+INF");
            case 7 -> new JsonPrimitive("-INF");
            case 8 -> new JsonPrimitive(Long.MAX_VALUE);
            default -> new JsonPrimitive(random.nextGaussian() * 1e6);
        };
    }

    private byte[] textMutation(byte[] bytes) {
        if (bytes.length == 0) {
            done.add("left empty");
            return bytes;
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        switch (random.nextInt(4)) {
            case 0 -> {
                int at = random.nextInt(bytes.length);
                done.add("cut at byte " + at + " of " + bytes.length);
                return java.util.Arrays.copyOf(bytes, at);
            }
            case 1 -> {
                int brace = text.indexOf('{', random.nextInt(text.length()));
                if (brace < 0) brace = text.indexOf('{');
                int quote = brace < 0 ? -1 : text.indexOf('"', brace);
                int end = quote < 0 ? -1 : text.indexOf('"', quote + 1);
                if (end < 0) {
                    done.add("found no key to write twice");
                    return bytes;
                }
                String key = text.substring(quote + 1, end);
                done.add("wrote key \"" + key + "\" twice at character " + brace);
                return (text.substring(0, brace + 1) + "\"" + key + "\": 1, " + text.substring(brace + 1)).getBytes(StandardCharsets.UTF_8);
            }
            case 2 -> {
                byte[] changed = bytes.clone();
                int at = random.nextInt(changed.length);
                changed[at] = (byte) random.nextInt(256);
                done.add("changed the byte at " + at + " to " + (changed[at] & 0xff));
                return changed;
            }
            default -> {
                int at = random.nextInt(text.length());
                String junk = List.of(",", "]", "}", "\"", "NaN", "{\"a\":", "\u0000", "\u00ff").get(random.nextInt(8));
                done.add("inserted " + shorten(new JsonPrimitive(junk)) + " at character " + at);
                return (text.substring(0, at) + junk + text.substring(at)).getBytes(StandardCharsets.UTF_8);
            }
        }
    }

    private static String shorten(JsonElement e) {
        String s = String.valueOf(e);
        return s.length() > 50 ? s.substring(0, 50) + "..." : s;
    }
}
