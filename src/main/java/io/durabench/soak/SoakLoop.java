package io.durabench.soak;

import io.durabench.workload.DurableWriteLoop;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The measuring thread of a soak: one durable write after another until the end or a stop, each
 * timed into {@link SoakRecorders}.
 *
 * <p><b>Closed loop</b> (the default): the next write starts when the last ends; its latency runs
 * from its actual start, so a stall is one slow sample however many writes it delayed
 * (coordinated omission).
 *
 * <p><b>Fixed rate</b>: write i is due at t0 + i/N and its latency runs from that intended start,
 * the service time (from the actual start) kept beside it. The schedule is known, so each write's
 * own delay is measured rather than invented afterwards as HdrHistogram's
 * recordValueWithExpectedInterval would. A late write starts at once (the loop catches up, as a
 * client with a queue would). Waiting for a due time parks until {@value #SPIN_NANOS} ns before
 * it, then spins, so the write starts within about a microsecond of its time.
 *
 * <p>Nothing is allocated per write. The operation in flight is published (its start; 0 between
 * operations) with a release store, read by the reporter for the second's in-flight age.
 */
final class SoakLoop implements Runnable {
    static final long SPIN_NANOS = 200_000;

    private final DurableWriteLoop loop;
    private final SoakRecorders rec;
    private final long startNanos;
    private final long endNanos;
    private final double ratePerSecond;
    private final AtomicLong inFlightSince = new AtomicLong();
    private final AtomicLong restarts = new AtomicLong();
    private volatile boolean stop;
    private volatile Throwable failure;

    SoakLoop(DurableWriteLoop loop, SoakRecorders rec, long startNanos, long endNanos, double ratePerSecond) {
        this.loop = loop;
        this.rec = rec;
        this.startNanos = startNanos;
        this.endNanos = endNanos;
        this.ratePerSecond = ratePerSecond;
    }

    @Override
    public void run() {
        try {
            if (ratePerSecond > 0) fixedRate();
            else closedLoop();
        } catch (RuntimeException | Error e) {
            failure = e; // the loop has closed itself and deleted its file (it fails closed)
        } finally {
            inFlightSince.setRelease(0);
        }
    }

    private void closedLoop() {
        long now = System.nanoTime();
        while (!stop && now < endNanos) {
            long start = now;
            inFlightSince.setRelease(start);
            loop.writeOne();
            now = System.nanoTime();
            inFlightSince.setRelease(0);
            rec.op(now - start);
            publishRestarts();
        }
    }

    private void fixedRate() {
        double period = 1e9 / ratePerSecond;
        for (long i = 0; !stop; i++) {
            long due = startNanos + (long) (i * period);
            if (due >= endNanos) break;
            long now = waitUntil(due);
            if (stop) break;
            inFlightSince.setRelease(due);
            loop.writeOne();
            long end = System.nanoTime();
            inFlightSince.setRelease(0);
            rec.op(end - due);
            rec.service(end - now);
            publishRestarts();
        }
    }

    /** Parks until shortly before {@code due}, then spins; returns the time it starts (now, when already late). */
    private long waitUntil(long due) {
        long now = System.nanoTime();
        while (now < due && !stop) {
            long left = due - now;
            if (left > SPIN_NANOS) LockSupport.parkNanos(left - SPIN_NANOS);
            else Thread.onSpinWait();
            now = System.nanoTime();
        }
        return now;
    }

    private void publishRestarts() {
        long r = loop.counters().recycles;
        if (r != restarts.getPlain()) restarts.setRelease(r);
    }

    void stop() {
        stop = true;
    }

    /** When the operation now in flight started (its intended start at a fixed rate); 0 when none is. */
    long inFlightSince() {
        return inFlightSince.getAcquire();
    }

    long restarts() {
        return restarts.getAcquire();
    }

    Throwable failure() {
        return failure;
    }
}
