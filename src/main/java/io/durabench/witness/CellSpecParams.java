package io.durabench.witness;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The key=value list of one spec, each value taken at most once. */
final class CellSpecParams {
    private final String spec;
    private final Map<String, String> values = new LinkedHashMap<>();

    CellSpecParams(String spec, String list) {
        this.spec = spec;
        for (String kv : list.isEmpty() ? new String[0] : list.split(",")) {
            int eq = kv.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("'" + kv + "' in '" + spec + "' is not name=value");
            if (values.put(kv.substring(0, eq), kv.substring(eq + 1)) != null) {
                throw new IllegalArgumentException("'" + kv.substring(0, eq) + "' is given twice in '" + spec + "'");
            }
        }
    }

    private String required(String name) {
        String v = values.remove(name);
        if (v == null) throw new IllegalArgumentException("'" + spec + "' lacks " + name + "=...");
        return v;
    }

    <E extends Enum<E>> E enumValue(String name, Class<E> type) {
        String v = required(name);
        try {
            return Enum.valueOf(type, v.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown " + name + " '" + v + "' in '" + spec + "'");
        }
    }

    int integer(String name, Integer fallback) {
        long v = longValue(name, fallback == null ? null : fallback.longValue());
        if (v != (int) v) throw new IllegalArgumentException(name + "=" + v + " is too large in '" + spec + "'");
        return (int) v;
    }

    long longValue(String name, Long fallback) {
        String v = fallback == null ? required(name) : values.remove(name);
        if (v == null) return fallback;
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "='" + v + "' is not a whole number in '" + spec + "'");
        }
    }

    boolean bool(String name) {
        String v = required(name);
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException(name + "='" + v + "' is not true or false in '" + spec + "'");
        }
        return Boolean.parseBoolean(v);
    }

    void requireAllUsed() {
        if (!values.isEmpty()) throw new IllegalArgumentException("unknown parameter(s) " + values.keySet() + " in '" + spec + "'");
    }
}
