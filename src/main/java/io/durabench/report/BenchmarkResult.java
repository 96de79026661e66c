package io.durabench.report;

import java.util.Map;

/**
 * One entry of a JMH JSON result file: a benchmark method run with one set of params in one mode.
 * {@code params} is empty (never null) when JMH wrote none; secondary metric names have JMH's
 * leading "·" stripped.
 */
public record BenchmarkResult(String benchmark, String mode, Map<String, String> params,
                              String jdkVersion, String vmName, String jmhVersion,
                              Metric primary, Map<String, Metric> secondary) {

    /** The benchmark's simple "Class.method" name, for narrow tables. */
    public String shortName() {
        String[] parts = benchmark.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : benchmark;
    }

    public String jdkLabel() {
        if (jdkVersion == null && vmName == null) return "JDK unknown";
        return "JDK " + (jdkVersion == null ? "?" : jdkVersion);
    }
}
