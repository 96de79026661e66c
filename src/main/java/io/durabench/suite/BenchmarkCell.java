package io.durabench.suite;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Mode;

/**
 * One concrete benchmark run: a fully qualified JMH benchmark, one value per parameter, the JMH
 * thread count, and the modes when the benchmark needs its own (empty = the run's modes).
 */
public record BenchmarkCell(String benchmark, Map<String, String> params, int threads, List<Mode> modes) {
    public BenchmarkCell {
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        modes = List.copyOf(modes);
    }

    public BenchmarkCell(String benchmark, Map<String, String> params) {
        this(benchmark, params, 1, List.of());
    }

    public String simpleName() {
        String[] parts = benchmark.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : benchmark;
    }

    public String param(String name) {
        return params.get(name);
    }

    /** "SyncWriteCost.writeBlock syncMethod=O_DIRECT blockSizeBytes=8192 ..." without the target dir. */
    @Override
    public String toString() {
        return simpleName() + " " + params.entrySet().stream().filter(e -> !e.getKey().equals(SuitePlanner.TARGET_DIR))
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "))
                + (threads > 1 ? " threads=" + threads : "");
    }
}
