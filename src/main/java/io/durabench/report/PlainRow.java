package io.durabench.report;

import io.durabench.results.JmhParams;

/**
 * A result with no durabench meaning (any JMH benchmark, or a secondary metric): score ± error as JMH
 * reported them. {@code context} is where it ran (its folder's target and JDK): a run measures
 * NativeCallCost once per target, and the lines are told apart only by it. {@code device}: the device witness's
 * word on a catalogue's cell (NativeCallCost: n/a, no I/O to the target); null for another JMH benchmark, or where
 * the run recorded no device witness.
 */
public record PlainRow(String benchmark, String metric, JmhParams params, String mode,
                       double score, double scoreError, String unit, String source, Context context, DeviceRequests device) {
}
