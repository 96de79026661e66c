package io.durabench.report;

import io.durabench.results.JmhParams;

/**
 * A result with no durabench meaning (any JMH benchmark, or a secondary metric): score ± error as JMH reported them.
 * {@code context} is where its results file says it ran (the run's target; no target directory of its own),
 * so a NativeCallCost line can be told apart per filesystem.
 */
public record PlainRow(String benchmark, String metric, JmhParams params, String mode,
                       double score, double scoreError, String unit, String source, Context context) {
}
