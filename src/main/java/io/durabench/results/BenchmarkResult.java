package io.durabench.results;

import java.util.Map;

/**
 * One entry of a JMH JSON result file: a benchmark method run with one set of params in one mode.
 * Secondary metric names have JMH's leading "·" stripped.
 */
public record BenchmarkResult(String benchmark, String mode, JmhParams params,
                              String jdkVersion, String vmName, String jmhVersion, RunSettings settings,
                              Metric primary, Map<String, Metric> secondary) {

    /** "JDK 17.0.15", as the report names the JDK of a context. */
    public String jdkLabel() {
        if (jdkVersion == null && vmName == null) return "JDK unknown";
        return "JDK " + (jdkVersion == null ? "?" : jdkVersion);
    }

    /** A secondary metric's score, NaN when absent (or NaN in the file). */
    public double counter(String name) {
        Metric m = secondary.get(name);
        return m == null ? Double.NaN : m.score();
    }
}
