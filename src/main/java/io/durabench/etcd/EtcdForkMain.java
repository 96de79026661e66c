package io.durabench.etcd;

import com.google.gson.JsonObject;
import io.durabench.child.ChildStatus;
import io.durabench.child.ResultLines;
import io.durabench.nativeio.NativeLayers;
import io.durabench.results.CallLatencyLog;
import io.durabench.workload.CallLatencies;
import io.durabench.workload.DurableWriteLoop;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One fork of a side-by-side check (`durabench etcd-check`, `durabench uring-check`): a fresh JVM that does
 * the job's fixed work once ({@link ForkJob}: etcd's 10,029 appends of 2,300 B, fdatasync after each, in a
 * file laid out as fio lays it out; or 8,192 appends of 8 KiB through io_uring), timing the write and the
 * sync call apart, appends its two histograms to the check's interval log as round {@code ROUND}, and prints
 * one result line on stdout ({@link ResultLines}):
 * with status ok, the writes made (the job's) and their nanos (the wall time from the first write's start to
 * the last sync's end), or status {@code failed} with a {@code reason} when a system call failed
 * (the disk said no: no number), or {@code error} with a {@code reason} for anything else.
 *
 * <p>No warmup, as fio has none: the first writes run interpreted, which costs microseconds on a
 * write call (visible in the write max at most) against a sync call of hundreds of microseconds.
 *
 * <p>For URING_FDATASYNC the write call is queueing the write entry (no system call) and the sync call is the
 * one io_uring_enter that submits the write with its linked fdatasync and waits for both.
 *
 * <p>Arguments: DIR HLOG ROUND CHECK (the job's name, {@link ForkJob#check}).
 */
public final class EtcdForkMain {
    /** The answer's fields beside its status. */
    static final String WRITES = io.durabench.catalogue.Counters.WRITES, NANOS = "nanos";

    private EtcdForkMain() {
    }

    public static void main(String[] args) {
        io.durabench.child.ParentWatch.start();
        Path dir = Path.of(args[0]);
        Path hlog = Path.of(args[1]);
        int round = Integer.parseInt(args[2]);
        ForkJob job = ForkJob.named(args[3]);
        try {
            long[] wall = new long[2];
            CallLatencies latencies = new CallLatencies();
            long nanos = run(job, dir, latencies, wall);
            Map<CallLatencyLog.Call, Histogram> byCall = new EnumMap<>(CallLatencyLog.Call.class);
            byCall.put(CallLatencyLog.Call.WRITE, latencies.writes());
            byCall.put(CallLatencyLog.Call.SYNC, latencies.syncs());
            CallLatencyLog.append(hlog, job.mode(), job.cellKey(), round, byCall, wall[0], wall[1]);
            JsonObject ok = ChildStatus.OK.answer();
            ok.addProperty(WRITES, latencies.writes().getTotalCount());
            ok.addProperty(NANOS, nanos);
            ResultLines.print(System.out, ok);
        } catch (RuntimeException e) {
            JsonObject answer = ChildStatus.answer(e);
            ResultLines.print(System.out, answer);
            System.exit(ChildStatus.of(answer) == ChildStatus.FAILED ? 1 : 3);
        }
    }

    /** The work, timed into {@code into}; returns the nanoseconds it took; {@code wall} gets its start and end (epoch ms). */
    static long run(ForkJob job, Path dir, CallLatencies into, long[] wall) {
        try (DurableWriteLoop loop = DurableWriteLoop.open(NativeLayers.current(), job.workload(dir))) {
            if (!loop.timeCalls(into)) throw new IllegalStateException(job.method() + " was not timed: it has a separate sync call");
            wall[0] = System.currentTimeMillis();
            long start = System.nanoTime();
            for (int i = 0; i < job.writes(); i++) loop.writeOne();
            long nanos = System.nanoTime() - start;
            wall[1] = System.currentTimeMillis();
            if (loop.counters().recycles != 0) throw new IllegalStateException("the loop started its file over: not fio's layout");
            return nanos;
        }
    }
}
