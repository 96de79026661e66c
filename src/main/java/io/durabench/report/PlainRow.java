package io.durabench.report;

import java.util.Map;

/** A result with no durabench meaning (any JMH benchmark, or a secondary metric): score ± error as JMH reported it. */
public record PlainRow(String benchmark, String metric, Map<String, String> params, String mode,
                       double score, double scoreError, String unit, String source) {
}
