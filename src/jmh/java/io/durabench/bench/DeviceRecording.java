package io.durabench.bench;

import io.durabench.results.CallLatencyLog;
import io.durabench.results.DeviceLog;
import io.durabench.trace.TraceFailedException;
import io.durabench.trace.TraceUnavailableException;
import io.durabench.trace.block.BlockWitness;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * A fork's device witness, for the suite: on when the suite named a log ({@link DeviceLog#FILE_PROPERTY}), off
 * for a plain JMH run. It records the block requests under the target during the measurement iterations only
 * (each iteration's setup, which prepares a fresh file, stays outside), and at the trial's end appends the
 * fork's counts and operations, or why there are none: n/a (no root, no tracefs, no block device) or failed
 * (tracefs refused, the buffer lost events). The suite runs one fork at a time, so nothing else of durabench
 * writes meanwhile; what other processes send to a shared disk is counted too.
 *
 * <p>The one lifecycle every benchmark that writes to its target follows (SyncWriteCost, FileCreateCost,
 * PgTestFsyncEquivalent and pg_test_fsync's other sections, GroupCommit): {@link #of} in its trial setup,
 * {@link #iterationStart} last in its iteration setup, {@link #iterationEnd} first in its iteration teardown
 * with the iteration's operations as its own counters publish them (what its score is per), {@link #trialEnd}
 * first in its trial teardown. Off, each call does nothing.
 */
final class DeviceRecording {
    private final Path log;
    private final String mode;
    private final String cellKey;
    private final int round;
    private BlockWitness witness;
    private DeviceLog.Status status = DeviceLog.Status.OK;
    private String reason;
    private long ops;
    private boolean recording;
    private boolean ended;

    /** Off: a plain JMH run, which records nothing. */
    private DeviceRecording() {
        this.log = null;
        this.mode = null;
        this.cellKey = null;
        this.round = 0;
    }

    private DeviceRecording(Path log, BenchmarkParams params, Path dir) {
        this.log = log;
        this.mode = params.getMode().shortLabel();
        Map<String, String> values = new LinkedHashMap<>();
        for (String k : params.getParamsKeys()) values.put(k, params.getParam(k));
        this.cellKey = CallLatencyLog.cellKey(params.getBenchmark(), values);
        this.round = Integer.getInteger(CallLatencyLog.ROUND_PROPERTY, 0);
        try {
            witness = BlockWitness.open(dir);
        } catch (TraceUnavailableException e) {
            status = DeviceLog.Status.NA;
            reason = e.reason();
        } catch (TraceFailedException e) {
            fail(e);
        }
    }

    /** The recording for this fork of the benchmark writing under {@code dir}; off when the suite asked for none. */
    static DeviceRecording of(BenchmarkParams params, Path dir) {
        String file = System.getProperty(DeviceLog.FILE_PROPERTY);
        if (file == null || file.isBlank()) return new DeviceRecording();
        return new DeviceRecording(Path.of(file), params, dir);
    }

    /** At a measurement iteration's start, after its setup: the window opens. */
    void iterationStart(IterationParams ip) {
        if (witness == null || ip.getType() != IterationType.MEASUREMENT) return;
        try {
            witness.start();
            recording = true;
        } catch (TraceFailedException e) {
            fail(e);
        }
    }

    /** At a measurement iteration's end: the window closes on {@code iterationOps} operations. */
    void iterationEnd(long iterationOps) {
        if (witness == null || !recording) return;
        recording = false;
        try {
            witness.stop();
            ops += iterationOps;
        } catch (TraceFailedException e) {
            fail(e);
        }
    }

    /** At the trial's end: the fork's record appended, the tracefs instance removed; once, whatever calls it twice. */
    void trialEnd() {
        if (log == null || ended) return;
        ended = true;
        List<DeviceLog.Level> levels = List.of();
        if (witness != null) {
            levels = witness.levels();
            closeWitness();
        }
        DeviceLog.append(log, new DeviceLog.Fork(mode, cellKey, round, status, reason, ops, status == DeviceLog.Status.OK ? levels : List.of()));
    }

    private void fail(TraceFailedException e) {
        status = DeviceLog.Status.FAILED;
        reason = e.getMessage();
        closeWitness();
    }

    private void closeWitness() {
        if (witness == null) return;
        try {
            witness.close();
        } catch (TraceFailedException e) {
            if (status == DeviceLog.Status.OK) {
                status = DeviceLog.Status.FAILED;
                reason = e.getMessage();
            }
        }
        witness = null;
    }
}
