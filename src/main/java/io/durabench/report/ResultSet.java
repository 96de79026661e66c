package io.durabench.report;

import java.nio.file.Path;
import java.util.List;

/**
 * What one JMH JSON file says, with the environment and n/a list found beside it
 * ({@code environment} is {@link Environment#unknown()} when there was none).
 */
public record ResultSet(Path source, Environment environment, List<BenchmarkResult> results,
                        List<NotApplicable> notApplicable) {
}
