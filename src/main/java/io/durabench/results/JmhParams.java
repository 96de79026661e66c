package io.durabench.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The parameters of one JMH result entry as the file writes them: names and text values in the
 * file's order. Raw on purpose: any JMH benchmark has them; durabench's own benchmarks are typed
 * by the benchmark catalogue when the report reads them.
 */
public final class JmhParams {
    private static final JmhParams NONE = new JmhParams(Map.of());

    private final Map<String, String> values;

    private JmhParams(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public static JmhParams of(Map<String, String> values) {
        return values.isEmpty() ? NONE : new JmhParams(values);
    }

    public String get(String name) {
        return values.get(name);
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** Name to text, in the file's order. */
    public Map<String, String> asMap() {
        return values;
    }

    /** "name=value, name=value", or "-" when there are none. */
    public String describe() {
        if (values.isEmpty()) return "-";
        StringBuilder sb = new StringBuilder();
        values.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JmhParams p && p.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return describe();
    }
}
