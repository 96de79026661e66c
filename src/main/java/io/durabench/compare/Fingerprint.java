package io.durabench.compare;

import io.durabench.results.BenchmarkResult;
import io.durabench.results.ResultSet;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one side of a comparison was measured on and with: per {@link FingerprintKey} the values its
 * result sets record (environment.json for the filesystem, device, kernel ...; every JMH entry for
 * the JDK, JMH version, forks, iterations and their times). Usually one value per key; several when
 * the side's sets disagree, none when no file records it (a plain JMH file has no environment.json).
 */
public record Fingerprint(Map<FingerprintKey, Set<String>> values, boolean hasEnvironment) {

    public Fingerprint {
        EnumMap<FingerprintKey, Set<String>> copy = new EnumMap<>(FingerprintKey.class);
        values.forEach((k, v) -> copy.put(k, Collections.unmodifiableSet(new TreeSet<>(v))));
        values = Collections.unmodifiableMap(copy);
    }

    public static Fingerprint of(List<ResultSet> sets) {
        Map<FingerprintKey, Set<String>> values = new EnumMap<>(FingerprintKey.class);
        for (FingerprintKey key : FingerprintKey.values()) {
            Set<String> found = new TreeSet<>();
            for (ResultSet set : sets) {
                if (!key.fromEnvironmentOnly() && !set.results().isEmpty()) {
                    for (BenchmarkResult r : set.results()) addKnown(found, key.ofEntry(r));
                } else {
                    addKnown(found, key.ofEnvironment(set.environment()));
                }
            }
            values.put(key, found);
        }
        return new Fingerprint(values, sets.stream().anyMatch(s -> s.environment() != null));
    }

    public Set<String> of(FingerprintKey key) {
        return values.getOrDefault(key, Set.of());
    }

    public boolean knows(FingerprintKey key) {
        return !of(key).isEmpty();
    }

    /** The value as printed: "ext4", "12", "1 / 12" when the side's files disagree, "unknown" when none says. */
    public String text(FingerprintKey key) {
        Set<String> v = of(key);
        return v.isEmpty() ? "unknown" : String.join(" / ", v);
    }

    private static void addKnown(Set<String> into, String value) {
        if (value != null && !value.isBlank()) into.add(value);
    }
}
