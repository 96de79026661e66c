package io.durabench.etcd;

import com.google.gson.JsonObject;
import io.durabench.child.ChildFailedException;
import io.durabench.child.ChildJvm;
import io.durabench.child.ChildProcess;
import io.durabench.child.ChildStatus;
import io.durabench.child.ResultLines;
import io.durabench.results.CallLatencyLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * Runs a side-by-side check's rounds: in each, one durabench fork (a fresh JVM doing the job's work once,
 * {@link EtcdForkMain}) and one fio run of the same job ({@link ForkJob}), back to back, so both tools see the same
 * drift of the disk; the analysis pairs the two by round. The order alternates in the pattern
 * ours, fio, fio, ours, ours, ..., since the second of a pair runs on a disk the first has just written to.
 *
 * <p>A fork is a child JVM started like `durabench pg`'s, not a JMH benchmark: the work is fixed
 * (fio's writes, once, no warmup), and the rounds must interleave with fio one fork at a time,
 * which JMH's own forks cannot.
 *
 * <p>The check stops at the first fork whose write or sync failed: a disk whose fdatasync fails is
 * one etcd (or any log) cannot use. A fork that fails otherwise (its JVM does not start, its log cannot be
 * written, it outlives {@link #FORK_LIMIT}) is durabench failing: a {@link ChildFailedException}.
 */
public final class EtcdRounds {
    /** @param fio the fio to run beside ours; null for none */
    public record Settings(ForkJob job, Path dir, int forks, Path out, String fio) {
    }

    /** One durabench fork: its histograms (ns) and figures, or why the disk refused it. */
    public record Fork(JobFigures figures, Histogram writes, Histogram syncs, String failed) {
        public boolean ok() {
            return failed == null;
        }
    }

    /** One round: which tool went first, our fork, and fio's run (null without fio). */
    public record Round(int number, boolean fioFirst, Fork ours, FioRun.Outcome fio) {
    }

    /** Every round run, and the files of fio's the check could not delete (none, normally). */
    public record Results(List<Round> rounds, List<Path> leftovers) {
    }

    /**
     * How long a fork may take before it is taken for hung and killed: its 10,029 fdatasyncs take
     * seconds on a disk fit for etcd and under two minutes at 10 ms each; 30 minutes is 180 ms a
     * call, a disk etcd could not run on at all.
     */
    static final Duration FORK_LIMIT = Duration.ofMinutes(30);

    private EtcdRounds() {
    }

    public static Results run(Settings s, Consumer<String> progress) {
        List<Round> rounds = new ArrayList<>();
        List<Path> leftovers = new ArrayList<>();
        Path hlog = s.out().resolve(s.job().hlogFile());
        for (int r = 1; r <= s.forks(); r++) {
            boolean fioFirst = s.fio() != null && r % 2 == 0;
            FioRun.Outcome fio = null;
            if (fioFirst) fio = fio(s, r, leftovers);
            Fork ours = fork(s.job(), s.dir(), hlog, r);
            if (s.fio() != null && !fioFirst && ours.ok()) fio = fio(s, r, leftovers);
            rounds.add(new Round(r, fioFirst, ours, fio));
            progress.accept(progressLine(r, s.forks(), ours, fio));
            if (!ours.ok()) break;
        }
        return new Results(rounds, leftovers);
    }

    private static FioRun.Outcome fio(Settings s, int round, List<Path> leftovers) {
        String name = "durabench-" + s.job().mode() + "-" + ProcessHandle.current().pid() + "-r" + round;
        FioRun.Outcome o = FioRun.run(s.fio(), s.job(), s.dir(), name, s.out().resolve("fio-" + round + ".json"));
        Path data = ForkJob.fioDataFile(s.dir(), name);
        if (Files.exists(data, java.nio.file.LinkOption.NOFOLLOW_LINKS)) leftovers.add(data);
        return o;
    }

    /** Runs one fork and reads its histograms back from the log it appended to (what the log holds is what is reported). */
    static Fork fork(ForkJob job, Path dir, Path hlog, int round) {
        String what = "fork " + round + " of " + job.check();
        ChildJvm jvm = ChildJvm.ofThisJvm(EtcdForkMain.class)
                .withArgs(List.of(dir.toString(), hlog.toString(), Integer.toString(round), job.check()));
        ChildProcess.Exit exit;
        try (ChildProcess p = ChildProcess.start(jvm.command(), what)) {
            exit = p.await(FORK_LIMIT);
        }
        List<JsonObject> results = ResultLines.parse(exit.stdout());
        if (results.isEmpty()) throw new ChildFailedException(what + " ended without a result (" + exit.describe() + ")");
        JsonObject r = results.get(0);
        ChildStatus status = ChildStatus.of(r);
        if (status == ChildStatus.FAILED) return new Fork(null, null, null, ChildStatus.reason(r));
        if (status != ChildStatus.OK || exit.code() != 0) {
            throw new ChildFailedException(what + " failed (exit " + exit.code() + "): " + ChildStatus.reason(r));
        }
        return read(job, hlog, round, r.get(EtcdForkMain.WRITES).getAsLong(), r.get(EtcdForkMain.NANOS).getAsLong());
    }

    /** The fork's two histograms from the log, checked against the work: one write and one sync per block, no more, no fewer. */
    static Fork read(ForkJob job, Path hlog, int round, long writes, long nanos) {
        Histogram w = null, sy = null;
        for (CallLatencyLog.LoggedInterval i : CallLatencyLog.read(hlog)) {
            if (i.round() != round || !i.mode().equals(job.mode())) continue;
            if (i.call() == CallLatencyLog.Call.WRITE) w = i.histogram();
            else sy = i.histogram();
        }
        if (w == null || sy == null) throw new IllegalStateException(hlog + " holds no write and sync intervals of fork " + round);
        if (writes != job.writes() || w.getTotalCount() != job.writes() || sy.getTotalCount() != job.writes()) {
            throw new IllegalStateException("fork " + round + " recorded " + w.getTotalCount() + " writes and " + sy.getTotalCount()
                    + " syncs (it says " + writes + "), not " + job.writes() + " of each");
        }
        return new Fork(JobFigures.of(w, sy, nanos), w, sy, null);
    }

    private static String progressLine(int r, int forks, Fork ours, FioRun.Outcome fio) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "# round %d of %d: durabench ", r, forks));
        sb.append(ours.ok() ? brief(ours.figures()) : "FAILED: " + ours.failed());
        if (fio != null) sb.append("; fio ").append(fio.ok() ? brief(fio.figures()) : "failed: " + fio.failed());
        return sb.toString();
    }

    private static String brief(JobFigures f) {
        return String.format(Locale.ROOT, "sync p99 %,.0f µs, %,.0f ops/s", f.syncP99(), f.opsPerSec());
    }
}
