package io.durabench.report;

import io.durabench.results.JmhParams;

/**
 * A result with no durabench meaning (any JMH benchmark, or a secondary metric): score ± error as JMH
 * reported them. {@code context} is where it ran (its folder's target and JDK): a run measures
 * NativeCallCost once per target, and the lines are told apart only by it.
 */
public record PlainRow(String benchmark, String metric, JmhParams params, String mode,
                       double score, double scoreError, String unit, String source, Context context) {
}
