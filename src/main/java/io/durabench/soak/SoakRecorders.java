package io.durabench.soak;

import io.durabench.workload.CallLatencies;
import io.durabench.workload.CallLatencySink;
import org.HdrHistogram.Recorder;

/**
 * The latencies of a running soak, in HdrHistogram Recorders (ns): each operation (write and sync
 * together), and, from the durable-write loop's own call timing, each write call and each sync
 * call; in fixed-rate mode also each operation's service time (from its actual start, where the
 * operation's latency runs from its intended start). A Recorder takes values from the measuring
 * thread wait-free (two atomic increments) while the reporting thread swaps out one-second
 * intervals: the measuring thread never stops to hand anything over.
 */
final class SoakRecorders implements CallLatencySink {
    final Recorder op = newRecorder();
    final Recorder write = newRecorder();
    final Recorder sync = newRecorder();
    final Recorder service = newRecorder();

    static Recorder newRecorder() {
        return new Recorder(1, CallLatencies.HIGHEST_NANOS, CallLatencies.DIGITS);
    }

    void op(long nanos) {
        op.recordValue(CallLatencies.clamp(nanos));
    }

    void service(long nanos) {
        service.recordValue(CallLatencies.clamp(nanos));
    }

    @Override
    public void write(long nanos) {
        write.recordValue(CallLatencies.clamp(nanos));
    }

    @Override
    public void sync(long nanos) {
        sync.recordValue(CallLatencies.clamp(nanos));
    }
}
