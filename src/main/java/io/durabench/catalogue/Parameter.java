package io.durabench.catalogue;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One JMH {@code @Param} of a benchmark, typed: its name (which must equal the bench class's field),
 * its Java type, the values it may take, how text becomes a value (and back), and how a value reads
 * in a group heading ("8192 B", "prealloc ZERO_FILL"). JMH itself still sees plain strings; this is
 * the one place that says what they mean.
 *
 * @param <T> the field's type: an enum, Integer, Long, Boolean or String (a directory)
 */
public final class Parameter<T> {
    private final String name;
    private final Class<T> type;
    private final List<T> allowed;
    private final Function<String, T> parser;
    private final Function<T, String> labeler;

    private Parameter(String name, Class<T> type, List<T> allowed, Function<String, T> parser, Function<T, String> labeler) {
        this.name = name;
        this.type = type;
        this.allowed = allowed;
        this.parser = parser;
        this.labeler = labeler;
    }

    /** An enum parameter; {@code allowed} narrows the constants a benchmark accepts (empty = all). */
    public static <E extends Enum<E>> Parameter<E> ofEnum(String name, Class<E> type, Set<E> allowed, Function<E, String> labeler) {
        List<E> values = Arrays.stream(type.getEnumConstants()).filter(e -> allowed.isEmpty() || allowed.contains(e)).toList();
        String choices = values.stream().map(Enum::name).collect(Collectors.joining(", "));
        return new Parameter<>(name, type, values, text -> {
            for (E e : values) if (e.name().equals(text)) return e;
            for (E e : type.getEnumConstants()) {
                if (e.name().equals(text)) throw new InvalidValueException(name + "=" + text + " is not accepted here: use one of " + choices);
            }
            throw new InvalidValueException(name + "=" + text + " is unknown: use one of " + choices);
        }, labeler);
    }

    /** A whole number in [min, max]; {@code why} says where the bounds come from. */
    public static Parameter<Integer> ofInt(String name, int min, int max, String why, Function<Integer, String> labeler) {
        return new Parameter<>(name, Integer.class, List.of(), text -> {
            long v = parseWhole(name, text, min, max, why);
            if (v < min || v > max) throw new InvalidValueException(name + "=" + text + " is out of range: use " + min + ".." + max + " (" + why + ")");
            return (int) v;
        }, labeler);
    }

    public static Parameter<Long> ofLong(String name, long min, long max, String why, Function<Long, String> labeler) {
        return new Parameter<>(name, Long.class, List.of(), text -> {
            long v = parseWhole(name, text, min, max, why);
            if (v < min || v > max) throw new InvalidValueException(name + "=" + text + " is out of range: use " + min + ".." + max + " (" + why + ")");
            return v;
        }, labeler);
    }

    public static Parameter<Boolean> ofBoolean(String name, Function<Boolean, String> labeler) {
        return new Parameter<>(name, Boolean.class, List.of(false, true), text -> switch (text) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidValueException(name + "=" + text + " is not a boolean: use true or false");
        }, labeler);
    }

    /** A directory path, kept as the text JMH passes (relative paths resolve in the forked JVM). */
    public static Parameter<String> ofDirectory(String name) {
        return new Parameter<>(name, String.class, List.of(), text -> {
            if (text.isBlank()) throw new InvalidValueException(name + " is empty: name a directory");
            return text;
        }, v -> name + "=" + v);
    }

    /** A whole number; anything else (a word, 1.5, beyond a long) is refused with the range it should be in. */
    private static long parseWhole(String name, String text, long min, long max, String why) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new InvalidValueException(name + "=" + text + " is not a whole number: use " + min + ".." + max + " (" + why + ")");
        }
    }

    /** The JMH parameter name: the bench class's {@code @Param} field. */
    public String name() {
        return name;
    }

    public Class<T> type() {
        return type;
    }

    /** The values it may take when they are a closed set (enums, booleans); empty for numbers and paths. */
    public List<T> allowedValues() {
        return Collections.unmodifiableList(allowed);
    }

    /** Text (as JMH and result files carry it) to a value; an impossible value is an {@link InvalidValueException}. */
    public T parse(String text) {
        if (text == null) throw new InvalidValueException(name + " has no value");
        return parser.apply(text);
    }

    /** A value back to JMH's text. */
    public String format(Object value) {
        return value instanceof Enum<?> e ? e.name() : String.valueOf(type.cast(value));
    }

    /** How a value reads in a group heading: "8192 B", "1 write per sync", "prealloc NONE", else "name=value". */
    public String label(Object value) {
        return labeler.apply(type.cast(value));
    }

    /** "name=value", the default label. */
    public static <T> Function<T, String> plainLabel(String name) {
        return v -> name + "=" + (v instanceof Enum<?> e ? e.name() : v);
    }

    @Override
    public String toString() {
        return name + " (" + type.getSimpleName().toLowerCase(Locale.ROOT) + ")";
    }
}
