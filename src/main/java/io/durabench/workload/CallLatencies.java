package io.durabench.workload;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The latency of the write call and of the sync call, each timed on its own as fio reports them
 * (its clat of the writes, its separate sync percentiles), into HdrHistograms in nanoseconds.
 *
 * <p>Only a workload with a separate sync call is timed ({@link DurableWriteLoop#timeCalls}): the
 * NONE rows and the methods whose write carries the sync keep op times with no clock read at all.
 * Where timing runs it costs three clock reads per write-and-sync (the end of the write is the start
 * of the sync) plus two recordValue calls; the suite's NativeCallCost family measures exactly that
 * sequence (its callTimer row) in every run, and the suite times calls only on targets with stable
 * storage, where a sync takes 100s of µs (results/README.md "What timing the sync costs").
 *
 * <p>Values above an hour are recorded as an hour: a histogram that throws inside the measured loop
 * would fail a benchmark over its instrument.
 */
public final class CallLatencies implements CallLatencySink {
    /** The longest latency recorded as itself; HdrHistogram's fixed range keeps recordValue allocation-free. */
    public static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);
    /** Three significant digits: 0.1% resolution at every magnitude, as HdrHistogram's tools expect. */
    public static final int DIGITS = 3;

    private final Histogram writes = newHistogram();
    private final Histogram syncs = newHistogram();

    public static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_NANOS, DIGITS);
    }

    /** Records one write call's latency (the loop calls it; public so the instrument's own cost can be benchmarked). */
    @Override
    public void write(long nanos) {
        writes.recordValue(clamp(nanos));
    }

    /** Records one sync call's latency. */
    @Override
    public void sync(long nanos) {
        syncs.recordValue(clamp(nanos));
    }

    /** A latency as the histograms take it: at least 1 ns, at most {@link #HIGHEST_NANOS}. */
    public static long clamp(long nanos) {
        return Math.max(1, Math.min(nanos, HIGHEST_NANOS));
    }

    /** The write calls' latencies (ns) since the last reset. */
    public Histogram writes() {
        return writes;
    }

    /** The sync calls' latencies (ns) since the last reset. */
    public Histogram syncs() {
        return syncs;
    }

    public void reset() {
        writes.reset();
        syncs.reset();
    }
}
