package io.durabench.report;

import io.durabench.catalogue.Cell;
import io.durabench.stats.Estimate;
import io.durabench.stats.OutlierIterations;

/**
 * One group-commit row: one variant (group commit with a commit delay, or each committer syncing
 * alone) at one committer count, in one context and record size. {@code commitsPerSec} is the
 * Throughput score (commits/s summed over committers) with its 99.9% interval from the raw data;
 * latencies (µs per commit) come from the SampleTime result of the same params; {@code speedup}
 * is commits/s over the same variant's 1-committer commits/s (log-scale interval). Figures are NaN
 * (estimates null) when their mode did not run; {@code na} / {@code failed} say why a cell has no number.
 * {@code replication} is what commits/s's interval is over: "3 forks", or "1 fork x 5 iterations" for an old one-fork result.
 * {@code stalls}: the Throughput iterations more than 3x off the row's median, left out of commits/s as a time row's are
 * left out of its mean (null where Throughput did not run), with each fork's commits/s with them in.
 * {@code device}: what reached the block devices under the target per commit in its forks (the device witness), null
 * where the run recorded none.
 */
public record GroupCommitRow(int id, Cell cell, Context context, String groupKey, String seriesKey, String groupLabel,
                             String variant, int committers, String method, Estimate commitsPerSec, OutlierIterations stalls, String statsSource,
                             String replication,
                             Estimate latency, double p50Us, double p99Us, double p999Us,
                             double syncsPerCommit, Estimate speedup, boolean durable,
                             String notDurableBecause, String na, String failed, DeviceRequests device) implements Durability {

    /** How a group-commit variant's name starts ("group commit, delay 100 µs"); the rest is its settings. */
    public static final String GROUP_COMMIT_PREFIX = "group commit, ";

    public String benchmark() {
        return cell.benchmark().jmhName();
    }

    public boolean measured() {
        return na == null && failed == null && commitsPerSec != null && Double.isFinite(commitsPerSec.mean());
    }

    public double meanCommitsPerSec() {
        return commitsPerSec == null ? Double.NaN : commitsPerSec.mean();
    }

    /** How many Throughput iterations stalled and are left out of commits/s; 0 when none. */
    public int stalledIterations() {
        return stalls == null ? 0 : stalls.leftOut().size();
    }

    /** Commits/s with the stalls in: {@link #meanCommitsPerSec()} when none stalled. */
    public double commitsPerSecWithStalls() {
        return stalledIterations() == 0 ? meanCommitsPerSec() : stalls.meanWithStalls();
    }

    /** The variant for a narrow table: "delay 100 µs" (group commit) or "each syncs alone". */
    public String shortVariant() {
        return variant.startsWith(GROUP_COMMIT_PREFIX) ? variant.substring(GROUP_COMMIT_PREFIX.length()) : variant;
    }

    public double meanLatencyUs() {
        return latency == null ? Double.NaN : latency.mean();
    }
}
