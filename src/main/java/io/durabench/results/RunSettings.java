package io.durabench.results;

/**
 * How JMH ran one result entry (threads, forks, iterations and their times, the JVM binary), as
 * its JSON records it; null where the file does not say. Two results are comparable only when
 * these agree, so the comparison reads them from here.
 */
public record RunSettings(Integer threads, Integer forks, Integer warmupIterations, String warmupTime,
                          Integer measurementIterations, String measurementTime, String jvm) {
}
