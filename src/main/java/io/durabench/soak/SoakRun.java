package io.durabench.soak;

import io.durabench.env.Environment;
import io.durabench.workload.CallLatencies;
import io.durabench.workload.DurableWriteLoop;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * One soak: a durable-write loop on its own thread ({@link SoakLoop}) and, on the calling thread,
 * the reporter that cuts its latencies into one-second intervals, logs each ({@link SoakIntervalLog}),
 * prints a progress line every {@value #PROGRESS_SECONDS} s, and at the end analyses the seconds
 * and writes every output ({@link SoakOutputs}).
 *
 * <p>In the launcher's JVM, not JMH: a soak asks how latency moves over one long run, a second at a
 * time, with writes due at fixed times in rate mode, and must keep its data on Ctrl-C, none of which
 * is JMH's model of aggregated iterations and forks. The workload is the benchmarks' own
 * {@link DurableWriteLoop}.
 *
 * <p><b>Ctrl-C and SIGTERM.</b> A shutdown hook stops the reporter at once (the second under way is
 * left out, so the seconds done are whole), waits for the outputs for those seconds and for the
 * measuring thread to end its write and delete its file, then lets the JVM exit 130 or 143. A write
 * stuck in the kernel for more than {@value #STUCK_SECONDS} s is not waited for; the JVM's file
 * registry deletes the workload file on the way out.
 */
public final class SoakRun {
    static final int PROGRESS_SECONDS = 10;
    static final int STUCK_SECONDS = 20;
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final SoakSettings settings;
    private final Environment environment;
    private final Consumer<String> progress;
    private final Consumer<String> summary;
    private final CountDownLatch written = new CountDownLatch(1);
    private volatile boolean interrupted;
    private Thread hook;

    /** {@code progress} takes the progress lines (stderr), {@code summary} the summary's (stdout), printed before an interrupted JVM exits too. */
    public SoakRun(SoakSettings settings, Environment environment, Consumer<String> progress, Consumer<String> summary) {
        this.settings = settings;
        this.environment = environment;
        this.progress = progress;
        this.summary = summary;
    }

    /**
     * Runs the soak on {@code loop} (opened by the caller, so that a cell the platform refuses never
     * gets here), writes its outputs into the settings' folder, which must exist, and prints the
     * summary. Closes the loop.
     * Returns when the soak ended on its own or failed; when it was interrupted, returns only once
     * the JVM's shutdown is over, i.e. never.
     */
    public SoakResult run(DurableWriteLoop loop) {
        double timingCost = TimingCost.measureNanos(loop.config().method().hasExplicitSync());
        SoakOutputs.prepare();
        SoakRecorders rec = new SoakRecorders();
        loop.timeCalls(rec);
        hook = new Thread(this::interruptedNow, "durabench-soak-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
        Instant startedAt = Instant.now();
        long startMillis = startedAt.toEpochMilli();
        long t0 = System.nanoTime();
        long end = t0 + settings.duration().toNanos();
        SoakLoop measuring = new SoakLoop(loop, rec, t0, end, settings.ratePerSecond());
        Thread thread = new Thread(measuring, "durabench-soak");
        List<SecondStats> seconds = new ArrayList<>();
        Totals totals = new Totals();
        SoakResult result;
        try (SoakIntervalLog log = new SoakIntervalLog(settings.out(), startMillis, settings.modeDescription(), settings.cellDescription())) {
            thread.start();
            report(measuring, rec, log, startMillis, t0, seconds, totals);
        } finally {
            measuring.stop();
        }
        boolean ended = join(thread);
        if (ended) loop.close();
        SoakResult.Ending ending = measuring.failure() != null ? SoakResult.Ending.FAILED
                : interrupted ? SoakResult.Ending.INTERRUPTED : SoakResult.Ending.COMPLETED;
        String failure = measuring.failure() == null ? null : measuring.failure().getMessage();
        result = SoakAnalysis.of(settings, environment, startedAt, ending, failure, seconds, totals.ops, totals.syncs, totals.service,
                measuring.restarts(), timingCost);
        try {
            SoakOutputs.write(result, settings.out());
            SoakText.summary(result).forEach(summary);
            summary.accept(SoakText.writtenTo(settings.out()));
        } finally {
            written.countDown();
        }
        if (interrupted) awaitHalt();
        removeHook();
        return result;
    }

    /** Every second: the intervals, the log, the seconds' figures; a progress line every ten. */
    private void report(SoakLoop measuring, SoakRecorders rec, SoakIntervalLog log, long startMillis, long t0,
                        List<SecondStats> seconds, Totals totals) {
        long whole = settings.duration().toSeconds() + (settings.duration().toNanosPart() > 0 ? 1 : 0);
        Histogram op = null, write = null, sync = null, service = null;
        Histogram recent = CallLatencies.newHistogram();
        for (int k = 1; k <= whole; k++) {
            long boundary = t0 + k * SECOND;
            if (!sleepUntil(boundary, measuring)) break;
            long now = System.nanoTime();
            op = rec.op.getIntervalHistogram(op);
            write = rec.write.getIntervalHistogram(write);
            sync = rec.sync.getIntervalHistogram(sync);
            service = rec.service.getIntervalHistogram(service);
            long since = measuring.inFlightSince();
            double inFlightUs = since == 0 ? 0 : Math.max(0, now - since) / 1e3;
            SecondStats s = new SecondStats(k - 1, op.getTotalCount(), us(op, 50), us(op, 99), op.getTotalCount() == 0 ? Double.NaN : op.getMaxValue() / 1e3,
                    sync.getTotalCount() == 0 ? Double.NaN : us(sync, 99), inFlightUs, measuring.restarts());
            seconds.add(s);
            totals.add(op, sync, service);
            recent.add(op);
            log.interval(k - 1, startMillis, op, null);
            log.interval(k - 1, startMillis, sync, SoakIntervalLog.SYNC);
            log.interval(k - 1, startMillis, write, SoakIntervalLog.WRITE);
            if (settings.fixedRate()) log.interval(k - 1, startMillis, service, SoakIntervalLog.SERVICE);
            log.flush();
            if (k % PROGRESS_SECONDS == 0 || k == whole) {
                progress.accept(SoakText.progressLine(settings, k, whole, recent, Stalls.find(seconds).stalls().size()));
                recent.reset();
            }
        }
    }

    /** Sleeps until {@code deadline}; false when the soak stopped first (interrupted, or the loop failed). */
    private boolean sleepUntil(long deadline, SoakLoop measuring) {
        while (true) {
            if (interrupted || measuring.failure() != null) return false;
            long left = deadline - System.nanoTime();
            if (left <= 0) return true;
            LockSupport.parkNanos(Math.min(left, 50_000_000L));
        }
    }

    private static double us(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1e3;
    }

    private static boolean join(Thread t) {
        try {
            t.join(TimeUnit.SECONDS.toMillis(STUCK_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !t.isAlive();
    }

    /** The shutdown hook: stop, and hold the JVM's exit until the outputs for the seconds done are written. */
    private void interruptedNow() {
        interrupted = true;
        try {
            written.await(STUCK_SECONDS + 30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void removeHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs already
        }
    }

    /** Interrupted: the JVM is exiting with the signal's code; nothing more may be printed or returned. */
    private static void awaitHalt() {
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** The whole run's histograms, summed from its seconds. */
    private static final class Totals {
        final Histogram ops = CallLatencies.newHistogram();
        final Histogram syncs = CallLatencies.newHistogram();
        final Histogram service = CallLatencies.newHistogram();

        void add(Histogram op, Histogram sync, Histogram serv) {
            ops.add(op);
            syncs.add(sync);
            service.add(serv);
        }
    }
}
