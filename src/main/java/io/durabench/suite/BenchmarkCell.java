package io.durabench.suite;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** One concrete benchmark run: a fully qualified JMH benchmark and one value per parameter. */
public record BenchmarkCell(String benchmark, Map<String, String> params, int threads) {
    public BenchmarkCell {
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    public BenchmarkCell(String benchmark, Map<String, String> params) {
        this(benchmark, params, 1);
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
